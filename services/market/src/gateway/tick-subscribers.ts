import type { Socket } from 'socket.io';
import { eventFrame, writeFrames } from './websocket-frames';

/** A tick as sockets get it, keyed by its instrument's code. */
interface Tick {
  code: string;
}

interface Subscribed {
  codes: Set<string>;
  /** The codes sorted and joined: sockets with the same key get the same bytes. */
  key: string;
}

/**
 * The sockets of this process that get per-code ticks, each with its codes. A flush of ticks
 * writes each socket one buffer: the frames of its codes' ticks, built once per set of codes
 * (most sockets watch the same few sets). Room broadcasts cost a socket.io and engine.io packet
 * per tick and socket (about 3 us each), and thousands of sockets times twenty codes made the
 * gateway's burst, and so every client's latency, hundreds of milliseconds long.
 */
export class TickSubscribers<T extends Tick> {
  private readonly sockets = new Map<Socket, Subscribed>();

  constructor(
    private readonly namespace: string,
    private readonly event: string,
  ) {}

  add(socket: Socket, codes: string[]): void {
    // Gone while its subscription was being handled: its disconnect (forget) has already run.
    if (!socket.connected) return;
    const entry = this.sockets.get(socket);
    this.update(socket, new Set([...(entry?.codes ?? []), ...codes]));
  }

  remove(socket: Socket, codes: string[]): void {
    const entry = this.sockets.get(socket);
    if (!entry) return;
    this.update(socket, new Set([...entry.codes].filter((c) => !codes.includes(c))));
  }

  forget(socket: Socket): void {
    this.sockets.delete(socket);
  }

  private update(socket: Socket, codes: Set<string>): void {
    if (codes.size === 0) this.sockets.delete(socket);
    else this.sockets.set(socket, { codes, key: [...codes].sort().join(',') });
  }

  /**
   * Sends every socket the ticks of its codes among `ticks` (the latest per code), in their order:
   * one direct websocket write where engine.io's order allows it (writeFrames), else one emit each.
   */
  send(ticks: Map<string, T>): void {
    const frames = new Map<string, Buffer | null>();
    const frameOf = (tick: T) => {
      if (!frames.has(tick.code)) frames.set(tick.code, eventFrame(this.namespace, this.event, tick));
      return frames.get(tick.code)!;
    };
    const batches = new Map<string, { ticks: T[]; bytes: Buffer | null }>();
    for (const [socket, { codes, key }] of this.sockets) {
      let batch = batches.get(key);
      if (!batch) {
        const mine = [...ticks.values()].filter((t) => codes.has(t.code));
        const parts = mine.map(frameOf);
        batch = { ticks: mine, bytes: parts.every((f) => f !== null) ? Buffer.concat(parts) : null };
        batches.set(key, batch);
      }
      if (batch.ticks.length === 0 || !socket.connected) continue;
      if (!batch.bytes || !writeFrames(socket, batch.bytes)) {
        for (const tick of batch.ticks) socket.emit(this.event, tick);
      }
    }
  }
}
