import { useEffect, useState } from 'react';
import { useApi } from '../../../shared/useApi';
import { marketApi, type MarketItem } from '../api/market-api';
import { useMarketSocket } from './useMarketSocket';

/**
 * The instruments of a type over HTTP, then live from the socket.io namespace /market: the server
 * pushes the whole list of the type (a JSON array) once per tick interval.
 */
export function useMarketList(type: number) {
  const state = useApi((signal) => marketApi.listByType(type, signal), [type]);
  const [live, setLive] = useState<MarketItem[] | null>(null);
  useEffect(() => setLive(null), [type]);
  useMarketSocket(state.data ? { types: [type] } : null, {
    'market:list': (payload) => {
      if (!Array.isArray(payload)) return;
      const list = (payload as MarketItem[]).filter((m) => m && Number(m.type) === type);
      if (list.length) setLive(list);
    },
  });
  return { ...state, data: live ?? state.data };
}
