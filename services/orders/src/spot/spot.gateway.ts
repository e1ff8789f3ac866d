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
  handshakeToken,
  SESSION_STORE,
  SOCKET_SESSION_CHECK_MS,
  TokenService,
  type Book,
  type SessionStore,
} from '@app/common';
import { SpotEvents, type SpotBatchMessage } from './spot-events';
import { SpotService } from './spot.service';

export const SPOT_DEPTH_EVENT = 'spot:depth';
export const SPOT_TRADES_EVENT = 'spot:trades';
export const SPOT_ORDER_EVENT = 'spot:order';

const bookRoom = (book: Book, symbol: string) => `spot:${book}:${symbol}`;
const userRoom = (userId: string) => `spot-user:${userId}`;

type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: string };

function parseBook(payload: unknown): { symbol: string; book: Book } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { symbol, book = 'demo' } = payload as { symbol?: unknown; book?: unknown };
  if (typeof symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(symbol)) return null;
  if (book !== 'real' && book !== 'demo') return null;
  return { symbol, book };
}

/**
 * Coin-to-coin pushes on the /market namespace (next to the market's own events). Clients emit
 * `spot:subscribe` `{symbol, book: 'real'|'demo'}` and get `spot:depth` (aggregated levels, best
 * first, after every sequencer batch) and `spot:trades` (`{symbol, book, trades}`) of that book;
 * the ack carries the current depth and the latest trades. A socket whose handshake carries a
 * customer token may emit `spot:orders` to get `spot:order` (its own orders as they change).
 * Every process pushes to its own sockets what any sequencer published (SpotEvents).
 */
@WebSocketGateway({ namespace: '/market', cors: { origin: true } })
export class SpotGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger(SpotGateway.name);
  private namespace: Namespace | undefined;
  private unlisten: (() => void) | undefined;
  /** The sockets in a user's room, with the session that let them in (see checkSessions). */
  private readonly ownOrders = new Map<Socket, { userId: string; sessionId: string }>();
  private sessionTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly events: SpotEvents,
    private readonly spot: SpotService,
    private readonly tokens: TokenService,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  afterInit(namespace: Namespace): void {
    this.namespace = namespace;
    this.unlisten = this.events.listen((message) => this.push(message));
    this.sessionTimer = setInterval(() => void this.checkSessions(), SOCKET_SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  onModuleDestroy(): void {
    this.unlisten?.();
    clearInterval(this.sessionTimer);
  }

  /**
   * Takes the sockets whose session was revoked since they asked for their orders (logout, password
   * change, a frozen user) out of their user's room; they keep the public depth and trades.
   */
  async checkSessions(): Promise<void> {
    for (const [socket, { userId, sessionId }] of [...this.ownOrders]) {
      try {
        if ((await this.sessions.findLive(sessionId, 'customer'))?.id === userId) continue;
        this.ownOrders.delete(socket);
        await socket.leave(userRoom(userId));
      } catch (error) {
        this.logger.warn(`session check: ${(error as Error).message}`);
      }
    }
  }

  private push(message: SpotBatchMessage): void {
    const namespace = this.namespace;
    if (!namespace) return;
    const room = bookRoom(message.book, message.symbol);
    namespace.local.to(room).emit(SPOT_DEPTH_EVENT, message.depth);
    if (message.trades.length > 0) {
      namespace.local
        .to(room)
        .emit(SPOT_TRADES_EVENT, { symbol: message.symbol, book: message.book, trades: message.trades });
    }
    for (const { userId, order } of message.orders) {
      namespace.local.to(userRoom(userId)).emit(SPOT_ORDER_EVENT, { book: message.book, ...order });
    }
  }

  @SubscribeMessage('spot:subscribe')
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    const wanted = parseBook(body);
    if (!wanted) return { ok: false, error: 'validation.invalid' };
    try {
      const depth = await this.spot.depth(wanted.book, wanted.symbol, 50);
      const trades = await this.spot.trades(wanted.book, wanted.symbol, 50);
      await socket.join(bookRoom(wanted.book, wanted.symbol));
      return { ok: true, depth, trades };
    } catch (error) {
      this.logger.debug(`spot:subscribe ${wanted.symbol}: ${(error as Error).message}`);
      return { ok: false, error: 'validation.spotPairUnknown' };
    }
  }

  @SubscribeMessage('spot:unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    const wanted = parseBook(body);
    if (!wanted) return { ok: false, error: 'validation.invalid' };
    await socket.leave(bookRoom(wanted.book, wanted.symbol));
    return { ok: true };
  }

  @SubscribeMessage('spot:orders')
  async orders(@ConnectedSocket() socket: Socket): Promise<Ack> {
    const token = handshakeToken(socket);
    const claims = token ? await this.tokens.verify(token, 'customer') : null;
    const principal = claims ? await this.sessions.findLive(claims.sessionId, 'customer') : null;
    if (!claims || !principal || principal.id !== claims.subjectId)
      return { ok: false, error: 'unauthorized' };
    await socket.join(userRoom(principal.id));
    if (!this.ownOrders.has(socket)) socket.once('disconnect', () => this.ownOrders.delete(socket));
    this.ownOrders.set(socket, { userId: principal.id, sessionId: claims.sessionId });
    return { ok: true };
  }
}
