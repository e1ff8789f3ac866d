import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { ApiError, http } from '../../../api/http-client';
import { holdSupportSocket } from '../../notifications/supportSocket';
import { checkImage, compressImage, MAX_UPLOAD_BYTES } from '../../../shared/image';
import { useSession } from '../../../shared/session';

/**
 * The online support chat (services/content/src/support): socket.io namespace /support. The handshake
 * carries the user's token (`auth.token`) or, logged out, a visitor id the browser keeps
 * (`auth.visitorId`). Events with acknowledgements: `message` {body, clientId} -> {ok, message},
 * `history` {before?} -> {ok, list (oldest first), hasMore, unread}, `read` -> {ok, unread: 0}.
 * Live `message` events bring the agents' replies (and the user's own messages from other tabs).
 * Images go over HTTP (multipart `image`, `clientId`; a visitor adds `visitorId`).
 */
export interface SupportMessage {
  id: string;
  conversationId: string;
  sender: 'user' | 'agent';
  body: string;
  imageUrl: string | null;
  clientId?: string | null;
  createdAt: string;
}

/** A message on screen: a stored one, or one of this page still being sent (or that failed). */
export interface ChatItem {
  key: string;
  id?: string;
  clientId?: string | null;
  sender: 'user' | 'agent';
  body: string;
  imageUrl: string | null;
  createdAt: string;
  state: 'sent' | 'sending' | 'failed';
  /** The image of a failed upload, for sending it again. */
  file?: File;
  error?: string;
}

export type ChatStatus = 'connecting' | 'online' | 'reconnecting' | 'offline' | 'ended';
export type HistoryState = 'loading' | 'ready' | 'error';

type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: string };

const VISITOR_KEY = 'supportVisitorId';
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;
export const MAX_MESSAGE_LENGTH = 2000;
const ACK_TIMEOUT_MS = 10_000;

/** The visitor id of a logged-out browser: random, kept in localStorage (it is the visitor's key to the chat). */
export function visitorId(): string {
  const saved = localStorage.getItem(VISITOR_KEY);
  if (saved && VISITOR_ID.test(saved)) return saved;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  localStorage.setItem(VISITOR_KEY, id);
  return id;
}

const newClientId = () =>
  `w${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(36).padStart(2, '0'),
  ).join('')}`;

const fromServer = (m: SupportMessage): ChatItem => ({
  key: m.id,
  id: m.id,
  clientId: m.clientId ?? null,
  sender: m.sender,
  body: m.body,
  imageUrl: m.imageUrl,
  createdAt: m.createdAt,
  state: 'sent',
});

/** A stored message into the list: replaces itself (by id) or this page's pending copy (by client id). */
function upsert(list: ChatItem[], m: SupportMessage): ChatItem[] {
  const item = fromServer(m);
  const at = list.findIndex(
    (i) =>
      (i.id !== undefined && i.id === m.id) ||
      (i.id === undefined && m.sender === 'user' && m.clientId && i.clientId === m.clientId),
  );
  if (at < 0) return [...list, item];
  const old = list[at];
  if (old.imageUrl?.startsWith('blob:')) URL.revokeObjectURL(old.imageUrl);
  return [...list.slice(0, at), { ...item, key: old.key }, ...list.slice(at + 1)];
}

/** The history as the server has it, then what this page has not stored yet. */
function withPending(history: SupportMessage[], list: ChatItem[]): ChatItem[] {
  let out = history.map(fromServer);
  for (const item of list) {
    if (item.id === undefined) out = [...out, item];
  }
  for (const m of history) out = upsert(out, m);
  return out;
}

const failure = (ack: Ack | null, fallback: string) => (ack && !ack.ok ? ack.error || fallback : fallback);

export interface SupportChat {
  visitor: boolean;
  status: ChatStatus;
  history: HistoryState;
  items: ChatItem[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Key of the first reply the user had not read when the history came. */
  firstUnreadKey: string | null;
  sendText: (text: string) => void;
  sendImage: (file: File) => Promise<'format' | 'size' | null>;
  resend: (item: ChatItem) => void;
  loadMore: () => void;
  reloadHistory: () => void;
  reconnect: () => void;
}

export function useSupportChat(language: string): SupportChat {
  const { token, isLogin } = useSession();
  const visitor = !(isLogin && token);
  const identity = visitor ? `visitor:${visitorId()}` : `token:${token}`;
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [history, setHistory] = useState<HistoryState>('loading');
  const [items, setItems] = useState<ChatItem[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [firstUnreadKey, setFirstUnreadKey] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const socketRef = useRef<Socket | null>(null);
  // The language only labels the handshake: read when connecting, a change needs no new connection.
  const handshakeLanguage = useEffectEvent(() => language);
  // Another identity or a reconnect starts from nothing (in the render that sees it).
  const connection = `${identity}|${round}`;
  const [connectionSeen, setConnectionSeen] = useState(connection);
  if (connection !== connectionSeen) {
    setConnectionSeen(connection);
    setStatus('connecting');
    setHistory('loading');
    setItems([]);
    setFirstUnreadKey(null);
  }

  const ask = useCallback(async (event: string, payload: unknown): Promise<Ack | null> => {
    const socket = socketRef.current;
    if (!socket?.connected) return null;
    try {
      return (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as Ack;
    } catch {
      return null;
    }
  }, []);

  /** Marks the agents' replies read while the page is in view. */
  const markRead = useCallback(() => {
    if (document.visibilityState === 'visible') void ask('read', {});
  }, [ask]);

  const loadHistory = useCallback(async () => {
    setHistory((h) => (h === 'ready' ? 'ready' : 'loading'));
    const ack = await ask('history', {});
    if (!ack?.ok) {
      setHistory('error');
      return;
    }
    const list = (ack.list as SupportMessage[]) ?? [];
    const unread = Number(ack.unread) || 0;
    const replies = list.filter((m) => m.sender === 'agent');
    setFirstUnreadKey(unread > 0 && replies.length >= unread ? replies[replies.length - unread].id : null);
    setItems((current) => withPending(list, current));
    setHasMore(Boolean(ack.hasMore));
    setHistory('ready');
    if (unread > 0) markRead();
  }, [ask, markRead]);

  useEffect(() => {
    const [kind, value] = [
      identity.slice(0, identity.indexOf(':')),
      identity.slice(identity.indexOf(':') + 1),
    ];
    // The connection the bell's live notifications use too (one /support socket per page).
    const { socket, release } = holdSupportSocket(
      kind === 'visitor' ? { visitorId: value } : { token: value },
      handshakeLanguage(),
    );
    socketRef.current = socket;
    let connectedOnce = false;
    const onConnect = () => {
      connectedOnce = true;
      setStatus('online');
      void loadHistory();
    };
    const onConnectError = (error: Error) => {
      // A refused handshake is final (a token without a live session); otherwise socket.io retries.
      if (!socket.active && error.message === 'unauthorized' && kind === 'token') setStatus('ended');
      else setStatus(connectedOnce && socket.active ? 'reconnecting' : 'offline');
    };
    const onDisconnect = (reason: Socket.DisconnectReason) => {
      if (reason === 'io client disconnect') return;
      // The server ends the socket of a session revoked since the handshake (logout, new password).
      if (reason === 'io server disconnect') setStatus(kind === 'token' ? 'ended' : 'offline');
      else setStatus('reconnecting');
    };
    const onMessage = (m: SupportMessage) => {
      if (!m || typeof m.id !== 'string') return;
      setItems((list) => upsert(list, m));
      if (m.sender === 'agent') markRead();
    };
    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('disconnect', onDisconnect);
    socket.on('message', onMessage);
    // Already open (the bell holds it): no `connect` event comes.
    if (socket.connected) onConnect();
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (socket.connected) markRead();
      else if (!socket.active) socket.connect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('disconnect', onDisconnect);
      socket.off('message', onMessage);
      release();
      socketRef.current = null;
    };
  }, [identity, round, loadHistory, markRead]);

  const deliverText = useCallback(
    async (key: string, body: string, clientId: string) => {
      const ack = await ask('message', { body, clientId });
      if (ack?.ok) {
        setItems((list) => upsert(list, ack.message as SupportMessage));
      } else {
        setItems((list) =>
          list.map((i) => (i.key === key ? { ...i, state: 'failed', error: failure(ack, 'network') } : i)),
        );
      }
    },
    [ask],
  );

  const deliverImage = useCallback(
    async (key: string, file: File, clientId: string) => {
      const form = new FormData();
      form.append('clientId', clientId);
      if (visitor) form.append('visitorId', visitorId());
      form.append('image', file, file.name);
      try {
        const answer = await http.upload<SupportMessage>(
          visitor ? 'index/supportImage' : 'user/supportImage',
          form,
        );
        setItems((list) => upsert(list, answer.result));
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'network';
        setItems((list) => list.map((i) => (i.key === key ? { ...i, state: 'failed', error: message } : i)));
      }
    },
    [visitor],
  );

  const sendText = useCallback(
    (text: string) => {
      const body = text.trim();
      if (!body || body.length > MAX_MESSAGE_LENGTH) return;
      const clientId = newClientId();
      setItems((list) => [
        ...list,
        {
          key: clientId,
          clientId,
          sender: 'user',
          body,
          imageUrl: null,
          createdAt: new Date().toISOString(),
          state: 'sending',
        },
      ]);
      void deliverText(clientId, body, clientId);
    },
    [deliverText],
  );

  const sendImage = useCallback(
    async (picked: File): Promise<'format' | 'size' | null> => {
      if (checkImage(picked) === 'format') return 'format';
      const file = await compressImage(picked);
      if (file.size > MAX_UPLOAD_BYTES) return 'size';
      const clientId = newClientId();
      setItems((list) => [
        ...list,
        {
          key: clientId,
          clientId,
          sender: 'user',
          body: '',
          imageUrl: /jp2|jpx/.test(file.type) ? null : URL.createObjectURL(file),
          createdAt: new Date().toISOString(),
          state: 'sending',
          file,
        },
      ]);
      void deliverImage(clientId, file, clientId);
      return null;
    },
    [deliverImage],
  );

  /** Sends a failed message again with its client id: the server keeps it once. */
  const resend = useCallback(
    (item: ChatItem) => {
      if (!item.clientId) return;
      setItems((list) =>
        list.map((i) => (i.key === item.key ? { ...i, state: 'sending', error: undefined } : i)),
      );
      if (item.file) void deliverImage(item.key, item.file, item.clientId);
      else void deliverText(item.key, item.body, item.clientId);
    },
    [deliverImage, deliverText],
  );

  const loadMore = useCallback(async () => {
    const first = items.find((i) => i.id !== undefined);
    if (!first?.id) return;
    setLoadingMore(true);
    const ack = await ask('history', { before: first.id });
    setLoadingMore(false);
    if (!ack?.ok) return;
    const older = ((ack.list as SupportMessage[]) ?? []).map(fromServer);
    setItems((list) => [...older.filter((o) => !list.some((i) => i.id === o.id)), ...list]);
    setHasMore(Boolean(ack.hasMore));
  }, [ask, items]);

  return {
    visitor,
    status,
    history,
    items,
    hasMore,
    loadingMore,
    firstUnreadKey,
    sendText,
    sendImage,
    resend,
    loadMore: () => void loadMore(),
    reloadHistory: () => void loadHistory(),
    reconnect: () => setRound((r) => r + 1),
  };
}
