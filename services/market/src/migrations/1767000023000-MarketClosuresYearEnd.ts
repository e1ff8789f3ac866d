import type { MigrationInterface, QueryRunner } from 'typeorm';

// The closures the first calendar (1766930001000-MarketClosures) left out, for the same years
// (2026 and 2027), spelled out so that this migration never changes with the code. Dates and
// times are New York wall time, the zone of the seeded sessions (closures.ts: an early close
// stops trading for the rest of that local day, an evening session of that day included).
// Types: 1 forex, 4 futures, 7 metals (instrument-type.ts). Stocks and ETF already close on Good
// Friday (NYSE, 2026-04-03 and 2027-03-26, in the first calendar).
export type Closure = [day: string, closesAt: string | null, name: string];

// Forex and metals (spot, traded over the counter in the interbank market like currencies): no
// exchange sets their hours, so the practice of the dealers and ECNs that make the interbank
// market is the rule. On 24 and 31 December they stop quoting at 13:00 New York (the New York
// session ends early; London has stopped by then) and the market stays shut until the end of the
// day: over Christmas Day and New Year's Day (closed, first calendar) or the weekend after.
// 24 and 31 December 2027 are Fridays: the early close is the week's close.
export const FOREX_YEAR_END: Closure[] = [
  ['2026-12-24', '13:00', 'Christmas Eve (early close)'],
  ['2026-12-31', '13:00', "New Year's Eve (early close)"],
  ['2027-12-24', '13:00', 'Christmas Eve (early close)'],
  ['2027-12-31', '13:00', "New Year's Eve (early close)"],
];

// Futures: the seeded ones are CME Globex equity-index (S&P 500, Nasdaq 100, Dow) and NYMEX energy
// contracts, whose holiday schedules CME Group publishes in Central time (New York = CT + 1 h):
// - Good Friday: CME Globex is closed. The Thursday before closes at its regular time (16:00 CT,
//   17:00 New York) and the evening session for Friday's trade date does not open; trading
//   resumes on Sunday at 17:00 CT. (When the US jobs report falls on Good Friday, as on 3 April
//   2026, CME has in some years opened equity-index and interest-rate futures for a short morning
//   session; an operator adds that in the console if CME announces it.)
// - Christmas Eve: equity-index products halt at 12:15 CT (13:15 New York); energy halts at 12:45
//   CT. One row per type and day: the earlier halt, so that no contract of the type trades after
//   its exchange has stopped. No evening session (Christmas Day is closed, first calendar).
//   2027-12-24, a Friday, is the US Christmas holiday observed (NYSE closed); CME Globex keeps an
//   abbreviated session on US holidays, halting around noon CT (e.g. Thanksgiving 2024: 12:00
//   CT). CME announces the exact 2027 halt; the seed uses the Christmas Eve one.
// - New Year's Eve: equity-index and energy futures trade to their regular 16:00 CT close (17:00
//   New York; the NYSE has a full day) and the evening session for New Year's Day's trade date
//   does not open (New Year's Day is closed, first calendar). 31 December 2027 is a Friday,
//   closing at 17:00 for the weekend anyway: nothing to add.
export const FUTURES: Closure[] = [
  ['2026-04-02', '17:00', 'Good Friday (no evening session)'],
  ['2026-04-03', null, 'Good Friday'],
  ['2026-12-24', '13:15', 'Christmas Eve (early close)'],
  ['2026-12-31', '17:00', "New Year's Eve (no evening session)"],
  ['2027-03-25', '17:00', 'Good Friday (no evening session)'],
  ['2027-03-26', null, 'Good Friday'],
  ['2027-12-24', '13:15', 'Christmas Eve (early close)'],
];

const SEED: { types: number[]; closures: Closure[] }[] = [
  { types: [1, 7], closures: FOREX_YEAR_END },
  { types: [4], closures: FUTURES },
];

/**
 * Adds the year-end early closes of forex, metals and futures and CME's Good Friday. Idempotent: a
 * day an operator already gave the type a closure keeps the operator's row.
 */
export class MarketClosuresYearEnd1767000023000 implements MigrationInterface {
  name = 'MarketClosuresYearEnd1767000023000';

  async up(q: QueryRunner): Promise<void> {
    for (const { types, closures } of SEED) {
      for (const type of types) {
        for (const [day, closesAt, name] of closures) {
          await q.query(
            `INSERT INTO market.closures (type, day, closes_at, name) VALUES ($1, $2, $3, $4)
             ON CONFLICT (type, day) DO NOTHING`,
            [type, day, closesAt, name],
          );
        }
      }
    }
  }

  /** Removes the rows as this migration wrote them (an operator's edit of one is kept). */
  async down(q: QueryRunner): Promise<void> {
    for (const { types, closures } of SEED) {
      for (const type of types) {
        for (const [day, closesAt, name] of closures) {
          await q.query(
            `DELETE FROM market.closures
             WHERE type = $1 AND day = $2 AND closes_at IS NOT DISTINCT FROM $3 AND name = $4`,
            [type, day, closesAt, name],
          );
        }
      }
    }
  }
}
