import { Logger } from '@nestjs/common';
import Decimal from 'decimal.js';
import WebSocket from 'ws';
import type { PriceSource, SourceInstrument, TickListener } from './price-source';

interface CombinedTickerMessage {
  stream?: string;
  data?: { e?: string; E?: number; s?: string; c?: string };
}

/** Parses one combined-stream message (`{"stream":"btcusdt@ticker","data":{"s":...,"c":...}}`). */
export function parseTickerMessage(raw: string, known: ReadonlySet<string>) {
  let message: CombinedTickerMessage;
  try {
    message = JSON.parse(raw) as CombinedTickerMessage;
  } catch {
    return null;
  }
  const data = message.data;
  if (!data || typeof data.s !== 'string' || typeof data.c !== 'string') return null;
  const code = data.s.toUpperCase();
  if (!known.has(code) || !/^\d+(\.\d+)?$/.test(data.c)) return null;
  const price = new Decimal(data.c);
  if (price.lte(0)) return null;
  return { code, price: price.toFixed(), ts: eventTime(data.E) };
}

/** How far ahead of our clock an exchange's event time may be (clock skew). */
const MAX_AHEAD_MS = 60_000;

/**
 * The exchange's event time of a tick (epoch ms), else the time of arrival: a time that is not a
 * whole number of milliseconds since 1970, or lies ahead of our clock, would put the tick into a
 * candle no query finds (or one the database cannot store, failing the whole candle write), and
 * as the newest tick of the history it would keep the instrument from ever looking stale.
 */
function eventTime(value: unknown): number {
  const now = Date.now();
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= now + MAX_AHEAD_MS
    ? (value as number)
    : now;
}

/** How often the stream is checked for life (a ping is sent when nothing came since the last check). */
export const EXCHANGE_HEARTBEAT_MS = 15_000;

/**
 * A real exchange's public combined ticker stream (Binance style). Reconnects with a growing
 * delay until stopped; the exchange's own hours apply (crypto trades around the clock). A stream
 * from which nothing came (no message, ping or pong) for a heartbeat after a ping of ours is
 * dropped and opened again: a peer or a path that died without closing the TCP connection would
 * otherwise leave the feed silent for good.
 */
export class ExchangeTickerSource implements PriceSource {
  readonly name = 'exchange';
  private socket: WebSocket | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  private attempts = 0;
  private readonly heartbeatMs: number;
  private readonly logger = new Logger(ExchangeTickerSource.name);

  constructor(
    private readonly baseUrl: string,
    options: { heartbeatMs?: number } = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? EXCHANGE_HEARTBEAT_MS;
  }

  /** The URL that subscribes to `<symbol>@ticker` of every instrument. */
  streamUrl(instruments: SourceInstrument[]): string {
    const url = new URL(this.baseUrl);
    url.searchParams.set('streams', instruments.map((i) => `${i.code.toLowerCase()}@ticker`).join('/'));
    return url.toString();
  }

  async start(instruments: SourceInstrument[], onTick: TickListener): Promise<void> {
    if (instruments.length === 0) return;
    this.stopped = false;
    const known = new Set(instruments.map((i) => i.code));
    const connect = () => {
      // A handshake that never completes fails like a refused connection.
      const socket = new WebSocket(this.streamUrl(instruments), { handshakeTimeout: this.heartbeatMs });
      this.socket = socket;
      let heard = true;
      let heartbeat: NodeJS.Timeout | undefined;
      const alive = () => (heard = true);
      socket.on('open', () => {
        heartbeat = setInterval(() => {
          if (!heard) {
            this.logger.warn('exchange stream: no answer to a ping, reconnecting');
            socket.terminate();
            return;
          }
          heard = false;
          socket.ping();
        }, this.heartbeatMs);
      });
      socket.on('ping', alive);
      socket.on('pong', alive);
      socket.on('message', (raw: WebSocket.RawData) => {
        heard = true;
        const text = Buffer.isBuffer(raw)
          ? raw.toString('utf8')
          : Buffer.from(raw as ArrayBuffer).toString('utf8');
        const tick = parseTickerMessage(text, known);
        if (!tick) return;
        // The backoff starts over once the stream delivers, not once it opens: an exchange that
        // accepts connections and closes them at once is not asked again twice a second.
        this.attempts = 0;
        onTick(tick);
      });
      socket.on('error', (error) => this.logger.warn(`exchange stream: ${error.message}`));
      socket.on('close', () => {
        clearInterval(heartbeat);
        if (this.stopped) return;
        const delay = Math.min(30_000, 500 * 2 ** this.attempts++);
        this.reconnect = setTimeout(connect, delay);
      });
    };
    connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const socket = this.socket;
    this.socket = undefined;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.terminate();
    });
  }
}
