import { Injectable } from '@nestjs/common';

/**
 * The time every "daily" or "at expiry" rule reads. Production follows the wall clock; tests move
 * it (`advance`, `set`) instead of waiting a day. Only the test configuration may move it.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private movable = false;

  allowMoving(): void {
    this.movable = true;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!this.movable) throw new Error('the clock only moves in tests');
    this.offsetMs += ms;
  }

  set(at: Date): void {
    if (!this.movable) throw new Error('the clock only moves in tests');
    this.offsetMs = at.getTime() - Date.now();
  }
}
