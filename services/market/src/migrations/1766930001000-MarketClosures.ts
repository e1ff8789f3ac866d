import type { MigrationInterface, QueryRunner } from 'typeorm';

// The exchange calendars of 2026 and 2027 as published (NYSE; forex and metals, CME futures on
// the days their markets close), spelled out so that this migration never changes with the code.
// Dates and times are New York wall time, the zone of the seeded sessions; operators keep the
// calendar up to date in the console (Market closures). Crypto has none.
// Types: 1 forex, 4 futures, 5 ETF, 6 stocks, 7 metals (instrument-type.ts).
type Closure = [day: string, closesAt: string | null, name: string];

const NYSE: Closure[] = [
  ['2026-01-01', null, "New Year's Day"],
  ['2026-01-19', null, 'Martin Luther King Jr. Day'],
  ['2026-02-16', null, "Presidents' Day"],
  ['2026-04-03', null, 'Good Friday'],
  ['2026-05-25', null, 'Memorial Day'],
  ['2026-06-19', null, 'Juneteenth'],
  ['2026-07-03', null, 'Independence Day (observed)'],
  ['2026-09-07', null, 'Labor Day'],
  ['2026-11-26', null, 'Thanksgiving Day'],
  ['2026-11-27', '13:00', 'Day after Thanksgiving (early close)'],
  ['2026-12-24', '13:00', 'Christmas Eve (early close)'],
  ['2026-12-25', null, 'Christmas Day'],
  ['2027-01-01', null, "New Year's Day"],
  ['2027-01-18', null, 'Martin Luther King Jr. Day'],
  ['2027-02-15', null, "Presidents' Day"],
  ['2027-03-26', null, 'Good Friday'],
  ['2027-05-31', null, 'Memorial Day'],
  ['2027-06-18', null, 'Juneteenth (observed)'],
  ['2027-07-05', null, 'Independence Day (observed)'],
  ['2027-09-06', null, 'Labor Day'],
  ['2027-11-25', null, 'Thanksgiving Day'],
  ['2027-11-26', '13:00', 'Day after Thanksgiving (early close)'],
  ['2027-12-24', null, 'Christmas Day (observed)'],
];

// Forex, metals and futures close for Christmas and New Year's Day (those on a weekday: Christmas
// 2027 and New Year 2028 fall on a Saturday, when they are closed anyway).
const YEAR_END: Closure[] = [
  ['2026-01-01', null, "New Year's Day"],
  ['2026-12-25', null, 'Christmas Day'],
  ['2027-01-01', null, "New Year's Day"],
];

const SEED: { types: number[]; closures: Closure[] }[] = [
  { types: [5, 6], closures: NYSE },
  { types: [1, 7, 4], closures: YEAR_END },
];

export class MarketClosures1766930001000 implements MigrationInterface {
  name = 'MarketClosures1766930001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE market.closures (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        type smallint NOT NULL CHECK (type IN (1, 2, 4, 5, 6, 7)),
        day date NOT NULL,
        -- Null: closed the whole day; else the local time trading stops (an early close).
        closes_at text CHECK (closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (type, day)
      )`);
    await q.query(`CREATE INDEX closures_day_idx ON market.closures (day)`);
    for (const { types, closures } of SEED) {
      for (const type of types) {
        for (const [day, closesAt, name] of closures) {
          await q.query(`INSERT INTO market.closures (type, day, closes_at, name) VALUES ($1, $2, $3, $4)`, [
            type,
            day,
            closesAt,
            name,
          ]);
        }
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE market.closures`);
  }
}
