import { spawn } from 'node:child_process';
import path from 'node:path';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PriceService } from '@app/market';
import { TradingProcessor } from '@app/orders/u-orders/trading-jobs';
import { waitFor } from '../market/market-support';
import { createTestApp, type TestApp } from '../../support/test-app';

const ORDERS = 600;

/**
 * Options fall due while the only trading worker is killed with SIGKILL in the middle of settling
 * them; once it starts again each order is settled exactly once, at the price in force at its
 * expiry (not the price when the worker came back; here the K-line, the ticks being long gone), and the ledger still balances (the audit after
 * this file). The worker is the built platform (dist/) in a child process.
 */
describe('options settlement survives SIGKILL', () => {
  let t: TestApp;
  let processor: TradingProcessor;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    processor = t.app.get(TradingProcessor, { strict: false });
  });
  afterAll(async () => {
    await processor.worker.resume();
    await t.close();
  });

  function startWorker(ids: string[]) {
    const child = spawn(
      process.execPath,
      [
        path.join(__dirname, 'trading-worker-child.mjs'),
        process.env.TEST_RUN_DATABASE_URL!,
        process.env.TEST_RUN_REDIS_URL!,
        t.config.REDIS_PREFIX,
        JSON.stringify(ids),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    return { child, exited, output: () => output };
  }

  const settledCount = async (ids: string[]) =>
    Number(
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM orders.options_orders WHERE id = ANY($1::bigint[]) AND state <> 'open'`,
          [ids],
        )
      )[0].n,
    );

  it('settles each due order once, at the price of its expiry, after a crash and a restart', async () => {
    // This test's own process settles nothing: the child is the only worker.
    await processor.worker.pause(true);
    const prices = t.app.get(PriceService);
    const btc = prices.instrument('BTCUSDT');
    // Due for two hours: no process keeps ticks that old, so every worker (those of other test
    // files too, whose price state is their own) settles at the stored 1-minute K-line of the
    // expiry: 65100 (ups win, downs lose). The price has fallen to 64900 since.
    const minute = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
    const expiry = minute + 30_000;
    await t.db.query(
      `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close, volume)
       VALUES ($1, '1m', $2, 65000, 65200, 64950, 65100, 10), ($1, '1m', $3, 65100, 65100, 64900, 64900, 10)
       ON CONFLICT (instrument_id, period, open_time) DO UPDATE
         SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close`,
      [btc.id, new Date(minute).toISOString(), new Date(minute + 60_000).toISOString()],
    );
    await prices.publishTick({ code: 'BTCUSDT', price: '64900', ts: Date.now() });

    const [product] = await t.db.query(`SELECT id FROM orders.options_products ORDER BY id LIMIT 1`);
    const rows: { id: string; user_id: string; direction: string }[] = await t.db.query(
      `INSERT INTO orders.options_orders (user_id, book, product_id, instrument_id, code, currency, direction,
              amount, payout_rate, period_seconds, open_price, opened_at, expires_at, state)
       SELECT gen_random_uuid(), 'real', $1, $2, 'BTCUSDT', 'USDT', CASE WHEN n % 2 = 0 THEN 'up' ELSE 'down' END,
              100, 0.7, 30, 65000, $3::timestamptz - interval '30 seconds', $3::timestamptz, 'open'
         FROM generate_series(1, $4) AS n
       RETURNING id::text, user_id::text, direction`,
      [product.id, btc.id, new Date(expiry).toISOString(), ORDERS],
    );
    const ids = rows.map((r) => r.id);
    // Their stakes, as buying them would have held them.
    await t.app.get(LedgerService).postMany(
      rows.map((o) => ({
        key: `options-stake-${o.id}`,
        reason: 'options_order',
        refType: 'options_order',
        refId: o.id,
        legs: [
          {
            from: {
              owner: { type: 'system', id: SystemAccount.External },
              book: 'real',
              currency: 'USDT',
              kind: 'main',
            },
            to: {
              owner: { type: 'user', id: o.user_id },
              book: 'real',
              currency: 'USDT',
              kind: 'options_stake',
            },
            amount: '100',
          },
        ],
      })),
    );

    const first = startWorker(ids);
    const atKill = await waitFor(
      async () => {
        const n = await settledCount(ids);
        return n >= 50 ? n : first.child.exitCode !== null ? -1 : null;
      },
      60_000,
      'the worker settling',
    );
    if (atKill < 0) throw new Error(`the worker ended early: ${first.output()}`);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(atKill).toBeGreaterThanOrEqual(50);
    // Killed in the middle: some were still due.
    expect(await settledCount(ids)).toBeLessThan(ORDERS);

    const second = startWorker(ids);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('done');

    const perOrder: {
      id: string;
      direction: string;
      state: string;
      settle_price: string;
      settle_price_source: string;
      settle_price_at: Date;
      journals: number;
      available: string;
      stake: string;
    }[] = await t.db.query(
      `SELECT o.id::text, o.direction, o.state, o.settle_price::text, o.settle_price_source, o.settle_price_at,
              (SELECT count(*)::int FROM ledger.journal j WHERE j.ref_type = 'options_order' AND j.ref_id = o.id::text) AS journals,
              (SELECT coalesce(sum(a.balance), 0)::text FROM ledger.accounts a
                WHERE a.owner_type = 'user' AND a.owner_id = o.user_id::text AND a.kind = 'available') AS available,
              (SELECT coalesce(sum(a.balance), 0)::text FROM ledger.accounts a
                WHERE a.owner_type = 'user' AND a.owner_id = o.user_id::text AND a.kind = 'options_stake') AS stake
         FROM orders.options_orders o WHERE o.id = ANY($1::bigint[])`,
      [ids],
    );
    expect(perOrder).toHaveLength(ORDERS);
    for (const o of perOrder) {
      expect(o.journals).toBe(2); // the stake and one settlement
      expect(Number(o.settle_price)).toBe(65100);
      expect(o.settle_price_source).toBe('kline');
      expect(new Date(o.settle_price_at).getTime()).toBe(minute);
      expect(o.state).toBe(o.direction === 'up' ? 'won' : 'lost');
      expect(Number(o.available)).toBe(o.direction === 'up' ? 170 : 0);
      expect(Number(o.stake)).toBe(0);
    }
    // Two child processes start and settle: minutes on a busy 2-core machine, not a hang.
  }, 180_000);
});
