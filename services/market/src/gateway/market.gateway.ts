import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { MarketFanoutService } from './market-fanout.service';
import { SocketRedisAdapterService } from './socket-redis-adapter.service';

/**
 * socket.io namespace /market. Clients emit `subscribe` with `{types:[2]}` and/or
 * `{codes:['BTCUSDT']}`; they get `market:list` (a JSON array of market items of a type, room
 * `type:<n>`) and `tick` (`{code, price, zdf, ts}`; `ts`
 * is the feed's time of the tick). Public data: no auth. `unsubscribe` takes the same payload.
 * Both answer through the acknowledgement: `{ok: true, ...}` or `{ok: false, error}`.
 *
 * The two events are plain socket.io listeners shared by every socket (`this` is the socket), not
 * @SubscribeMessage handlers: Nest builds an rxjs pipeline per handler and socket, which cost
 * memory and time per connection at thousands of subscribers (bench/market-fanout) and bought
 * nothing here (no guards, pipes or interceptors on public market data).
 */
@WebSocketGateway({ namespace: '/market', cors: { origin: true } })
export class MarketGateway implements OnGatewayInit {
  private readonly logger = new Logger(MarketGateway.name);

  constructor(
    private readonly fanout: MarketFanoutService,
    private readonly redisAdapter: SocketRedisAdapterService,
  ) {}

  afterInit(namespace: Namespace): void {
    this.redisAdapter.install(namespace.server);
    this.fanout.attach(namespace);
    const onSubscribe = this.handler('subscribe', (socket, body) => this.fanout.subscribe(socket, body));
    const onUnsubscribe = this.handler('unsubscribe', (socket, body) =>
      this.fanout.unsubscribe(socket, body),
    );
    const fanout = this.fanout;
    function onDisconnect(this: Socket): void {
      fanout.forget(this);
    }
    namespace.on('connection', (socket: Socket) => {
      socket.on('subscribe', onSubscribe);
      socket.on('unsubscribe', onUnsubscribe);
      socket.on('disconnect', onDisconnect);
    });
  }

  /**
   * One listener for every socket: reads `(payload?, ack?)` as Nest did and acknowledges with the
   * result; a failure is logged and acknowledged as `{ok: false, error: 'internal'}`.
   */
  private handler(event: string, run: (socket: Socket, body: unknown) => Promise<unknown>) {
    const logger = this.logger;
    return function (this: Socket, ...args: unknown[]): void {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (response: unknown) => void) : undefined;
      const body = args.length > 1 ? args : args[0];
      run(this, body).then(
        (response) => ack?.(response),
        (error: Error) => {
          logger.error(`${event}: ${error.message}`);
          ack?.({ ok: false, error: 'internal' });
        },
      );
    };
  }
}
