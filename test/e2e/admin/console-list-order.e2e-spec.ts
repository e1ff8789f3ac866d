import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { createPair, fund, place } from '../spot/spot-support';
import { demo, tick } from '../trading/trading-support';

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
        .send({ language: 'en', title: `${title} ${randomUUID().slice(0, 8)}`, content: 'Text' });
      expect(created.body.code).toBe(200);
    }
  });
  // Two rows at least in each list sorted by its tiebreak column below (most are seeded).
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
  afterAll(async () => {
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
  ])('%s: sort by %s (a tiebreak column) keeps the asked direction', async (resource, key) => {
    for (const order of ['ASC', 'DESC'] as const) {
      const values = (await rows(resource, [key, order])).map((r) => r[key]);
      expect(new Set(values).size).toBeGreaterThanOrEqual(2);
      const sorted = [...values].sort(byValue);
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
