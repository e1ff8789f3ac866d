import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';
import { ConfirmationsCount1767000041000 } from '../../../services/funds/src/migrations/1767000041000-ConfirmationsCount';

/**
 * A coin network's confirmations setting is a count (a whole number from 1), not the English text
 * "12 network confirmations" it was kept as: the console edits a number, the API refuses anything
 * else in the caller's language, and users and integrators are answered the number.
 */
describe('funds: a coin network has a whole number of confirmations', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ FUNDS_ADDRESS_ERC20: '0x52908400098527886E0F7030069857D2E4169EE7' });
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    admin = { Authorization: `Bearer ${login.body.result.token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  /** A network of its own (a coin no other file uses), so that no other file sees its changes. */
  const ownNetwork = async () => {
    const coin = `C${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const [{ id }]: { id: number }[] = await t.db.query(
      `INSERT INTO funds.coin_networks (coin, network, address_kind, confirmations, min_deposit, min_withdrawal)
       VALUES ($1, 'ERC20', 'evm', $2, 1, 1) RETURNING id`,
      [coin, '12'],
    );
    return { coin, id };
  };
  const put = (id: number, body: object, lang = 'en') =>
    t.http().put(`/swx/admin/coinNetworks/${id}`).set(admin).set('Accept-Language', lang).send(body);

  it('the console sets a count; users and integrators are answered the number', async () => {
    const { coin, id } = await ownNetwork();
    const saved = await put(id, { confirmations: 15 });
    expect(saved.body).toMatchObject({ code: 200, result: { id, confirmations: 15 } });
    expect((await t.http().get(`/swx/admin/coinNetworks/${id}`).set(admin)).body.result.confirmations).toBe(
      15,
    );

    const user = await registerUser(t);
    const session = { Authorization: `Bearer ${user.token}`, virtually: 'YES' };
    const networks = (await t.http().get('/swx/customer/user/listCoinNetworks').set(session)).body.result as {
      coin: string;
      confirmations: unknown;
    }[];
    expect(networks.find((n) => n.coin === coin)?.confirmations).toBe(15);
    // Every network answers a count, the seeded ones too.
    expect(networks.filter((n) => !Number.isInteger(n.confirmations))).toEqual([]);

    const address = await t
      .http()
      .post('/swx/customer/user/getAddressBySymbol')
      .set(session)
      .send({ symbol: coin, network: 'ERC20' });
    expect(address.body.result).toMatchObject({ coin, network: 'ERC20', confirmations: 15 });

    // A string of digits (what the console's form sent so far) is read as its count.
    expect((await put(id, { confirmations: '20' })).body.result.confirmations).toBe(20);
  });

  it.each([
    ['text', '12 network confirmations'],
    ['zero', 0],
    ['negative', -3],
    ['fraction', 1.5],
    ['too many', 100_001],
    ['empty', ''],
    ['null', null],
  ])('refuses %s with a localized error under the field, the count unchanged', async (_, value) => {
    const { id } = await ownNetwork();
    const en = await put(id, { confirmations: value });
    expect(en.body).toMatchObject({
      code: 400,
      result: [
        { field: 'confirmations', message: 'Enter a whole number of confirmations from 1 to 100,000' },
      ],
    });
    const de = await put(id, { confirmations: value }, 'de');
    expect(de.body.result).toEqual([
      expect.objectContaining({
        field: 'confirmations',
        message: 'Geben Sie eine ganze Zahl von Bestätigungen von 1 bis 100.000 ein',
      }),
    ]);
    const [row]: { confirmations: unknown }[] = await t.db.query(
      `SELECT confirmations FROM funds.coin_networks WHERE id = $1`,
      [id],
    );
    expect(row.confirmations).toBe(12);
  });

  it('the migration takes the count out of the old texts', async () => {
    const runner = t.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const migration = new ConfirmationsCount1767000041000();
      await migration.down(runner);
      const texts = [
        ['evm', '12 network confirmations'],
        ['tron', '20 network confirmations'],
        ['btc', ' 2 '],
        ['evm', 'about 1,000 block confirmations'],
        ['evm', '0 confirmations'],
        ['tron', 'as many as the network needs'],
        ['btc', '99999999999 confirmations'],
      ];
      const ids: number[] = [];
      for (const [kind, text] of texts) {
        const [{ id }]: { id: number }[] = await runner.query(
          `INSERT INTO funds.coin_networks (coin, network, address_kind, confirmations, min_deposit, min_withdrawal)
           VALUES ('MIGR', $1, $2, $3, 1, 1) RETURNING id`,
          [`N${ids.length}`, kind, text],
        );
        ids.push(id);
      }
      await migration.up(runner);
      const rows: { id: number; confirmations: unknown }[] = await runner.query(
        `SELECT id, confirmations FROM funds.coin_networks WHERE id = ANY($1) ORDER BY id`,
        [ids],
      );
      // Where no count from 1 to 100,000 can be read, the network kind's usual count (as seeded).
      expect(rows.map((r) => r.confirmations)).toEqual([12, 20, 2, 1000, 12, 20, 2]);
      await expect(
        runner.query(`UPDATE funds.coin_networks SET confirmations = 0 WHERE id = $1`, [ids[0]]),
      ).rejects.toThrow(/check constraint/);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
