import { spawn } from 'node:child_process';
import path from 'node:path';
import { SpotOwnership } from '@app/orders/spot/spot-ownership.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import {
  createPair,
  fund,
  reservationViolations,
  submit,
  waitFor,
  type OrderBody,
  type TestPair,
} from './spot-support';

const USERS = 8;
const ORDERS = 400;

/**
 * The only sequencer of a pair (the built platform in a child process) is killed with SIGKILL in
 * the middle of a stream of orders, while orders keep coming; once it runs again every accepted
 * order is on the book, filled or cancelled for a stated reason (none is lost), every trade is
 * recorded once with its own place in the sequence and settled by exactly one journal entry (none
 * is doubled), what each order filled is what its trades say, and the holds agree with the ledger.
 * Matching and settlement commit in one transaction, so a kill between them leaves neither.
 */
jest.setTimeout(300_000);

describe('spot sequencer survives SIGKILL', () => {
  let t: TestApp;
  let pair: TestPair;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    // This test's own process takes HTTP orders but sequences nothing: the child does.
    await t.app.get(SpotOwnership, { strict: false }).pause();
    pair = await createPair(t, { owned: false });
  });
  afterAll(async () => {
    t.app.get(SpotOwnership, { strict: false }).resume();
    await t.close();
  });

  function startSequencer(mode: 'serve' | 'drain') {
    const child = spawn(
      process.execPath,
      [
        path.join(__dirname, 'spot-sequencer-child.mjs'),
        process.env.TEST_RUN_DATABASE_URL!,
        process.env.TEST_RUN_REDIS_URL!,
        t.config.REDIS_PREFIX,
        pair.symbol,
        mode,
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

  const count = async (sql: string) => Number((await t.db.query(sql, [pair.symbol]))[0].n);

  it('loses no accepted order and settles no trade twice', async () => {
    const users: RegisteredUser[] = [];
    for (let i = 0; i < USERS; i++) {
      const u = await registerUser(t);
      await fund(t, u, 'USDT', '100000');
      await fund(t, u, pair.base, '1000');
      users.push(u);
    }
    // A deterministic stream around 100: limit orders of both sides, some market orders.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const stream: { user: RegisteredUser; body: OrderBody }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const side = rand() < 0.5 ? 'buy' : 'sell';
      const user = users[Math.floor(rand() * USERS)];
      if (rand() < 0.1) {
        stream.push({
          user,
          body:
            side === 'buy'
              ? {
                  symbol: pair.symbol,
                  side,
                  type: 'market',
                  amount: (10 + Math.floor(rand() * 100)).toString(),
                }
              : {
                  symbol: pair.symbol,
                  side,
                  type: 'market',
                  quantity: (0.1 + Math.floor(rand() * 10) / 10).toFixed(3),
                },
        });
      } else {
        const price = (100 + Math.floor(rand() * 200 - (side === 'buy' ? 120 : 80)) / 100).toFixed(2);
        stream.push({
          user,
          body: {
            symbol: pair.symbol,
            side,
            type: 'limit',
            price,
            quantity: (0.1 + Math.floor(rand() * 20) / 10).toFixed(3),
          },
        });
      }
    }

    const first = startSequencer('serve');
    await waitFor(
      () => first.output().includes('ready') || first.child.exitCode !== null,
      60_000,
      'the sequencer',
    );
    if (!first.output().includes('ready')) throw new Error(`the sequencer did not start: ${first.output()}`);

    const accepted: string[] = [];
    let next = 0;
    let killedAt = -1;
    const worker = async () => {
      for (;;) {
        const i = next++;
        // Some orders arrive while no sequencer runs (each waits for one a few seconds, then is pending).
        if (i >= stream.length || (killedAt >= 0 && i >= killedAt + 24)) return;
        const res = await submit(t, stream[i].user, stream[i].body);
        if (res.body.code === 200) accepted.push(res.body.result.id as string);
        else if (res.body.code !== 10092) throw new Error(`order ${i}: ${JSON.stringify(res.body)}`);
      }
    };
    const killer = (async () => {
      await waitFor(
        async () =>
          (await count(`SELECT count(*)::int AS n FROM orders.spot_trades WHERE symbol = $1`)) >= 20,
        120_000,
        'trades before the kill',
      );
      killedAt = next;
      first.child.kill('SIGKILL');
    })();
    await Promise.all([worker(), worker(), worker(), worker(), killer]);
    expect(await first.exited).toBe('SIGKILL');
    // Killed in the middle of the stream, with orders accepted after it.
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(ORDERS);
    const pending = await count(
      `SELECT count(*)::int AS n FROM orders.spot_orders WHERE symbol = $1 AND state = 'pending'`,
    );
    expect(pending).toBeGreaterThan(0);

    // A new sequencer takes the pair once the dead one's lease has lapsed, and drains what waited.
    const second = startSequencer('drain');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('done');

    const states: { state: string; cancel_reason: string | null; n: number }[] = await t.db.query(
      `SELECT state, cancel_reason, count(*)::int AS n FROM orders.spot_orders WHERE id = ANY($1::bigint[]) GROUP BY 1, 2`,
      [accepted],
    );
    expect(states.reduce((s, r) => s + r.n, 0)).toBe(accepted.length);
    for (const r of states) {
      expect(['open', 'partial', 'filled', 'cancelled']).toContain(r.state);
      if (r.state === 'cancelled') expect(['self_trade', 'no_liquidity']).toContain(r.cancel_reason);
    }
    // Every trade once, in an unbroken sequence, settled by exactly one journal entry.
    const [trades] = await t.db.query(
      `SELECT count(*)::int AS n, min(seq)::int AS lo, max(seq)::int AS hi, count(DISTINCT seq)::int AS distinct_seq
         FROM orders.spot_trades WHERE symbol = $1 AND book = 'real'`,
      [pair.symbol],
    );
    expect(trades.n).toBeGreaterThan(20);
    expect(trades.distinct_seq).toBe(trades.n);
    expect(trades.hi - trades.lo + 1).toBe(trades.n);
    const journals: { per: number; n: number }[] = await t.db.query(
      `SELECT per, count(*)::int AS n FROM (
         SELECT (SELECT count(*)::int FROM ledger.journal j WHERE j.ref_type = 'spot_trade' AND j.ref_id = s.id::text) AS per
           FROM orders.spot_trades s WHERE s.symbol = $1) x GROUP BY per`,
      [pair.symbol],
    );
    expect(journals).toEqual([{ per: 1, n: trades.n }]);
    // What each order filled is the sum of its trades.
    const mismatched = await t.db.query(
      `SELECT o.id FROM orders.spot_orders o
        WHERE o.symbol = $1 AND o.filled <> coalesce((SELECT sum(quantity) FROM orders.spot_trades s
                                                    WHERE s.taker_order_id = o.id OR s.maker_order_id = o.id), 0)`,
      [pair.symbol],
    );
    expect(mismatched).toEqual([]);
    // Never crossed.
    const [book] = await t.db.query(
      `SELECT max(price) FILTER (WHERE side = 'buy')::text AS bid, min(price) FILTER (WHERE side = 'sell')::text AS ask
         FROM orders.spot_orders WHERE symbol = $1 AND book = 'real' AND state IN ('open', 'partial')`,
      [pair.symbol],
    );
    if (book.bid !== null && book.ask !== null) expect(Number(book.bid)).toBeLessThan(Number(book.ask));
    expect(await reservationViolations(t, pair.symbol)).toEqual([]);
  });
});
