import { useEffect, useEffectEvent } from 'react';
import { io } from 'socket.io-client';

export interface Subscription {
  types?: number[];
  codes?: string[];
}

/**
 * A connection to the socket.io namespace /market with a subscription (`{types}` for market lists,
 * `{codes}` for per-code ticks). The server sends the current state on each subscribe, so the
 * subscription is repeated after every (re)connect; when the page becomes visible again a dropped
 * connection is opened anew (spec section 4).
 */
export function useMarketSocket(
  subscription: Subscription | null,
  handlers: Record<string, (payload: unknown) => void>,
) {
  // The latest handlers, without a new connection when they change.
  const handle = useEffectEvent((event: string, payload: unknown) => handlers[event]?.(payload));
  const key = subscription ? JSON.stringify(subscription) : null;
  useEffect(() => {
    if (!key) return;
    const body = JSON.parse(key) as Subscription;
    const socket = io('/market', { transports: ['websocket'], timeout: 8000 });
    socket.on('connect', () => socket.emit('subscribe', body));
    socket.onAny((event: string, payload: unknown) => handle(event, payload));
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !socket.connected) socket.connect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      socket.close();
    };
  }, [key]);
}
