import { randomUUID } from 'node:crypto';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { listen } from '../market/market-support';
import { PriceService } from '@app/market';

/**
 * Every route that changes state, read from the application's own route table, is classified here:
 * a money-moving one must carry @Idempotent() (the Idempotency-Key header); a new route that is in
 * neither list fails this test, so that it cannot be missed.
 */
const MONEY_MOVING = [
  'POST swx/customer/user/recharge',
  'POST swx/customer/user/dh',
  'POST swx/customer/user/withdrawal',
  'POST swx/customer/user/loan',
  'POST swx/customer/user/repayLoan',
  'POST swx/customer/user/buyNft',
  'POST swx/customer/order/buyOptions',
  'POST swx/customer/order/buySmart',
  'POST swx/customer/order/exitSmart',
  'POST swx/customer/order/buyMining',
  'POST swx/customer/order/buyU',
  'POST swx/customer/order/stopU',
  'POST swx/customer/order/cancelU',
  'POST swx/admin/recharges/:id/approve',
  'POST swx/admin/recharges/:id/reject',
  'POST swx/admin/withdrawals/:id/approve',
  'POST swx/admin/withdrawals/:id/reject',
  'POST swx/admin/loans/:id/markRepaid',
  // Manual ledger adjustments: the approval posts the transfer (`admin-adjustment-<id>`); asking and
  // rejecting move nothing but are replay-safe the same way (a repeated click is one request).
  'POST swx/admin/adjustments',
  'POST swx/admin/adjustments/:id/approve',
  'POST swx/admin/adjustments/:id/reject',
  'POST swx/customer/order/submit',
  'POST swx/customer/order/chedan',
];

/**
 * Routes that move money but are made safe by their state machine alone (the row is locked and must
 * still be in the state the action leaves; the ledger key is the record's), listed with why.
 */
const STATE_GUARDED: Record<string, string> = {
  // Withdrawing a listed collectible releases its leading bid once (`nft-bid-release-<bid>`); a
  // repeat finds it withdrawn. A DELETE, so not one of the money-moving POSTs.
  'DELETE swx/admin/nfts/:id': 'status listed -> withdrawn under a row lock',
  // Records the payout's reference of a withdrawal the approval already paid: moves no money; the
  // same reference again is a no-op, another one 409.
  'POST swx/admin/withdrawals/:id/complete': 'status approved -> completed under a row lock',
  // Registration grants the demo book once (`demo-grant-<userId>`); a repeat is a duplicate user.
  'POST swx/customer/login/register': 'ledger key per new user',
  'POST swx/customer/login/loginByDapp': 'first wallet login registers once (ledger key per new user)',
  'POST swx/customer/login/loginByGoogle': 'first Google login registers once (ledger key per new user)',
  // The quote pays the plan's days already due before it answers (an exit must not forfeit them):
  // the settlement's statement, whose payout rows are unique per plan and day.
  'POST swx/customer/order/smartExitQuote':
    'pays only days already due, each once (payout row per plan and day)',
};

function routes(t: TestApp): { route: string; idempotent: boolean }[] {
  const out: { route: string; idempotent: boolean }[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '').replace(/^\/|\/$/g, '');
      const proto = type.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        if (
          ![RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE].includes(method)
        )
          continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '').replace(/^\/|\/$/g, '');
        out.push({
          route: `${RequestMethod[method]} ${[base, sub].filter(Boolean).join('/')}`,
          idempotent: Reflect.getMetadata('swx:idempotent', handler) === true,
        });
      }
    }
  }
  return out;
}

describe('reliability: Idempotency-Key on every money-moving POST', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Prices only from the ticks this file publishes (no simulator to wait for).
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 300_000);

  it('every money-moving route carries @Idempotent(); the rest are known not to move money', () => {
    const table = routes(t);
    expect(table.length).toBeGreaterThan(40);
    const missing = MONEY_MOVING.filter((r) => !table.some((x) => x.route === r && x.idempotent));
    expect(missing).toEqual([]);
    // Everything idempotent is in the money list, and nothing else moves money: routes that change
    // state without moving money are listed by their owners' tests; here a new POST under the
    // customer order/user money prefixes or an admin money decision must be classified.
    const moneyPrefixes = [
      /^POST swx\/customer\/order\//,
      /^POST swx\/customer\/user\/(buy|dh|recharge|withdraw|loan|repay|exit|stop|cancel|sell|bid|transfer)/i,
      /^(POST|PUT|PATCH|DELETE) swx\/admin\/(recharges|withdrawals|loans|nfts|spot|balances|adjustments)/,
    ];
    const unclassified = table
      .filter((x) => moneyPrefixes.some((p) => p.test(x.route)))
      .filter((x) => !MONEY_MOVING.includes(x.route) && !(x.route in STATE_GUARDED))
      .filter((x) => !/^(POST|PUT) swx\/admin\/nfts(\/:id)?$/.test(x.route)) // catalogue edits, no money
      .map((x) => `${x.route}${x.idempotent ? ' (idempotent)' : ''}`);
    expect(unclassified).toEqual([]);
  });

  it('N keys x 10 concurrent replays of user/dh (1,000 in the soak run): exactly N exchanges', async () => {
    await t.app.get(PriceService).publishTick({ code: 'BTCUSDT', price: '65000', ts: Date.now() });
    const user = await registerUser(t);
    await t.app.get(LedgerService).post({
      key: `test-deposit-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '5000',
        },
      ],
    });
    // 1,000 keys in `npm run test:soak`, 200 in the e2e suite.
    const KEYS = Number(process.env.IDEMPOTENCY_KEYS ?? (process.env.SOAK === '1' ? 1000 : 200));
    const REPLAYS = 10;
    const keys = Array.from({ length: KEYS }, () => randomUUID());
    // Over a real socket with keep-alive (fetch), as a client would send them.
    const base = await listen(t);
    const send = async (key: string, amount = '1') => {
      const res = await fetch(`${base}/swx/customer/user/dh`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          Authorization: `Bearer ${user.token}`,
          virtually: 'YES',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({ from: 'USDT', to: 'BTC', amount }),
      });
      return { key, body: (await res.json()) as { code: number; result: unknown } };
    };
    const started = Date.now();
    const answers: { key: string; body: { code: number; result: unknown } }[] = [];
    // 25 keys at a time, each sent 10 times at once: 250 requests in flight.
    for (let i = 0; i < keys.length; i += 25) {
      const batch = keys.slice(i, i + 25);
      // A fresh tick now and then: a price older than two minutes is not traded on (price-guard.ts).
      if (i % 500 === 0)
        await t.app.get(PriceService).publishTick({ code: 'BTCUSDT', price: '65000', ts: Date.now() });
      answers.push(
        ...(await Promise.all(batch.flatMap((k) => Array.from({ length: REPLAYS }, () => send(k))))),
      );
    }
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger.journal j
        WHERE j.reason = 'exchange' AND EXISTS (
          SELECT 1 FROM ledger.transfers tr JOIN ledger.accounts a ON a.id = tr.debit_account_id
           WHERE tr.journal_id = j.id AND a.owner_type = 'user' AND a.owner_id = $1)`,
      [user.id],
    );
    expect(n).toBe(KEYS);
    const codes = new Map<number, number>();
    for (const a of answers) codes.set(a.body.code, (codes.get(a.body.code) ?? 0) + 1);
    process.stderr.write(`[idempotency] answers: ${JSON.stringify(Object.fromEntries(codes))}\n`);
    // Each key: one success, the others the stored success (a replay) or 409 (still running).
    expect([...codes.keys()].every((c) => c === 200 || c === 409)).toBe(true);
    for (const k of keys) expect(answers.some((a) => a.key === k && a.body.code === 200)).toBe(true);
    // After the dust settles a replay answers the first result.
    for (const k of keys.slice(0, 20)) {
      const first = answers.find((a) => a.key === k && a.body.code === 200)!;
      expect((await send(k)).body).toEqual(first.body);
    }
    // The same key with another body: 422, nothing moves.
    expect((await send(keys[0], '2')).body.code).toBe(422);
    process.stderr.write(
      `[idempotency] ${KEYS} keys x ${REPLAYS} in ${Date.now() - started} ms: ${JSON.stringify(Object.fromEntries(codes))}\n`,
    );
  }, 1_200_000);
});
