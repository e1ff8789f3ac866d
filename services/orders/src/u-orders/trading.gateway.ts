import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  handshakeToken,
  SESSION_STORE,
  SOCKET_SESSION_CHECK_MS,
  TokenService,
  type SessionStore,
} from '@app/common';
import { TradingSockets, tradingRoom, type TradingSocketData } from './trading-sockets';

/**
 * socket.io namespace /trading: a customer's private trading pushes. The handshake carries the
 * customer's token (`auth.token` or the Authorization header); without a live session the
 * connection is refused. Each socket joins its owner's room only, so nobody receives another's
 * orders. Events: `order` (a U order opened, filled, closed with its reason and price, cancelled),
 * `options:settled`, `positions` (floating result of the open positions on an instrument per tick).
 * The client may emit `ping` to learn whether its session is still live.
 */
@WebSocketGateway({ namespace: '/trading', cors: { origin: true } })
export class TradingGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('TradingGateway');
  private sessionTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sockets: TradingSockets,
    private readonly tokens: TokenService,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  afterInit(namespace: Namespace): void {
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
      const { userId } = socket.data as TradingSocketData;
      void socket.join(tradingRoom(userId));
      void this.sockets.track(userId).then(() => socket.emit('ready', { userId }));
      socket.on('disconnect', () => void this.sockets.untrackIfGone(userId));
    });
    this.sessionTimer = setInterval(() => void this.checkSessions(), SOCKET_SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sessionTimer);
  }

  @SubscribeMessage('ping')
  async ping(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean }> {
    const ok = await this.live(socket.data as TradingSocketData);
    // After the answer has gone out.
    if (!ok) setImmediate(() => socket.disconnect(true));
    return { ok };
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const token = handshakeToken(socket);
    if (!token) return false;
    const claims = await this.tokens.verify(token, 'customer');
    if (!claims) return false;
    const principal = await this.sessions.findLive(claims.sessionId, 'customer');
    if (!principal || principal.id !== claims.subjectId) return false;
    const data: TradingSocketData = { userId: principal.id, sessionId: claims.sessionId };
    socket.data = data;
    return true;
  }

  /** Whether the session behind a socket is still live (a logout or password change revokes it). */
  private async live(data: TradingSocketData): Promise<boolean> {
    const principal = await this.sessions.findLive(data.sessionId, 'customer');
    return principal?.id === data.userId;
  }

  private async checkSessions(): Promise<void> {
    try {
      for (const socket of await this.sockets.localSockets()) {
        if (!(await this.live(socket.data as TradingSocketData))) socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`session check: ${(error as Error).message}`);
    }
  }
}
