import { useEffect, useEffectEvent, useState } from 'react';
import { io } from 'socket.io-client';
import { ApiError } from '../../../api/http-client';
import { spotApi, type SpotBook, type SpotDepth, type SpotOrder, type SpotTrade } from '../api/spot-api';

const KEEP_TRADES = 50;

export interface SpotFeed {
  depth: SpotDepth | null;
  trades: SpotTrade[] | null;
  error: ApiError | null;
  /** The socket is connected and subscribed (the figures are live). */
  live: boolean;
  reload: () => void;
}

interface FeedState {
  key: string;
  depth: SpotDepth | null;
  trades: SpotTrade[] | null;
  error: ApiError | null;
  live: boolean;
}

const NO_FEED = { depth: null, trades: null, error: null, live: false };

/** Newest first by sequence, without duplicates (a push and a snapshot may carry the same trade). */
function mergeTrades(current: SpotTrade[] | null, incoming: SpotTrade[]): SpotTrade[] {
  const byId = new Map<string, SpotTrade>();
  for (const trade of [...incoming, ...(current ?? [])]) if (!byId.has(trade.id)) byId.set(trade.id, trade);
  return [...byId.values()]
    .sort((a, b) => (BigInt(b.seq) > BigInt(a.seq) ? 1 : BigInt(b.seq) < BigInt(a.seq) ? -1 : 0))
    .slice(0, KEEP_TRADES);
}

/**
 * The order book and the latest trades of a pair in a book: a snapshot over HTTP, then live over the
 * socket.io namespace /market (`spot:subscribe` -> `spot:depth`, `spot:trades`). A depth older than
 * the one shown (its sequencer version) is ignored. With a session the socket also asks for the
 * user's own order changes (`spot:orders` -> `spot:order`), handed to `onOrder`. The subscription is
 * repeated after every reconnect, and a dropped connection is opened again when the page becomes
 * visible (spec section 4).
 */
export function useSpotFeed(
  symbol: string | null,
  book: SpotBook,
  token: string | null,
  onOrder: (order: SpotOrder & { book: SpotBook }) => void,
): SpotFeed {
  const [round, setRound] = useState(0);
  // The feed of one subscription: another pair, book, session or a reload starts from nothing.
  const key = JSON.stringify([symbol, book, token, round]);
  const [feed, setFeed] = useState<FeedState>(() => ({ key, ...NO_FEED }));
  const onOrderPushed = useEffectEvent(onOrder);

  useEffect(() => {
    if (!symbol) return;
    let closed = false;
    const update = (change: (current: FeedState) => Partial<FeedState>) => {
      if (closed) return;
      setFeed((f) => {
        const current = f.key === key ? f : { key, ...NO_FEED };
        return { ...current, ...change(current) };
      });
    };
    const applyDepth = (next: SpotDepth) => {
      if (next.symbol !== symbol || next.book !== book) return;
      update((f) => ({ depth: f.depth && f.depth.version > next.version ? f.depth : next }));
    };
    const applyTrades = (next: SpotTrade[]) =>
      update((f) => ({
        trades: mergeTrades(
          f.trades,
          next.filter((t) => t.symbol === symbol),
        ),
      }));

    const controller = new AbortController();
    Promise.all([spotApi.depth(symbol, controller.signal), spotApi.trades(symbol, controller.signal)]).then(
      ([d, t]) => {
        applyDepth(d);
        applyTrades(t);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        update(() => ({ error: err instanceof ApiError ? err : new ApiError(0, String(err)) }));
      },
    );

    const socket = io('/market', {
      transports: ['websocket'],
      timeout: 8000,
      ...(token ? { auth: { token } } : {}),
    });
    socket.on('connect', () => {
      socket.emit(
        'spot:subscribe',
        { symbol, book },
        (ack: { ok: boolean; depth?: SpotDepth; trades?: SpotTrade[] }) => {
          if (!ack?.ok) return;
          if (ack.depth) applyDepth(ack.depth);
          if (ack.trades) applyTrades(ack.trades);
          update(() => ({ error: null, live: true }));
        },
      );
      if (token) socket.emit('spot:orders', {}, () => undefined);
    });
    socket.on('disconnect', () => update(() => ({ live: false })));
    socket.on('spot:depth', (payload: SpotDepth) => applyDepth(payload));
    socket.on('spot:trades', (payload: { symbol: string; book: SpotBook; trades: SpotTrade[] }) => {
      if (payload?.symbol === symbol && payload.book === book) applyTrades(payload.trades);
    });
    socket.on('spot:order', (payload: SpotOrder & { book: SpotBook }) => {
      if (payload?.book === book) onOrderPushed(payload);
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !socket.connected) socket.connect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      closed = true;
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
      socket.close();
    };
  }, [symbol, book, token, key]);

  const { depth, trades, error, live } = feed.key === key ? feed : NO_FEED;
  return { depth, trades, error, live, reload: () => setRound((r) => r + 1) };
}
