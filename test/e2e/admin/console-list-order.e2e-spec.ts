import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';
import { PNG_1X1, submitBasicKyc } from '../reliability/reliability-fixtures';
import { createPair, fund, place } from '../spot/spot-support';
import { demo, fundReal, real, tick } from '../trading/trading-support';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/*
 * A console list sorted by id keeps the asked direction (the id tiebreak of the other sorts must not
 * replace it), and rows of the same value stay in id order across pages. So does every list sorted by
 * one of its tiebreak columns (the id, a parameter's key, a closure's type).
 */
describe('console lists and edits: order by id, the tiebreak, the echoed record', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  const tiedLoans: number[] = [];
  const tiedPlans: number[] = [];
  beforeAll(async () => {
    // Prices only from the ticks this file publishes: the orders below need one, no feed is needed.
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    admin = { Authorization: `Bearer ${login.body.result.token}` };
    // Two of each, with the same rate / yield, so that the tiebreak decides between them.
    const termDays = 3000 + Math.floor(Math.random() * 300);
    for (const days of [termDays, termDays + 1]) {
      const created = await t
        .http()
        .post('/swx/admin/loanProducts')
        .set(admin)
        .send({ termDays: days, dailyRate: '0.777', minAmount: '100', maxAmount: '1000', active: false });
      expect(created.body.code).toBe(200);
      tiedLoans.push(created.body.result.id as number);
    }
    for (let i = 0; i < 2; i++) {
      const created = await t
        .http()
        .post('/swx/admin/planProducts')
        .set(admin)
        .send({
          kind: 'mining',
          name: `Order ${randomUUID().slice(0, 8)}`,
          currency: 'USDT',
          dailyYield: '0.015',
          minAmount: '50',
          maxAmount: '5000',
          cycles: [7],
          allowRepeat: true,
          active: false,
          sort: 987654,
        });
      expect(created.body.code).toBe(200);
      tiedPlans.push(created.body.result.id as number);
    }
    for (const title of ['First', 'Second']) {
      const created = await t
        .http()
        .post('/swx/admin/announcements')
        .set(admin)
        // Not live: announcements.e2e-spec counts the seeded English ones users see, on the same
        // worker database when it runs after this file.
        .send({
          language: 'en',
          title: `${title} ${randomUUID().slice(0, 8)}`,
          content: 'Text',
          active: false,
        });
      expect(created.body.code).toBe(200);
    }
  });
  // Two rows at least in each list sorted by its tiebreak column below (most are seeded).
  const adjustments: string[] = [];
  beforeAll(async () => {
    const users = [await registerUser(t), await registerUser(t)]; // two codes in the outbox
    for (const user of users) {
      const sent = await t
        .http()
        .post('/swx/customer/user/supportMessage')
        .set({ Authorization: `Bearer ${user.token}` })
        .send({ body: 'Hello' });
      expect(sent.body.code).toBe(200);
      const adjustment = await t.http().post('/swx/admin/adjustments').set(admin).send({
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '1',
        reason: 'Order test',
      });
      expect(adjustment.body.code).toBe(200);
      adjustments.push(String(adjustment.body.result.id));
    }
    const [seller, buyer] = users;
    await tick(t, 'BTCUSDT', '65000');
    const [product] = (await t.http().get('/swx/customer/order/listOptionsProducts')).body.result as {
      id: number;
    }[];
    for (let i = 0; i < 2; i++) {
      const u = await t
        .http()
        .post('/swx/customer/order/buyU')
        .set(demo(buyer))
        .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 });
      expect(u.body.result).toMatchObject({ state: 'open' });
      const option = await t
        .http()
        .post('/swx/customer/order/buyOptions')
        .set(demo(buyer))
        .send({ code: 'BTCUSDT', productId: product.id, direction: 'up', amount: '100' });
      expect(option.body.result).toMatchObject({ state: 'open' });
    }
    // Two asks taken by one bid: three orders, two trades.
    const pair = await createPair(t);
    await fund(t, seller, pair.base, '10');
    await fund(t, buyer, 'USDT', '1000');
    for (let i = 0; i < 2; i++)
      await place(t, seller, {
        symbol: pair.symbol,
        side: 'sell',
        type: 'limit',
        price: '10',
        quantity: '1',
      });
    await place(t, buyer, { symbol: pair.symbol, side: 'buy', type: 'limit', price: '10', quantity: '2' });
  });
  // One customer's rows in each review list, of one amount and status, so that the id decides between
  // them (the lists are read filtered by this user: the other files' rows stay out of the pages).
  let reviewed: RegisteredUser;
  beforeAll(async () => {
    reviewed = await registerUser(t);
    // KYC: three failed submissions, then a verified one.
    for (let i = 0; i < 4; i++) {
      const id = await submitBasicKyc(t, reviewed);
      const decided = await t
        .http()
        .post(`/swx/admin/kyc/${id}/${i < 3 ? 'reject' : 'approve'}`)
        .set(admin)
        .send(i < 3 ? { reason: 'The photo is blurred' } : {});
      expect(decided.body.code).toBe(200);
    }
    await fundReal(t, reviewed, '10000');
    for (let i = 0; i < 3; i++) {
      const sent = t.http().post('/swx/customer/user/recharge').set(real(reviewed));
      const fields = {
        coin: 'USDT',
        network: 'TRC20',
        amount: '150',
        txHash: `0x${randomBytes(32).toString('hex')}`,
        last6: 'a1b2c3',
      };
      for (const [k, v] of Object.entries(fields)) void sent.field(k, v);
      expect((await sent.attach('voucher', PNG_1X1, 'v.png')).body.code).toBe(20002);
    }
    // Loans before the withdrawals (no loan is granted while a withdrawal waits), each repaid.
    for (let i = 0; i < 3; i++) {
      const loan = await t
        .http()
        .post('/swx/customer/user/loan')
        .set(real(reviewed))
        .send({ amount: '100', termDays: 30, agree: true });
      expect(loan.body.result).toMatchObject({ status: 'repaying' });
      const repaid = await t
        .http()
        .post('/swx/customer/user/repayLoan')
        .set(real(reviewed))
        .send({ loanId: loan.body.result.id });
      expect(repaid.body.result).toMatchObject({ status: 'repaid' });
    }
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: reviewed.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, reviewed.email);
    const password = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(reviewed))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(password.body.code).toBe(20005);
    for (let i = 0; i < 3; i++) {
      const sent = await t.http().post('/swx/customer/user/withdrawal').set(real(reviewed)).send({
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON_ADDRESS,
        amount: '20',
        withdrawPassword: 'withdraw-secret',
      });
      expect(sent.body.code).toBe(20003);
    }
  });
  // Coin pairs of one instant each, out of symbol order: three from long ago (the first ascending)
  // and three of the far future (the first descending). Inactive: no sequencer takes them.
  const pastPairs: string[] = [];
  const futurePairs: string[] = [];
  beforeAll(async () => {
    const letters = () => Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');
    for (const [pairs, at] of [
      [pastPairs, '2001-01-01T00:00:00Z'],
      [futurePairs, '2999-01-01T00:00:00Z'],
    ] as const) {
      const bases = [letters(), letters(), letters()].map((b) => `Q${b}`);
      bases.sort().reverse();
      pairs.push(...bases.map((b) => `${b}USDT`));
      // One statement: one created_at, the rows in the table in descending symbol order.
      await t.db.query(
        `INSERT INTO orders.spot_pairs (symbol, base, quote, tick_size, lot_size, active, created_at)
         SELECT b || 'USDT', b, 'USDT', 0.01, 0.001, false, $2::timestamptz FROM unnest($1::text[]) AS b`,
        [bases, at],
      );
      await t.db.query(
        `INSERT INTO orders.spot_books (symbol, book)
         SELECT s, k FROM unnest($1::text[]) AS s CROSS JOIN (VALUES ('real'), ('demo')) AS v(k)
         ON CONFLICT DO NOTHING`,
        [pairs],
      );
    }
  });
  // Role grants (withdrawn, harmless) whose ids cross a digit boundary, so that ordering them as text
  // (10 before 9) shows; made in one statement (one created_at). Deleted again after the file.
  const grantIds = ['999999999998', '999999999999', '1000000000000', '1000000000001'];
  let grantee = '';
  // Invite rewards of one inviter: three of one amount and currency, one other; one created_at.
  let inviter: RegisteredUser;
  beforeAll(async () => {
    const created = await t
      .http()
      .post('/swx/admin/admins')
      .set(admin)
      .send({
        email: `${randomUUID().slice(0, 8)}@grants.example.com`,
        displayName: 'Grantee',
        roles: ['reviewer'],
      });
    expect(created.body.code).toBe(200);
    grantee = created.body.result.id as string;
    const [{ id: by }] = await t.db.query<{ id: string }[]>(
      `SELECT id FROM accounts.admin_users WHERE email = 'admin@example.com'`,
    );
    await t.db.query(
      `INSERT INTO accounts.admin_role_grants (id, admin_id, role, status, requested_by, decided_by, decided_at)
       OVERRIDING SYSTEM VALUE
       SELECT g, $1, 'super_admin', 'withdrawn', $2, $2, now() FROM unnest($3::bigint[]) AS g`,
      [grantee, by, grantIds],
    );
    inviter = await registerUser(t);
    const invitee = await registerUser(t);
    const source = -Math.floor(Math.random() * 1e12) - 10;
    await t.db.query(
      `INSERT INTO accounts.invite_rewards (inviter_id, invitee_id, source_transfer_id, source_reason, currency, fee, rate, amount)
       SELECT $1, $2, $3::bigint - n, 'u_order_open', c, 2.5, 0.2, a
         FROM unnest($4::text[], $5::numeric[]) WITH ORDINALITY AS v(c, a, n)`,
      [inviter.id, invitee.id, source, ['USDT', 'USDT', 'BTC', 'USDT'], ['0.5', '0.5', '0.25', '0.5']],
    );
  });
  afterAll(async () => {
    await t.db.query(`DELETE FROM accounts.admin_role_grants WHERE id = ANY($1::bigint[])`, [grantIds]);
    await t.close();
  });

  const ids = async (resource: string, sort: [string, 'ASC' | 'DESC'], range = [0, 499]) => {
    const res = await t
      .http()
      .get(`/swx/admin/${resource}`)
      .query({ sort: JSON.stringify(sort), range: JSON.stringify(range) })
      .set(admin);
    expect(res.body.code).toBe(200);
    return (res.body.result as { id: number }[]).map((r) => r.id);
  };
  const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

  it.each([
    ['loanProducts', 'id'],
    ['planProducts', 'id'],
    ['announcements', 'id'],
    ['levels', 'level'],
  ])('%s: sort by %s (the tiebreak) goes both ways', async (resource, key) => {
    const up = await ids(resource, [key, 'ASC']);
    expect(up.length).toBeGreaterThanOrEqual(2);
    expect(up).toEqual(ascending(up));
    const down = await ids(resource, [key, 'DESC']);
    expect(down).toEqual(ascending(down).reverse());
  });

  /** The rows of a list page as the console asks for it. */
  const rows = async (resource: string, sort: [string, 'ASC' | 'DESC'], range = [0, 499]) => {
    const res = await t
      .http()
      .get(`/swx/admin/${resource}`)
      .query({ sort: JSON.stringify(sort), range: JSON.stringify(range) })
      .set(admin);
    expect(res.body.code).toBe(200);
    return res.body.result as Record<string, unknown>[];
  };
  /** Ids are numbers or bigint strings: compared as integers, not as text. */
  const byValue = (a: unknown, b: unknown) => {
    const x = BigInt(String(a));
    const y = BigInt(String(b));
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const byText = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
  const byAmount = (a: unknown, b: unknown) => new Decimal(String(a)).comparedTo(new Decimal(String(b)));

  it.each([
    ['contents', 'id'],
    ['support/conversations', 'id'],
    ['nfts', 'id'],
    ['charities', 'id'],
    ['outbox', 'id'],
    ['audit', 'id'],
    ['adjustments', 'id'],
    ['instruments', 'id'],
    ['market-closures', 'id'],
    ['market-closures', 'type'],
    ['options-products', 'id'],
    ['options-orders', 'id'],
    ['u-orders', 'id'],
    ['spot-orders', 'id'],
    ['spot-trades', 'id'],
    ['recharges', 'id'],
    ['withdrawals', 'id'],
    ['coinNetworks', 'id'],
    ['loans', 'id'],
    ['kyc', 'id'],
    ['spot-pairs', 'symbol'],
  ])('%s: sort by %s (a tiebreak column) keeps the asked direction', async (resource, key) => {
    for (const order of ['ASC', 'DESC'] as const) {
      const values = (await rows(resource, [key, order])).map((r) => r[key]);
      expect(new Set(values).size).toBeGreaterThanOrEqual(2);
      // The spot pairs' id is their symbol: text.
      const sorted = [...values].sort(key === 'symbol' ? byText : byValue);
      const expected = order === 'ASC' ? sorted : sorted.reverse();
      // The head first: a list that came back the other way says so in three values.
      expect({ order, head: values.slice(0, 3) }).toEqual({ order, head: expected.slice(0, 3) });
      expect(values).toEqual(expected);
    }
  });

  it('parameters: sort by key (the tiebreak) goes both ways', async () => {
    const up = (await rows('parameters', ['key', 'ASC'])).map((r) => r.key);
    const down = (await rows('parameters', ['key', 'DESC'])).map((r) => r.key);
    expect(up.length).toBeGreaterThanOrEqual(2);
    expect(up.length).toBeLessThan(500);
    expect(down).toEqual([...up].reverse());
  });

  it('rows of the same value come in id order, page after page', async () => {
    const byRate = await ids('loanProducts', ['dailyRate', 'DESC']);
    expect(byRate.filter((id) => tiedLoans.includes(id))).toEqual(ascending(tiedLoans));

    const bySort = await ids('planProducts', ['sort', 'DESC']);
    const first = bySort.indexOf(tiedPlans[0]);
    const second = bySort.indexOf(tiedPlans[1]);
    expect(Math.abs(first - second)).toBe(1);
    const at = Math.min(first, second);
    const pages = [
      ...(await ids('planProducts', ['sort', 'DESC'], [at, at])),
      ...(await ids('planProducts', ['sort', 'DESC'], [at + 1, at + 1])),
    ];
    expect(pages).toEqual(ascending(tiedPlans));
  });

  /** A list page as the console asks for it, filtered, with its Content-Range exposed to the browser. */
  const page = async (
    resource: string,
    sort: [string, 'ASC' | 'DESC'],
    range: [number, number],
    filter: Record<string, unknown> = {},
    path = resource,
  ) => {
    const res = await t
      .http()
      .get(`/swx/admin/${path}`)
      .query({ sort: JSON.stringify(sort), range: JSON.stringify(range), filter: JSON.stringify(filter) })
      .set(admin);
    expect(res.body.code).toBe(200);
    const result = res.body.result as Record<string, unknown>[];
    const end = result.length ? range[0] + result.length - 1 : range[0];
    expect(res.headers['content-range']).toMatch(new RegExp(`^${resource} ${range[0]}-${end}/\\d+$`));
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    return result;
  };

  /**
   * The list sorted by `column`, one row a page from `at` on: every row exactly once, in the asked
   * direction, rows of the same value in the order of the tiebreak (`key` in `tiebreak` order), the
   * same order as the whole list in one page. Answers the keys as the pages gave them.
   */
  async function pageByPage(
    resource: string,
    [column, order]: [string, 'ASC' | 'DESC'],
    options: {
      compare: (a: unknown, b: unknown) => number;
      tiebreak: 'ASC' | 'DESC';
      filter?: Record<string, unknown>;
      path?: string;
      key?: string;
      byKey?: (a: unknown, b: unknown) => number;
      at?: number;
      count?: number;
    },
  ): Promise<string[]> {
    const { compare, tiebreak, filter = {}, path, key = 'id', byKey = byValue, at = 0 } = options;
    const whole = await page(resource, [column, order], [0, 499], filter, path);
    expect(whole.length).toBeLessThan(500);
    const count = options.count ?? whole.length - at;
    const paged: Record<string, unknown>[] = [];
    for (let i = at; i < at + count; i++)
      paged.push(...(await page(resource, [column, order], [i, i], filter, path)));
    const keys = (list: Record<string, unknown>[]) => list.map((r) => String(r[key]));
    expect(new Set(keys(paged)).size).toBe(count);
    const direction = order === 'ASC' ? 1 : -1;
    const tie = tiebreak === 'ASC' ? 1 : -1;
    const expected = [...paged].sort(
      (a, b) => direction * compare(a[column], b[column]) || tie * byKey(a[key], b[key]),
    );
    // Two rows of one value at least, else the tiebreak was not asked anything.
    expect(expected.some((r, i) => i > 0 && compare(r[column], expected[i - 1][column]) === 0)).toBe(true);
    expect({ order, keys: keys(paged) }).toEqual({ order, keys: keys(expected) });
    expect(keys(whole.slice(at, at + count))).toEqual(keys(expected));
    return keys(paged);
  }

  it.each([
    ['recharges', 'amount', byAmount],
    ['recharges', 'status', byText],
    ['withdrawals', 'amount', byAmount],
    ['withdrawals', 'status', byText],
    ['loans', 'amount', byAmount],
    ['loans', 'status', byText],
    ['kyc', 'status', byText],
  ] as const)(
    '%s by %s: rows of one value newest first, each once over the pages, both ways',
    async (resource, column, compare) => {
      const filter = { userId: reviewed.id };
      for (const order of ['ASC', 'DESC'] as const) {
        const keys = await pageByPage(resource, [column, order], { compare, tiebreak: 'DESC', filter });
        expect(keys.length).toBeGreaterThanOrEqual(3);
      }
      // Sorted by the id itself: the asked direction, not the tiebreak's.
      const up = (await page(resource, ['id', 'ASC'], [0, 499], filter)).map((r) => r.id);
      expect(up.length).toBeGreaterThanOrEqual(3);
      expect(up).toEqual([...up].sort(byValue));
      const down = (await page(resource, ['id', 'DESC'], [0, 499], filter)).map((r) => r.id);
      expect(down).toEqual([...up].reverse());
    },
  );

  it.each([
    ['coin', 'ASC'],
    ['coin', 'DESC'],
    ['network', 'ASC'],
    ['network', 'DESC'],
  ] as const)(
    'coinNetworks by %s %s: rows of one value in id order, each once over the pages',
    async (column, order) => {
      await pageByPage('coinNetworks', [column, order], { compare: byText, tiebreak: 'ASC' });
    },
  );

  it.each([
    ['ASC', () => pastPairs],
    ['DESC', () => futurePairs],
  ] as const)(
    'spot-pairs by createdAt %s: pairs of one instant in symbol order, each once over the pages',
    async (order, pairs) => {
      const keys = await pageByPage('spot-pairs', ['createdAt', order], {
        compare: byText,
        tiebreak: 'ASC',
        key: 'symbol',
        byKey: byText,
        count: 3,
      });
      expect([...keys].sort()).toEqual([...pairs()].sort());
    },
  );

  /**
   * The lists of the accounts and market services, each read filtered to this file's rows (or few);
   * the closures of one day (one a type).
   */
  const lists: Record<string, { filter: () => Record<string, unknown>; path?: string }> = {
    outbox: { filter: () => ({ recipient: reviewed.email }) },
    'ledger/accounts': { filter: () => ({ userId: reviewed.id }) },
    'ledger/transfers': { filter: () => ({ userId: reviewed.id }) },
    adjustments: { filter: () => ({ id: adjustments }) },
    roleGrants: { filter: () => ({ adminId: grantee }), path: 'admins/roleGrants' },
    inviteRewards: { filter: () => ({ inviterId: inviter.id }) },
    instruments: { filter: () => ({}) },
    'market-closures': { filter: () => ({ from: '2026-12-24', to: '2026-12-24' }) },
    priceSources: { filter: () => ({}) },
  };

  it.each(Object.keys(lists))(
    '%s: Content-Range exposed to the browser, sort by id both ways',
    async (resource) => {
      const { filter, path } = lists[resource];
      const up = (await page(resource, ['id', 'ASC'], [0, 499], filter(), path)).map((r) => r.id);
      expect(up.length).toBeGreaterThanOrEqual(2);
      expect(up.length).toBeLessThan(500);
      expect(up).toEqual([...up].sort(byValue));
      const down = (await page(resource, ['id', 'DESC'], [0, 499], filter(), path)).map((r) => r.id);
      expect({ head: down.slice(0, 3) }).toEqual({ head: [...up].reverse().slice(0, 3) });
      expect(down).toEqual([...up].reverse());
    },
  );

  it.each([
    // Ties newest first.
    ['outbox', 'channel', byText, 'DESC'],
    ['outbox', 'recipient', byText, 'DESC'],
    ['adjustments', 'amount', byAmount, 'DESC'],
    ['adjustments', 'status', byText, 'DESC'],
    ['roleGrants', 'status', byText, 'DESC'],
    ['roleGrants', 'createdAt', byText, 'DESC'],
    ['inviteRewards', 'amount', byAmount, 'DESC'],
    ['inviteRewards', 'currency', byText, 'DESC'],
    ['inviteRewards', 'createdAt', byText, 'DESC'],
    // Ties in id order.
    ['instruments', 'type', byValue, 'ASC'],
    ['instruments', 'status', byText, 'ASC'],
    // Ties in the asked direction.
    ['ledger/accounts', 'currency', byText, 'asked'],
    ['ledger/transfers', 'amount', byAmount, 'asked'],
    ['priceSources', 'type', byValue, 'asked'],
    ['priceSources', 'source', byText, 'asked'],
  ] as const)(
    '%s by %s: rows of one value each once over the pages, both ways',
    async (resource, column, compare, tiebreak) => {
      const { filter, path } = lists[resource];
      for (const order of ['ASC', 'DESC'] as const) {
        const keys = await pageByPage(resource, [column, order], {
          compare,
          tiebreak: tiebreak === 'asked' ? order : tiebreak,
          filter: filter(),
          path,
          // The whole catalogue: its first rows are enough.
          count: resource === 'instruments' || resource === 'priceSources' ? 8 : undefined,
        });
        expect(keys.length).toBeGreaterThanOrEqual(2);
      }
    },
  );

  it.each([
    ['day', 'ASC'],
    ['day', 'DESC'],
    ['name', 'ASC'],
    ['name', 'DESC'],
  ] as const)(
    'market-closures by %s %s: closures of one value in type order, each once over the pages',
    async (column, order) => {
      await pageByPage('market-closures', [column, order], {
        compare: byText,
        tiebreak: 'ASC',
        filter: lists['market-closures'].filter(),
        key: 'type',
        byKey: byValue,
      });
    },
  );

  it.each([
    ['loanProducts', () => tiedLoans[0]],
    ['planProducts', () => tiedPlans[0]],
  ] as const)(
    '%s: an edit takes the whole record back (its id ignored), not unknown fields',
    async (resource, id) => {
      const record = (await t.http().get(`/swx/admin/${resource}/${id()}`).set(admin)).body.result as Record<
        string,
        unknown
      >;
      const echoed = await t
        .http()
        .put(`/swx/admin/${resource}/${id()}`)
        .set(admin)
        .send({ ...record, minAmount: '150' });
      expect(echoed.body).toMatchObject({ code: 200, result: { id: id(), minAmount: '150' } });
      const unknown = await t.http().put(`/swx/admin/${resource}/${id()}`).set(admin).send({ colour: 'red' });
      expect(unknown.body.code).toBe(400);
    },
  );
});
