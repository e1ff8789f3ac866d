import { useEffect, useState } from 'react';
import { marketApi } from '../api/market-api';

/** Each instrument's price precision, asked once per page load (index/getMarketInfo). */
const cache = new Map<string, Promise<number | null>>();

function precisionOf(marketId: string): Promise<number | null> {
  let found = cache.get(marketId);
  if (!found) {
    found = marketApi.info(marketId).then(
      (info) => (typeof info.pricePrecision === 'number' ? info.pricePrecision : null),
      () => {
        cache.delete(marketId); // asked again next time
        return null;
      },
    );
    cache.set(marketId, found);
  }
  return found;
}

/** The price precision of each of these instruments (by market id), as it becomes known. */
export function usePricePrecisions(marketIds: (string | number)[]): Record<string, number> {
  const key = [...new Set(marketIds.map(String))].sort().join(',');
  const [known, setKnown] = useState<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    for (const id of key ? key.split(',') : []) {
      void precisionOf(id).then((places) => {
        if (live && places !== null) setKnown((k) => (k[id] === places ? k : { ...k, [id]: places }));
      });
    }
    return () => {
      live = false;
    };
  }, [key]);
  return known;
}
