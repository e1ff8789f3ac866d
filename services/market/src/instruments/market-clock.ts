import { Injectable } from '@nestjs/common';
import type { Clock } from './trading-hours';

/** The wall clock of the market; one injectable instance so that tests can set the time. */
@Injectable()
export class MarketClock implements Clock {
  now(): Date {
    return new Date();
  }
}
