import { useState } from 'react';
import { useApi } from '../../../shared/useApi';
import { marketApi, type MarketItem } from '../api/market-api';
import { useMarketSocket } from './useMarketSocket';

/**
 * The instruments of a type over HTTP, then live from the socket.io namespace /market: the server
 * pushes the whole list of the type (a JSON array) once per tick interval.
 */
export function useMarketList(type: number) {
  const state = useApi((signal) => marketApi.listByType(type, signal), [type]);
  // The last pushed list since the list was loaded (not the previous type's once the type changes).
  const [live, setLive] = useState<{ of: MarketItem[] | undefined; list: MarketItem[] } | null>(null);
  useMarketSocket(state.data ? { types: [type] } : null, {
    'market:list': (payload) => {
      if (!Array.isArray(payload)) return;
      const list = (payload as MarketItem[]).filter((m) => m && Number(m.type) === type);
      if (list.length) setLive({ of: state.data, list });
    },
  });
  return { ...state, data: (live && live.of === state.data ? live.list : null) ?? state.data };
}
