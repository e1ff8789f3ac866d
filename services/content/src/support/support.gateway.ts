import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  APP_CONFIG,
  AppException,
  handshakeToken,
  resolveLanguage,
  SESSION_STORE,
  SOCKET_SESSION_CHECK_MS,
  TokenService,
  type AppConfig,
  type SessionStore,
} from '@app/common';
import { cleanClientId, cleanMessage, SupportService, type Party } from './support.service';
import {
  AGENTS_ROOM,
  SupportSockets,
  userRoom,
  VISITOR_ID,
  visitorRoom,
  type SupportSocketData,
} from './support-sockets';

const HISTORY_LIMIT = 50;

type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: string };

/**
 * socket.io namespace /support (the message websocket). The handshake carries a customer's or an
 * agent's (admin) token, or, for a logged-out visitor, `auth.visitorId` (a random id of 22..64
 * URL-safe characters their browser keeps); anything else is refused, as is a token without a
 * live session. Customers emit `message` ({body, clientId?})
 * and `history` ({before?}); agents emit `reply` ({conversationId, body, clientId?}). Both get
 * `message` events live (the agents' with the conversation's new state, `conversation`, the row of
 * their list); customers also get `notification` (the bell), agents `conversation` (a conversation
 * closed by one of them, for every console's list).
 */
@WebSocketGateway({ namespace: '/support', cors: { origin: true } })
export class SupportGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('SupportGateway');
  private namespace: Namespace | undefined;
  private sessionTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly support: SupportService,
    private readonly sockets: SupportSockets,
    private readonly tokens: TokenService,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The client's address as HTTP sees it (clientAddress, Fastify's trustProxy): behind a trusted
   * proxy the first X-Forwarded-For entry, else the peer. Without it every visitor behind the proxy
   * would share one message limit, and agents' audited replies would name the proxy.
   */
  private address(socket: Socket): string {
    if (this.config.TRUST_PROXY) {
      const forwarded = socket.handshake.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',')[0]?.trim();
      if (first) return first.slice(0, 100);
    }
    return socket.handshake.address || 'unknown';
  }

  afterInit(namespace: Namespace): void {
    this.namespace = namespace;
    this.sockets.attach(namespace);
    namespace.use((socket, next) => {
      this.authenticate(socket).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (error: Error) => {
          this.logger.warn(`handshake: ${error.message}`);
          next(new Error('unauthorized'));
        },
      );
    });
    namespace.on('connection', (socket: Socket) => {
      const data = socket.data as SupportSocketData;
      void socket.join(
        data.kind === 'admin'
          ? AGENTS_ROOM
          : data.kind === 'visitor'
            ? visitorRoom(data.id)
            : userRoom(data.id),
      );
    });
    this.sessionTimer = setInterval(() => void this.checkSessions(), SOCKET_SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sessionTimer);
  }

  /**
   * Ends this process's sockets whose session was revoked since their handshake (logout, password
   * change, a frozen user, a disabled admin), so that they stop receiving the conversations and
   * notifications pushed to their room. Every SOCKET_SESSION_CHECK_MS; visitors have no session.
   */
  async checkSessions(): Promise<void> {
    try {
      for (const socket of [...(this.namespace?.sockets.values() ?? [])]) {
        const { kind } = socket.data as SupportSocketData;
        if (kind !== 'visitor') await this.live(socket, kind);
      }
    } catch (error) {
      this.logger.warn(`session check: ${(error as Error).message}`);
    }
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const token = handshakeToken(socket);
    const query = socket.handshake.query as Record<string, unknown>;
    const language = resolveLanguage(
      typeof query.lang === 'string' ? query.lang : undefined,
      socket.handshake.headers['accept-language'],
    );
    if (!token) {
      const visitorId = (socket.handshake.auth as { visitorId?: unknown } | undefined)?.visitorId;
      if (typeof visitorId !== 'string' || !VISITOR_ID.test(visitorId)) return false;
      const data: SupportSocketData = { kind: 'visitor', id: visitorId, sessionId: '', language };
      socket.data = data;
      return true;
    }
    for (const kind of ['customer', 'admin'] as const) {
      const claims = await this.tokens.verify(token, kind);
      if (!claims) continue;
      const principal = await this.sessions.findLive(claims.sessionId, kind);
      if (!principal || principal.id !== claims.subjectId) return false;
      const data: SupportSocketData = {
        kind: kind === 'admin' ? 'admin' : 'customer',
        id: principal.id,
        sessionId: claims.sessionId,
        language,
      };
      socket.data = data;
      return true;
    }
    return false;
  }

  /** The customer side of a socket: a logged-in user (session still live) or a visitor. */
  private async party(socket: Socket): Promise<Party | null> {
    const data = socket.data as SupportSocketData;
    if (data.kind === 'visitor') return { kind: 'visitor', id: data.id };
    const live = await this.live(socket, 'customer');
    return live ? { kind: 'user', id: live.id } : null;
  }

  /** A session revoked since the handshake (logout, password change) ends the socket. */
  private async live(socket: Socket, kind: 'customer' | 'admin'): Promise<SupportSocketData | null> {
    const data = socket.data as SupportSocketData;
    if (data.kind !== kind) return null;
    const principal = await this.sessions.findLive(data.sessionId, kind);
    if (!principal || principal.id !== data.id) {
      socket.disconnect(true);
      return null;
    }
    return data;
  }

  @SubscribeMessage('message')
  async message(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<Ack> {
    const party = await this.party(socket);
    if (!party) return { ok: false, error: 'unauthorized' };
    const { body, clientId } = (payload ?? {}) as { body?: unknown; clientId?: unknown };
    const text = cleanMessage(body);
    const id = cleanClientId(clientId);
    if (text === null || id === null) return { ok: false, error: 'validation.invalid' };
    try {
      if (party.kind === 'visitor') await this.support.limitVisitor(this.address(socket), 'message');
      else await this.support.limitCustomer(party.id, 'message');
    } catch (error) {
      if (error instanceof AppException) return { ok: false, error: `code.${error.code}` };
      throw error;
    }
    return { ok: true, message: await this.support.send(party, text, id) };
  }

  @SubscribeMessage('history')
  async history(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<Ack> {
    const party = await this.party(socket);
    if (!party) return { ok: false, error: 'unauthorized' };
    const { before } = (payload ?? {}) as { before?: unknown };
    if (before !== undefined && (typeof before !== 'string' || !/^\d{1,18}$/.test(before)))
      return { ok: false, error: 'validation.invalid' };
    return { ok: true, ...(await this.support.history(party, before, HISTORY_LIMIT)) };
  }

  @SubscribeMessage('read')
  async read(@ConnectedSocket() socket: Socket): Promise<Ack> {
    const party = await this.party(socket);
    if (!party) return { ok: false, error: 'unauthorized' };
    return { ok: true, ...(await this.support.read(party)) };
  }

  @SubscribeMessage('reply')
  async reply(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<Ack> {
    const data = await this.live(socket, 'admin');
    if (!data) return { ok: false, error: 'unauthorized' };
    const { conversationId, body, clientId } = (payload ?? {}) as Record<string, unknown>;
    const text = cleanMessage(body);
    const id = cleanClientId(clientId);
    if (
      typeof conversationId !== 'string' ||
      !/^\d{1,18}$/.test(conversationId) ||
      text === null ||
      id === null
    )
      return { ok: false, error: 'validation.invalid' };
    const address = this.address(socket);
    try {
      return {
        ok: true,
        message: await this.support.agentReply(conversationId, text, { id: data.id, ip: address }, id),
      };
    } catch (error) {
      if (error instanceof AppException) return { ok: false, error: `code.${error.code}` };
      throw error;
    }
  }
}
