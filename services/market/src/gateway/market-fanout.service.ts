import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Namespace, Socket } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { INSTRUMENT_TYPES, type InstrumentType } from '../instruments/instrument-type';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketDataService } from '../prices/market-data.service';
import type { MarketItem, PriceTick } from '../prices/market-item';
import { parseSubscription, typeRoom } from './subscription';
import { TickSubscribers } from './tick-subscribers';
import { eventFrame, writeFrames } from './websocket-frames';

export const MARKET_LIST_EVENT = 'market:list';
export const TICK_EVENT = 'tick';
/** The list pushes of one interval are spread over this many moments (pushLists). */
const LIST_SLICES = 10;

/**
 * The socket's per-code tick. `ts` is the feed's time of the tick (ms since the epoch), so that a
 * client sees how old a price is; null for a price from the stored state that no tick of the last
 * hour explains (e.g. a market closed since).
 */
export interface SocketTick {
  code: string;
  price: string;
  zdf: string;
  ts: number | null;
}

/** A socket waiting for the current state of what it just subscribed to. */
interface SnapshotRequest {
  socket: Socket;
  types: InstrumentType[];
  codes: string[];
}

/**
 * Every gateway process subscribes to the tick channel and pushes to its own sockets (`local`:
 * the Redis adapter must not re-broadcast what every process already received), and pushes the
 * market list of every type somebody watches once per tick interval.
 *
 * Fan-out cost (bench/market-fanout): the ticks of one event-loop turn are coalesced per code and
 * each socket gets those of its codes in one websocket write (TickSubscribers); a list is framed
 * once per push and written to the sockets of one slice of the interval at a time (pushLists).
 * The state sent on subscription is batched too: the subscriptions of one event-loop turn get one
 * broadcast per list and per tick to their socket ids, and a list read from Redis serves every
 * subscription (and the next push) for one tick interval, so that a burst of (re)connections
 * costs neither one Redis round of 20+ commands nor one 20 KB encoding per socket. A tick may
 * reach a new subscriber twice (snapshot, then its pending flush): the same price, harmless.
 */
@Injectable()
export class MarketFanoutService implements OnModuleInit, OnModuleDestroy {
  private namespace: Namespace | undefined;
  private subscriber: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;
  /**
   * The sockets of each slice of the list pushes (a socket is in one from its first subscription
   * to its disconnect), so that a slice's push visits its own sockets only; and the slice the next
   * push serves.
   */
  private readonly sliceSockets: Set<Socket>[] = Array.from({ length: LIST_SLICES }, () => new Set());
  private readonly listSlices = new WeakMap<Socket, number>();
  private nextSliceOfSocket = 0;
  private nextSlice = 0;
  /** The last tick of each code this process fanned out: the state sent on subscription. */
  private readonly lastTicks = new Map<string, SocketTick>();
  /** Ticks received in this event-loop turn, by code (the latest of each), sent by flushTicks. */
  private pendingTicks = new Map<string, SocketTick>();
  private tickFlushScheduled = false;
  /** The sockets of this process that get ticks, by code (not rooms: see TickSubscribers). */
  private readonly tickSubscribers = new TickSubscribers<SocketTick>('/market', TICK_EVENT);
  /** The market list of a type last read, with when (performance.now()); at most one read in flight. */
  private readonly lists = new Map<InstrumentType, { items: MarketItem[]; at: number }>();
  private readonly listReads = new Map<InstrumentType, Promise<MarketItem[]>>();
  private snapshotQueue: SnapshotRequest[] = [];
  private snapshotFlush: Promise<void> | undefined;
  private readonly logger = new Logger(MarketFanoutService.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly market: MarketDataService,
    private readonly instruments: InstrumentsService,
  ) {}

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  async onModuleInit(): Promise<void> {
    // An admin changed the catalogue: the next list is read again, not served from the last one.
    this.instruments.onChange(async () => this.lists.clear());
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.market.channel || !this.namespace) return;
      const tick = JSON.parse(message) as PriceTick;
      const out: SocketTick = { code: tick.code, price: tick.price, zdf: tick.zdf, ts: tick.ts };
      this.lastTicks.set(out.code, out);
      // A later tick of the same code replaces one still waiting for the flush: a gateway that
      // falls behind the feed (thousands of sockets on a busy machine) skips prices instead of
      // queueing them, so what it sends stays fresh.
      this.pendingTicks.delete(out.code);
      this.pendingTicks.set(out.code, out);
      if (!this.tickFlushScheduled) {
        this.tickFlushScheduled = true;
        setImmediate(() => this.flushTicks());
      }
    });
    await this.subscriber.subscribe(this.market.channel);
    this.timer = setInterval(() => void this.pushLists(), this.config.MARKET_TICK_MS / LIST_SLICES);
  }

  /** The ticks received since the last flush (one event-loop turn), to the sockets of their codes. */
  private flushTicks(): void {
    this.tickFlushScheduled = false;
    const ticks = this.pendingTicks;
    this.pendingTicks = new Map();
    this.tickSubscribers.send(ticks);
  }

  /**
   * The market list of a type: the last one read when it is younger than `maxAgeMs`, else a new
   * read (shared with every caller while it is in flight).
   */
  private listOf(type: InstrumentType, maxAgeMs: number): Promise<MarketItem[]> {
    const last = this.lists.get(type);
    if (last && performance.now() - last.at < maxAgeMs) return Promise.resolve(last.items);
    let read = this.listReads.get(type);
    if (!read) {
      const started = performance.now();
      read = this.market
        .items(this.instruments.ofType(type))
        .then((items) => {
          this.lists.set(type, { items, at: started });
          return items;
        })
        .finally(() => this.listReads.delete(type));
      this.listReads.set(type, read);
    }
    return read;
  }

  /**
   * Pushes the market lists to one slice of their sockets: every socket gets one push per
   * interval, at its own slice's moment. A list is 20 KB to every socket, the biggest write of
   * the gateway (tens of milliseconds of the kernel's time at thousands of sockets): in one burst
   * it held up the ticks that arrived behind it, in slices it delays them by one slice at most.
   */
  private async pushLists(): Promise<void> {
    const namespace = this.namespace;
    if (!namespace) return;
    const slice = this.nextSlice;
    this.nextSlice = (slice + 1) % LIST_SLICES;
    try {
      const watched = INSTRUMENT_TYPES.filter((type) => namespace.adapter.rooms.get(typeRoom(type))?.size);
      // Read in one round, at most half an interval ago (a read a subscription started is as fresh).
      const lists = await Promise.all(
        watched.map((type) => this.listOf(type, this.config.MARKET_TICK_MS / 2)),
      );
      // Framed once per push and type, and only for a type one of the slice's sockets watches.
      const frames = new Map<number, Buffer | null>();
      const frameOf = (n: number) => {
        if (!frames.has(n)) frames.set(n, eventFrame(namespace.name, MARKET_LIST_EVENT, lists[n]));
        return frames.get(n)!;
      };
      for (const socket of this.sliceSockets[slice]) {
        if (!socket.connected) continue;
        watched.forEach((type, n) => {
          if (!socket.rooms.has(typeRoom(type))) return;
          const frame = frameOf(n);
          if (!frame || !writeFrames(socket, frame)) socket.emit(MARKET_LIST_EVENT, lists[n]);
        });
      }
    } catch (error) {
      // Once per interval, not once per slice: a Redis outage fails every slice alike.
      if (slice === 0) this.logger.warn(`market list push: ${(error as Error).message}`);
    }
  }

  /** Joins the rooms and sends the current state at once (also after a reconnect). */
  async subscribe(socket: Socket, payload: unknown) {
    const subscription = parseSubscription(payload);
    if (!subscription) return { ok: false, error: 'validation.invalid' };
    const codes = subscription.codes.filter((c) => this.instruments.findByCode(c));
    await socket.join(subscription.types.map(typeRoom));
    // Gone while it joined: its disconnect (forget) has already run, and must stay the last word.
    if (socket.connected && !this.listSlices.has(socket)) {
      const slice = this.nextSliceOfSocket;
      this.nextSliceOfSocket = (slice + 1) % LIST_SLICES;
      this.listSlices.set(socket, slice);
      this.sliceSockets[slice].add(socket);
    }
    this.tickSubscribers.add(socket, codes);
    await this.sendSnapshot({ socket, types: subscription.types, codes });
    return { ok: true, types: subscription.types, codes };
  }

  /**
   * Queues the socket for the state of its subscription; resolves once it was sent. The requests
   * of one event-loop turn are answered together (flushSnapshots).
   */
  private sendSnapshot(request: SnapshotRequest): Promise<void> {
    this.snapshotQueue.push(request);
    this.snapshotFlush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      this.flushSnapshots(),
    );
    return this.snapshotFlush;
  }

  /** Each list and each tick once, broadcast to the ids of the sockets that asked for it. */
  private async flushSnapshots(): Promise<void> {
    const queue = this.snapshotQueue;
    this.snapshotQueue = [];
    this.snapshotFlush = undefined;
    const namespace = this.namespace;
    if (!namespace) return;
    const byType = new Map<InstrumentType, string[]>();
    const byCode = new Map<string, string[]>();
    const add = <K>(map: Map<K, string[]>, key: K, id: string) => {
      const ids = map.get(key);
      if (ids) ids.push(id);
      else map.set(key, [id]);
    };
    for (const { socket, types, codes } of queue) {
      if (!socket.connected) continue;
      for (const type of types) add(byType, type, socket.id);
      for (const code of codes) add(byCode, code, socket.id);
    }
    const types = [...byType.keys()];
    const lists = await Promise.all(types.map((type) => this.listOf(type, this.config.MARKET_TICK_MS)));
    // Lists first, then ticks (each socket gets them in that order), read after the lists so that
    // a tick fanned out meanwhile is not followed by an older one.
    types.forEach((type, n) => namespace.local.to(byType.get(type)!).emit(MARKET_LIST_EVENT, lists[n]));
    for (const tick of await this.currentTicks([...byCode.keys()])) {
      namespace.local.to(byCode.get(tick.code)!).emit(TICK_EVENT, tick);
    }
  }

  /** The latest tick of each code: the one last fanned out, else the shared state in Redis. */
  private async currentTicks(codes: string[]): Promise<SocketTick[]> {
    const unseen = codes.filter((c) => !this.lastTicks.has(c));
    const stored = new Map<string, SocketTick>();
    if (unseen.length > 0) {
      const items = await this.market.items(unseen.map((c) => this.instruments.byCode(c)));
      const now = new Date();
      for (const item of items) {
        if (!item.nowPrice) continue;
        const last = await this.market.tickAt(item.code, now);
        const ts = last?.price.eq(item.nowPrice) ? last.ts : null;
        stored.set(item.code, { code: item.code, price: item.nowPrice, zdf: item.zdf, ts });
      }
    }
    return codes.flatMap((c) => this.lastTicks.get(c) ?? stored.get(c) ?? []);
  }

  async unsubscribe(socket: Socket, payload: unknown) {
    const subscription = parseSubscription(payload);
    if (!subscription) return { ok: false, error: 'validation.invalid' };
    for (const room of subscription.types.map(typeRoom)) await socket.leave(room);
    this.tickSubscribers.remove(socket, subscription.codes);
    return { ok: true };
  }

  /** A socket that disconnected gets no more ticks or lists (its rooms socket.io leaves itself). */
  forget(socket: Socket): void {
    this.tickSubscribers.forget(socket);
    const slice = this.listSlices.get(socket);
    if (slice !== undefined) this.sliceSockets[slice].delete(socket);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }
}
