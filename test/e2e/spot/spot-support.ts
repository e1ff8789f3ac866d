import Decimal from 'decimal.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { SpotOwnership } from '@app/orders/spot/spot-ownership.service';
import type { TestApp } from '../../support/test-app';
import type { RegisteredUser } from '../../support/users';
import { waitFor } from '../market/market-support';

export { waitFor };

export type SpotBook = 'real' | 'demo';

/** Headers of a customer on a book (virtually: YES is the real book, NO the demo book). */
export const as = (u: RegisteredUser, book: SpotBook = 'real') => ({
  Authorization: `Bearer ${u.token}`,
  virtually: book === 'real' ? 'YES' : 'NO',
});

export interface TestPair {
  symbol: string;
  base: string;
}

/**
 * A pair of this test's own (a coin no market lists, so no market maker quotes it and no other
 * test file trades on it), with a tick of 0.01 and a lot of 0.001 unless told otherwise; waits
 * until a sequencer (this app's, unless `owned` is false) owns it.
 */
export async function createPair(
  t: TestApp,
  options: { tick?: string; lot?: string; owned?: boolean } = {},
): Promise<TestPair> {
  const base = `T${randomBytes(4).toString('hex').toUpperCase()}`;
  const symbol = `${base}USDT`;
  await t.db.query(
    `INSERT INTO orders.spot_pairs (symbol, base, quote, tick_size, lot_size) VALUES ($1, $2, 'USDT', $3, $4)`,
    [symbol, base, options.tick ?? '0.01', options.lot ?? '0.001'],
  );
  await t.db.query(
    `INSERT INTO orders.spot_books (symbol, book) VALUES ($1, 'real'), ($1, 'demo') ON CONFLICT DO NOTHING`,
    [symbol],
  );
  if (options.owned !== false) {
    const ownership = t.app.get(SpotOwnership, { strict: false });
    await waitFor(() => ownership.owns(symbol), 20_000, `the sequencer of ${symbol}`);
  }
  return { symbol, base };
}

/** Money from the outside world into a user's available balance, as an approved deposit posts it. */
export async function fund(
  t: TestApp,
  u: RegisteredUser,
  currency: string,
  amount: string,
  book: SpotBook = 'real',
) {
  await t.app.get(LedgerService).post({
    key: `fund-${randomUUID()}`,
    reason: 'deposit',
    legs: [
      {
        from: {
          owner: { type: 'system', id: book === 'real' ? SystemAccount.External : SystemAccount.DemoFaucet },
          book,
          currency,
          kind: 'main',
        },
        to: { owner: { type: 'user', id: u.id }, book, currency, kind: 'available' },
        amount,
      },
    ],
  });
}

export async function balance(
  t: TestApp,
  u: RegisteredUser,
  currency: string,
  kind: 'available' | 'frozen',
  book: SpotBook = 'real',
): Promise<string> {
  return (
    await t.app.get(LedgerService).balance({ owner: { type: 'user', id: u.id }, book, currency, kind })
  ).toFixed();
}

/** Every coin of a user in a book: {currency: {available, frozen}}. */
export async function wallet(t: TestApp, u: RegisteredUser, currencies: string[], book: SpotBook = 'real') {
  const out: Record<string, { available: string; frozen: string }> = {};
  for (const c of currencies) {
    out[c] = {
      available: await balance(t, u, c, 'available', book),
      frozen: await balance(t, u, c, 'frozen', book),
    };
  }
  return out;
}

export interface OrderBody {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price?: string;
  quantity?: string;
  amount?: string;
}

export async function submit(t: TestApp, u: RegisteredUser, body: OrderBody, book: SpotBook = 'real') {
  return t.http().post('/swx/customer/order/submit').set(as(u, book)).send(body);
}

/** Places an order that must be accepted and sequenced; answers its view. */
export async function place(t: TestApp, u: RegisteredUser, body: OrderBody, book: SpotBook = 'real') {
  const res = await submit(t, u, body, book);
  if (res.body.code !== 200) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
  const order = res.body.result as { id: string; state: string };
  if (order.state !== 'pending') return res.body.result as SpotOrderView;
  return waitForOrder(t, order.id, (o) => o.state !== 'pending');
}

export interface SpotOrderView {
  id: string;
  state: string;
  filled: string;
  turnover: string;
  fee: string;
  heldLeft: string;
  cancelReason: string | null;
  [key: string]: unknown;
}

export async function orderRow(t: TestApp, id: string) {
  const [row]: Record<string, string | null>[] = await t.db.query(
    `SELECT id::text, state, filled::text, turnover::text, fee::text, held::text, held_left::text, cancel_reason
       FROM orders.spot_orders WHERE id = $1`,
    [id],
  );
  for (const k of ['filled', 'turnover', 'fee', 'held', 'held_left']) row[k] = new Decimal(row[k]!).toFixed();
  return row as unknown as {
    id: string;
    state: string;
    filled: string;
    turnover: string;
    fee: string;
    held: string;
    held_left: string;
    cancel_reason: string | null;
  };
}

export async function waitForOrder(
  t: TestApp,
  id: string,
  done: (o: { state: string }) => boolean,
  timeoutMs = 20_000,
): Promise<SpotOrderView> {
  await waitFor(async () => done(await orderRow(t, id)), timeoutMs, `order ${id}`);
  const row = await orderRow(t, id);
  return {
    id: row.id,
    state: row.state,
    filled: row.filled,
    turnover: row.turnover,
    fee: row.fee,
    heldLeft: row.held_left,
    cancelReason: row.cancel_reason,
  };
}

/**
 * The spot reservations agree with the ledger: for every user of the pair, what is frozen in each
 * coin equals what that user's live orders still hold. Answers the disagreements.
 */
export async function reservationViolations(t: TestApp, symbol: string): Promise<string[]> {
  const rows: { user_id: string; book: string; currency: string; held: string; frozen: string }[] =
    await t.db.query(
      `WITH held AS (
         SELECT o.user_id::text AS user_id, o.book, CASE WHEN o.side = 'buy' THEN p.quote ELSE p.base END AS currency,
                sum(o.held_left) FILTER (WHERE o.state IN ('pending', 'open', 'partial')) AS held
           FROM orders.spot_orders o JOIN orders.spot_pairs p ON p.symbol = o.symbol
          WHERE o.symbol = $1 AND o.user_id IS NOT NULL
          GROUP BY 1, 2, 3)
       SELECT h.user_id, h.book, h.currency, coalesce(h.held, 0)::text AS held,
              coalesce((SELECT balance FROM ledger.accounts a
                         WHERE a.owner_type = 'user' AND a.owner_id = h.user_id AND a.book = h.book
                           AND a.currency = h.currency AND a.kind = 'frozen'), 0)::text AS frozen
         FROM held h`,
      [symbol],
    );
  return rows
    .filter((r) => Number(r.held) !== Number(r.frozen))
    .map((r) => `${r.user_id} ${r.book} ${r.currency}: orders hold ${r.held}, frozen ${r.frozen}`);
}

/** The same user logged in on another app (each test app signs its own tokens). */
export async function loginOn(t: TestApp, u: RegisteredUser): Promise<RegisteredUser> {
  const res = await t
    .http()
    .post('/swx/customer/login/login')
    .send({ account: u.username, password: u.password });
  if (res.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { ...u, token: res.body.result.token as string };
}
