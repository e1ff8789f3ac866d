import { Injectable } from '@nestjs/common';
import type { Namespace } from 'socket.io';
import type { Language } from '@app/common';

export const userRoom = (userId: string) => `user:${userId}`;
export const visitorRoom = (visitorId: string) => `visitor:${visitorId}`;
/** A logged-out visitor's id: random, kept by their browser, as secret as a session. */
export const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** Every connected support agent (admin socket). */
export const AGENTS_ROOM = 'support:agents';

/** What the /support gateway keeps on each socket after the handshake. */
export interface SupportSocketData {
  kind: 'customer' | 'admin' | 'visitor';
  id: string;
  /** Empty for a visitor (no session). */
  sessionId: string;
  language: Language;
}

/**
 * The /support namespace for services that push to it (chat messages, notifications). Rooms:
 * `user:<id>` for each customer's sockets, `support:agents` for agents.
 */
@Injectable()
export class SupportSockets {
  private namespace: Namespace | undefined;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  /** To every process's sockets in the room (through the Redis adapter). */
  emit(room: string, event: string, payload: unknown): void {
    this.namespace?.to(room).emit(event, payload);
  }

  /** Whether any socket of this process is in the room (no Redis round: this process's rooms). */
  hasLocal(room: string): boolean {
    return (this.namespace?.adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  /**
   * To this process's sockets of a user only, each in its own language: for events every process
   * receives by itself (the Postgres notification channel).
   */
  async emitLocalPerLanguage(room: string, event: string, payload: (language: Language) => unknown) {
    if (!this.namespace) return;
    const sockets = await this.namespace.local.in(room).fetchSockets();
    for (const socket of sockets) {
      socket.emit(event, payload((socket.data as SupportSocketData).language));
    }
  }
}
