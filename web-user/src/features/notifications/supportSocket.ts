import { io, type Socket } from 'socket.io-client';

/** Who the handshake is for: a logged-in user's token, or a logged-out visitor's id. */
export type SupportAuth = { token: string } | { visitorId: string };

export interface SupportSocketHold {
  socket: Socket;
  /** Gives the hold back; the connection closes when nobody holds it any more. */
  release: () => void;
}

interface Shared {
  socket: Socket;
  holders: number;
  closing?: ReturnType<typeof setTimeout>;
}

/**
 * A released connection stays open this long, so that a component mounted again at once (React's
 * strict mode, a route change) takes it over instead of opening a new one.
 */
const CLOSE_DELAY_MS = 1000;

const shared = new Map<string, Shared>();

const keyOf = (auth: SupportAuth) => ('token' in auth ? `token:${auth.token}` : `visitor:${auth.visitorId}`);

/**
 * The one socket.io connection of this page to /support (services/content/src/support) for an
 * identity: the support chat's messages and the bell's live `notification` pushes come over the
 * same socket, whoever of them opened it. Each holder adds and removes its own listeners. The
 * language only labels the handshake (the server's pushes use it); the first holder's counts.
 */
export function holdSupportSocket(auth: SupportAuth, language: string): SupportSocketHold {
  const key = keyOf(auth);
  let entry = shared.get(key);
  if (!entry) {
    const socket = io('/support', {
      auth,
      query: { lang: language },
      transports: ['websocket'],
      timeout: 8000,
      reconnectionDelayMax: 5000,
    });
    entry = { socket, holders: 0 };
    shared.set(key, entry);
  }
  const held = entry;
  clearTimeout(held.closing);
  held.closing = undefined;
  held.holders += 1;
  // Given up before (a refused handshake, or the server ended it): a new holder tries again.
  if (!held.socket.active) held.socket.connect();
  let released = false;
  return {
    socket: held.socket,
    release: () => {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      held.closing = setTimeout(() => {
        if (held.holders > 0 || shared.get(key) !== held) return;
        shared.delete(key);
        held.socket.close();
      }, CLOSE_DELAY_MS);
    },
  };
}
