import type { MigrationInterface, QueryRunner } from 'typeorm';

// The schedules of trading-hours.ts, spelled out so that this migration never changes with the code.
const ALWAYS = { timezone: 'UTC', alwaysOpen: true, sessions: [] };
const FOREX = { timezone: 'UTC', alwaysOpen: false, sessions: [{ open: 'Sun 22:00', close: 'Fri 22:00' }] };
const US_EQUITIES = {
  timezone: 'UTC',
  alwaysOpen: false,
  sessions: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((d) => ({ open: `${d} 14:30`, close: `${d} 21:00` })),
};
const FUTURES = {
  timezone: 'UTC',
  alwaysOpen: false,
  sessions: [
    { open: 'Sun 23:00', close: 'Mon 22:00' },
    { open: 'Mon 23:00', close: 'Tue 22:00' },
    { open: 'Tue 23:00', close: 'Wed 22:00' },
    { open: 'Wed 23:00', close: 'Thu 22:00' },
    { open: 'Thu 23:00', close: 'Fri 22:00' },
  ],
};

// Types: 1 forex, 2 crypto, 4 futures, 5 ETF, 6 stocks, 7 metals (see instrument-type.ts).
// [code, name, price precision, reference price, spread (absolute, in price units), annual volatility]
type Row = [string, string, number, string, string, string];
const GROUPS: { type: number; contractSize: string; leverages: number[]; hours: object; rows: Row[] }[] = [
  {
    type: 2,
    contractSize: '1',
    leverages: [1, 2, 5, 10, 20, 50, 100],
    hours: ALWAYS,
    rows: [
      ['BTCUSDT', 'Bitcoin', 2, '65000', '1', '0.55'],
      ['ETHUSDT', 'Ethereum', 2, '3500', '0.2', '0.65'],
      ['BNBUSDT', 'BNB', 2, '580', '0.05', '0.6'],
      ['SOLUSDT', 'Solana', 3, '150', '0.02', '0.85'],
      ['XRPUSDT', 'XRP', 5, '0.52', '0.0002', '0.7'],
      ['ADAUSDT', 'Cardano', 5, '0.45', '0.0002', '0.75'],
      ['DOGEUSDT', 'Dogecoin', 6, '0.15', '0.00005', '0.9'],
      ['TRXUSDT', 'TRON', 6, '0.12', '0.00003', '0.5'],
      ['DOTUSDT', 'Polkadot', 4, '7', '0.003', '0.75'],
      ['LTCUSDT', 'Litecoin', 3, '80', '0.02', '0.65'],
      ['LINKUSDT', 'Chainlink', 4, '15', '0.005', '0.8'],
      ['AVAXUSDT', 'Avalanche', 3, '35', '0.01', '0.85'],
      ['MATICUSDT', 'Polygon', 5, '0.7', '0.0003', '0.8'],
      ['ATOMUSDT', 'Cosmos', 4, '8', '0.003', '0.75'],
      ['UNIUSDT', 'Uniswap', 4, '9', '0.004', '0.85'],
      ['XLMUSDT', 'Stellar', 6, '0.11', '0.00004', '0.7'],
      ['BCHUSDT', 'Bitcoin Cash', 2, '450', '0.1', '0.7'],
      ['ETCUSDT', 'Ethereum Classic', 3, '27', '0.01', '0.7'],
      ['FILUSDT', 'Filecoin', 4, '5.5', '0.003', '0.85'],
      ['NEARUSDT', 'NEAR Protocol', 4, '6', '0.003', '0.9'],
    ],
  },
  {
    type: 1,
    contractSize: '100000',
    leverages: [10, 20, 50, 100, 200, 500],
    hours: FOREX,
    rows: [
      ['EURUSD', 'EUR/USD', 5, '1.085', '0.00012', '0.07'],
      ['GBPUSD', 'GBP/USD', 5, '1.27', '0.00015', '0.08'],
      ['USDJPY', 'USD/JPY', 3, '155', '0.012', '0.09'],
      ['USDCHF', 'USD/CHF', 5, '0.9', '0.00015', '0.07'],
      ['AUDUSD', 'AUD/USD', 5, '0.665', '0.00014', '0.1'],
      ['USDCAD', 'USD/CAD', 5, '1.365', '0.00018', '0.06'],
      ['NZDUSD', 'NZD/USD', 5, '0.61', '0.0002', '0.1'],
      ['EURGBP', 'EUR/GBP', 5, '0.855', '0.00015', '0.06'],
      ['EURJPY', 'EUR/JPY', 3, '168', '0.018', '0.09'],
      ['GBPJPY', 'GBP/JPY', 3, '197', '0.025', '0.11'],
      ['AUDJPY', 'AUD/JPY', 3, '103', '0.02', '0.11'],
      ['EURCHF', 'EUR/CHF', 5, '0.97', '0.0002', '0.06'],
    ],
  },
  {
    type: 4,
    contractSize: '100',
    leverages: [5, 10, 20, 50, 100],
    hours: FUTURES,
    rows: [
      ['USOIL', 'WTI Crude Oil', 2, '78', '0.03', '0.35'],
      ['UKOIL', 'Brent Crude Oil', 2, '82', '0.03', '0.32'],
      ['NGAS', 'Natural Gas', 3, '2.5', '0.005', '0.6'],
      ['US500', 'S&P 500 Futures', 2, '5300', '0.5', '0.16'],
      ['NAS100', 'Nasdaq 100 Futures', 2, '18500', '1', '0.2'],
      ['US30', 'Dow Jones Futures', 2, '39000', '2', '0.15'],
    ],
  },
  {
    type: 5,
    contractSize: '1',
    leverages: [1, 2, 5, 10, 20],
    hours: US_EQUITIES,
    rows: [
      ['SPY', 'SPDR S&P 500 ETF', 2, '530', '0.02', '0.15'],
      ['QQQ', 'Invesco QQQ Trust', 2, '455', '0.02', '0.2'],
      ['DIA', 'SPDR Dow Jones ETF', 2, '390', '0.03', '0.14'],
      ['IWM', 'iShares Russell 2000 ETF', 2, '205', '0.02', '0.22'],
      ['GLD', 'SPDR Gold Shares', 2, '215', '0.02', '0.14'],
      ['EEM', 'iShares MSCI Emerging Markets ETF', 2, '43', '0.01', '0.18'],
      ['VTI', 'Vanguard Total Stock Market ETF', 2, '260', '0.02', '0.15'],
    ],
  },
  {
    type: 6,
    contractSize: '1',
    leverages: [1, 2, 5, 10, 20],
    hours: US_EQUITIES,
    rows: [
      ['AAPL', 'Apple', 2, '190', '0.02', '0.28'],
      ['MSFT', 'Microsoft', 2, '420', '0.03', '0.25'],
      ['NVDA', 'NVIDIA', 2, '120', '0.02', '0.5'],
      ['AMZN', 'Amazon', 2, '185', '0.02', '0.32'],
      ['GOOGL', 'Alphabet', 2, '175', '0.02', '0.3'],
      ['META', 'Meta Platforms', 2, '480', '0.04', '0.38'],
      ['TSLA', 'Tesla', 2, '180', '0.03', '0.55'],
      ['NFLX', 'Netflix', 2, '640', '0.05', '0.38'],
      ['AMD', 'Advanced Micro Devices', 2, '160', '0.02', '0.48'],
      ['JPM', 'JPMorgan Chase', 2, '200', '0.02', '0.22'],
    ],
  },
  {
    type: 7,
    contractSize: '100',
    leverages: [10, 20, 50, 100],
    hours: FOREX,
    rows: [
      ['XAUUSD', 'Gold XAU/USD', 2, '2350', '0.3', '0.15'],
      ['XAGUSD', 'Silver XAG/USD', 3, '29.5', '0.03', '0.25'],
    ],
  },
];

export class CreateMarket1763900001000 implements MigrationInterface {
  name = 'CreateMarket1763900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS market`);
    await q.query(`
      CREATE TABLE market.instruments (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        code text NOT NULL UNIQUE,
        type smallint NOT NULL CHECK (type IN (1, 2, 4, 5, 6, 7)),
        app_name text NOT NULL,
        logo text NOT NULL,
        price_precision smallint NOT NULL CHECK (price_precision BETWEEN 0 AND 12),
        contract_size numeric(38, 18) NOT NULL CHECK (contract_size > 0),
        spread numeric(38, 18) NOT NULL CHECK (spread >= 0),
        leverages integer[] NOT NULL,
        trading_hours jsonb NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        -- The simulator's starting price and annualized volatility.
        reference_price numeric(38, 18) NOT NULL CHECK (reference_price > 0),
        volatility numeric(38, 18) NOT NULL CHECK (volatility >= 0),
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX instruments_type_idx ON market.instruments (type, sort_order)`);
    await q.query(`
      CREATE TABLE market.klines (
        instrument_id integer NOT NULL REFERENCES market.instruments (id),
        period text NOT NULL CHECK (period IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')),
        open_time timestamptz NOT NULL,
        open numeric(38, 18) NOT NULL,
        high numeric(38, 18) NOT NULL,
        low numeric(38, 18) NOT NULL,
        close numeric(38, 18) NOT NULL,
        volume numeric(38, 18) NOT NULL DEFAULT 0,
        PRIMARY KEY (instrument_id, period, open_time)
      )`);
    // One row per instrument whose generated history was written (the guard of the seeder).
    await q.query(`
      CREATE TABLE market.history_seeds (
        instrument_id integer PRIMARY KEY REFERENCES market.instruments (id),
        until timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    let order = 0;
    for (const group of GROUPS) {
      for (const [code, name, precision, price, spread, volatility] of group.rows) {
        await q.query(
          `INSERT INTO market.instruments (code, type, app_name, logo, price_precision, contract_size, spread,
             leverages, trading_hours, reference_price, volatility, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            code,
            group.type,
            name,
            `/assets/logos/${code}.svg`,
            precision,
            contractSizeOf(code, group.contractSize),
            spread,
            group.leverages,
            JSON.stringify(group.hours),
            price,
            volatility,
            ++order,
          ],
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA market CASCADE`);
  }
}

// Contract sizes that differ inside a group (units per lot).
function contractSizeOf(code: string, fallback: string): string {
  const sizes: Record<string, string> = {
    USOIL: '1000',
    UKOIL: '1000',
    NGAS: '10000',
    US500: '50',
    NAS100: '20',
    US30: '5',
    XAUUSD: '100',
    XAGUSD: '5000',
  };
  return sizes[code] ?? fallback;
}
