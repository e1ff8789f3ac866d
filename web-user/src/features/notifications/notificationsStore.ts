import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session';
import { notificationsApi, type NotificationCounts } from './notifications-api';
import { holdSupportSocket } from './supportSocket';

/** The server's push of a new notification on /support (notification-push.service.ts). */
export const NOTIFICATION_EVENT = 'notification';

interface State {
  /** The red dot's counts as the server last answered them; null before the first answer. */
  counts: NotificationCounts | null;
  /** Bumped by every live push: lists on screen fetch what is new. */
  pushes: number;
  /** Bumped when everything was marked read (the bell opened, "mark all read"). */
  allRead: number;
}

const initial: State = { counts: null, pushes: 0, allRead: 0 };
let state: State = initial;
const listeners = new Set<() => void>();
function set(patch: Partial<State>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

/**
 * Every call that answers the counts runs after the one before it, so that the answers arrive in
 * the order the server gave them (a count read before "mark all read" cannot light the dot again
 * after it). A refresh asked for while one waits is the waiting one.
 */
let queue: Promise<unknown> = Promise.resolve();
let refreshWaiting: Promise<void> | null = null;
/** Answers of a session that has ended since (logout, another account) are dropped. */
let generation = 0;

function inTurn<T>(call: () => Promise<T>): Promise<T> {
  const run = queue.then(call, call);
  queue = run.catch(() => undefined);
  return run;
}

function apply(counts: NotificationCounts, asked: number) {
  if (asked !== generation) return;
  set({ counts: { unread: counts.unread, announcements: counts.announcements } });
}

export const notificationsStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Another session (or none): nothing of the last one is shown. */
  reset() {
    generation += 1;
    refreshWaiting = null;
    set(initial);
  },
  /** Reads the counts again (a failure keeps the last ones). */
  refresh(): Promise<void> {
    if (refreshWaiting) return refreshWaiting;
    const asked = generation;
    const waiting = inTurn(async () => {
      if (refreshWaiting === waiting) refreshWaiting = null;
      apply(await notificationsApi.counts(), asked);
    }).catch(() => undefined);
    refreshWaiting = waiting;
    return waiting;
  },
  /** The given notifications read. */
  async markRead(ids: string[]): Promise<void> {
    const asked = generation;
    apply(await inTurn(() => notificationsApi.read(ids)), asked);
  },
  /** All of mine read and the announcements seen. */
  async markAllRead(): Promise<void> {
    const asked = generation;
    apply(await inTurn(() => notificationsApi.read()), asked);
    if (asked === generation) set({ allRead: state.allRead + 1 });
  },
  pushed() {
    set({ pushes: state.pushes + 1 });
  },
};

export function useNotificationsState(): State {
  return useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get);
}

/** Whether the bell shows its red dot. */
export const hasNews = (counts: NotificationCounts | null) =>
  counts !== null && (counts.unread > 0 || counts.announcements > 0);

/**
 * Keeps the red dot's counts current while a user is logged in: read at login and in another
 * language, again when the page comes back into view or the socket reconnects (pushes may have
 * been missed meanwhile), and at once when the server pushes a new notification. Mounted once,
 * by the bell; the /support socket is the one the support chat uses too.
 */
export function useNotificationsLive(): void {
  const { token, isLogin } = useSession();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const active = isLogin && token ? token : null;

  useEffect(() => {
    notificationsStore.reset();
  }, [active]);

  // The announcements counted are those of the language.
  useEffect(() => {
    if (active) void notificationsStore.refresh();
  }, [active, language]);

  // The language only labels the handshake: read when connecting, a change needs no new connection.
  const handshakeLanguage = useEffectEvent(() => language);

  useEffect(() => {
    if (!active) return;
    const { socket, release } = holdSupportSocket({ token: active }, handshakeLanguage());
    let connected = socket.connected;
    const onConnect = () => {
      // The first connection: the counts were just read. A later one may have missed pushes.
      if (connected) void notificationsStore.refresh();
      connected = true;
    };
    const onPush = () => {
      notificationsStore.pushed();
      void notificationsStore.refresh();
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void notificationsStore.refresh();
      if (!socket.active) socket.connect();
    };
    socket.on('connect', onConnect);
    socket.on(NOTIFICATION_EVENT, onPush);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      socket.off('connect', onConnect);
      socket.off(NOTIFICATION_EVENT, onPush);
      document.removeEventListener('visibilitychange', onVisible);
      release();
    };
  }, [active]);
}
