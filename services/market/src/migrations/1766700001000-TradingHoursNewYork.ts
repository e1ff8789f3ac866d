import type { MigrationInterface, QueryRunner } from 'typeorm';

// The seeded schedules, spelled out so that this migration never changes with the code: the
// first ones fixed the New York sessions in UTC (winter time for stocks and futures, summer time
// for forex), so half of the year they opened and closed an hour off. The same sessions in New
// York wall time follow daylight saving (trading-hours.ts).
const weekdays = (open: string, close: string) =>
  ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((d) => ({ open: `${d} ${open}`, close: `${d} ${close}` }));
const nightly = (open: string, close: string) =>
  [
    ['Sun', 'Mon'],
    ['Mon', 'Tue'],
    ['Tue', 'Wed'],
    ['Wed', 'Thu'],
    ['Thu', 'Fri'],
  ].map(([from, to]) => ({ open: `${from} ${open}`, close: `${to} ${close}` }));

const CHANGES: { utc: object; newYork: object }[] = [
  {
    utc: { timezone: 'UTC', alwaysOpen: false, sessions: [{ open: 'Sun 22:00', close: 'Fri 22:00' }] },
    newYork: {
      timezone: 'America/New_York',
      alwaysOpen: false,
      sessions: [{ open: 'Sun 17:00', close: 'Fri 17:00' }],
    },
  },
  {
    utc: { timezone: 'UTC', alwaysOpen: false, sessions: weekdays('14:30', '21:00') },
    newYork: { timezone: 'America/New_York', alwaysOpen: false, sessions: weekdays('09:30', '16:00') },
  },
  {
    utc: { timezone: 'UTC', alwaysOpen: false, sessions: nightly('23:00', '22:00') },
    newYork: { timezone: 'America/New_York', alwaysOpen: false, sessions: nightly('18:00', '17:00') },
  },
];

/** Moves the instruments that still have a seeded schedule to its New York wall-time form. */
export class TradingHoursNewYork1766700001000 implements MigrationInterface {
  name = 'TradingHoursNewYork1766700001000';

  async up(q: QueryRunner): Promise<void> {
    for (const { utc, newYork } of CHANGES) {
      await q.query(
        `UPDATE market.instruments SET trading_hours = $2::jsonb WHERE trading_hours = $1::jsonb`,
        [JSON.stringify(utc), JSON.stringify(newYork)],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { utc, newYork } of CHANGES) {
      await q.query(
        `UPDATE market.instruments SET trading_hours = $2::jsonb WHERE trading_hours = $1::jsonb`,
        [JSON.stringify(newYork), JSON.stringify(utc)],
      );
    }
  }
}
