import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS_CLIENT, REDIS_OPTIONS, type RedisOptions } from '@app/queue';

/** Private events of a trading client (the /trading socket namespace pushes them to the owner). */
export enum TradingEvent {
  /** A U order changed state: opened (also a limit order filling), closed (with its reason), cancelled. */
  Order = 'order',
  /** An options order was settled (won, lost or draw). */
  OptionsSettled = 'options:settled',
  /** Floating result of the user's open positions on one instrument (throttled, per tick). */
  Positions = 'positions',
}

export interface TradingMessage {
  userId: string;
  event: TradingEvent;
  payload: unknown;
}

/**
 * Order state changes happen in whichever process closed or settled the order; they go through
 * one Redis channel so that every socket process can push them to its own sockets of the owner.
 * Published after the commit; a lost message loses a push, never money.
 */
@Injectable()
export class TradingEvents {
  private readonly logger = new Logger(TradingEvents.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  /** Channels are not keys: ioredis' keyPrefix does not apply, so they are prefixed by hand. */
  get channel(): string {
    return `${this.redisOptions.prefix}:trading:events`;
  }

  publish(userId: string, event: TradingEvent, payload: unknown): void {
    this.publishMany([{ userId, event, payload }]);
  }

  /** Several events in one write to Redis (a round of closes publishes hundreds at once). */
  publishMany(messages: TradingMessage[]): void {
    if (messages.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const message of messages) pipeline.publish(this.channel, JSON.stringify(message));
    pipeline
      .exec()
      .catch((error: Error) =>
        this.logger.warn(`trading events ${messages.map((m) => m.event).join(', ')}: ${error.message}`),
      );
  }
}
