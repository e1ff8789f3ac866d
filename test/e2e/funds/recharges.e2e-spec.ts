import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JobName, QueueName } from '@app/queue';
import { RechargeTxHashKey1766600101000 } from '../../../services/funds/src/migrations/1766600101000-RechargeTxHashKey';
import { createTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../market/market-support';
import { registerUser, type RegisteredUser } from '../../support/users';

// The smallest valid PNG (1x1 pixel) and a JPEG 2000 signature box: real magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A structurally sound JPEG 2000 file (signature, ftyp, jp2h with ihdr, codestream). */
const JP2 = Buffer.from(
  'AAAADGpQICANCocKAAAAFGZ0eXBqcDIgAAAAAGpwMiAAAAAtanAyaAAAABZpaGRyAAAAAQAAAAEAAQcHAAAAAAAPY29scgEAAAAAABEAAABHanAyY/9P/1EAKQAAAAAAAQAAAAEAAAAAAAAAAAAAAAEAAAABAAAAAAAAAAAAAQcBAf+QAAoAAAAAAA4AAf+TAAD/2Q==',
  'base64',
);

describe('funds: recharge with a voucher', () => {
  let t: TestApp;
  let adminToken: string;
  const vouchers = () => {
    try {
      return readdirSync(path.join(t.config.DATA_DIR, 'uploads', 'vouchers')).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    const admin = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    adminToken = admin.body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const hash = () =>
    `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  const recharge = (
    user: RegisteredUser,
    fields: Record<string, string>,
    file?: { buffer: Buffer; name: string },
    book = 'YES',
  ) => {
    const req = t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ Authorization: `Bearer ${user.token}`, virtually: book });
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    if (file) void req.attach('voucher', file.buffer, file.name);
    return req;
  };
  const usdt = (extra: Record<string, string> = {}) => ({
    coin: 'USDT',
    network: 'TRC20',
    amount: '150',
    txHash: hash(),
    last6: 'a1b2c3',
    ...extra,
  });
  const available = async (user: RegisteredUser) => {
    const res = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' });
    return (
      (res.body.result.balances as { currency: string; available: string }[]).find(
        (b) => b.currency === 'USDT',
      )?.available ?? '0'
    );
  };

  it('the OpenAPI document describes the multipart bodies: text fields and images', async () => {
    const doc = (await t.http().get('/swx/docs-json')).body;
    const body = (path: string) => doc.paths[path].post.requestBody.content['multipart/form-data'].schema;
    const schemaOf = (s: { $ref?: string }) =>
      s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s;
    const recharge = schemaOf(body('/swx/customer/user/recharge'));
    expect(recharge.properties.voucher).toMatchObject({ type: 'string', format: 'binary' });
    expect(recharge.required).toEqual(expect.arrayContaining(['coin', 'amount', 'txHash', 'voucher']));
    const kyc = schemaOf(body('/swx/customer/user/identification'));
    expect(Object.keys(kyc.properties)).toEqual(
      expect.arrayContaining(['firstName', 'documentType', 'front', 'inHand', 'signature']),
    );
    const advanced = schemaOf(body('/swx/customer/user/newIdentification'));
    expect(advanced.properties.proof).toMatchObject({ format: 'binary' });
  });

  it('refuses a renamed text file, an oversized image and a missing one, and leaves nothing behind', async () => {
    const user = await registerUser(t);
    const before = vouchers();
    const text = await recharge(user, usdt(), {
      buffer: Buffer.from('just some text, not an image'),
      name: 'voucher.png',
    });
    expect(text.body).toMatchObject({
      code: 400,
      result: [{ field: 'voucher', message: 'Supported formats: JPG, JPEG 2000, PNG' }],
    });
    const big = await recharge(user, usdt(), {
      buffer: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
      name: 'big.png',
    });
    expect(big.body).toMatchObject({ code: 413, message: 'The image must not exceed 2 MB' });
    const none = await recharge(user, usdt());
    expect(none.body).toMatchObject({
      code: 400,
      result: [{ field: 'voucher', message: 'Please upload the required images' }],
    });
    const json = await t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
      .send(usdt());
    expect(json.body.code).toBe(415);
    expect(vouchers()).toBe(before);
    const rows = await t.db.query('SELECT count(*)::int AS n FROM funds.recharges WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('below the minimum: the message names the coin and the limit; demo books cannot deposit', async () => {
    const user = await registerUser(t);
    const low = await recharge(user, usdt({ amount: '100' }), { buffer: PNG, name: 'v.png' });
    expect(low.body).toMatchObject({
      code: 400,
      result: [{ field: 'amount', message: 'The minimum deposit of USDT is 120' }],
    });
    const btc = await recharge(user, usdt({ coin: 'BTC', network: 'BTC', amount: '0.01' }), {
      buffer: PNG,
      name: 'v.png',
    });
    expect(btc.body.result[0].message).toBe('The minimum deposit of BTC is 0.015');
    const demo = await recharge(user, usdt(), { buffer: PNG, name: 'v.png' }, 'NO');
    expect(demo.body.code).toBe(403);
  });

  it('20002 under review; a duplicate hash is refused; approval credits once; the voucher is private', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const fields = usdt();
    const res = await recharge(user, fields, { buffer: JP2, name: 'proof.jp2' });
    expect(res.body).toMatchObject({
      code: 20002,
      result: { status: 'pending', amount: '150', coin: 'USDT' },
    });
    const id = res.body.result.id as string;
    const dup = await recharge(other, { ...fields }, { buffer: PNG, name: 'v.png' });
    expect(dup.body).toMatchObject({ code: 400, result: [{ field: 'txHash' }] });
    expect(
      (
        await t
          .http()
          .get(`/swx/customer/user/recharge/${id}/voucher`)
          .set('Authorization', `Bearer ${other.token}`)
      ).body.code,
    ).toBe(404);
    const own = await t
      .http()
      .get(`/swx/customer/user/recharge/${id}/voucher`)
      .set('Authorization', `Bearer ${user.token}`);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/jp2');
    const approvals = await Promise.all(
      [1, 2].map(() =>
        t.http().post(`/swx/admin/recharges/${id}/approve`).set('Authorization', `Bearer ${adminToken}`),
      ),
    );
    expect(approvals.map((a) => a.body.result.status)).toEqual(['approved', 'approved']);
    expect(await available(user)).toBe('150');
    const list = await t
      .http()
      .get('/swx/customer/user/listRecharge')
      .set('Authorization', `Bearer ${user.token}`);
    expect(list.body.result).toMatchObject({ total: 1, list: [{ id, status: 'approved' }] });
  });

  it('one on-chain transaction is claimed once, however its hash is spelled (0x prefix, case, spaces)', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const digits = hash().slice(2);
    const first = await recharge(user, usdt({ txHash: `0x${digits}` }), { buffer: PNG, name: 'v.png' });
    expect(first.body.code).toBe(20002);
    for (const spelling of [digits, digits.toUpperCase(), `0x${digits.toUpperCase()}`, ` ${digits} `]) {
      const again = await recharge(other, usdt({ txHash: spelling }), { buffer: PNG, name: 'v.png' });
      expect(again.body).toMatchObject({
        code: 400,
        result: [{ field: 'txHash', message: 'This transaction hash has already been submitted' }],
      });
    }
    // The other way round (first without the prefix), and two spellings sent at the same moment.
    const bare = hash().slice(2);
    expect((await recharge(user, usdt({ txHash: bare }), { buffer: PNG, name: 'v.png' })).body.code).toBe(
      20002,
    );
    expect(
      (await recharge(other, usdt({ txHash: `0x${bare}` }), { buffer: PNG, name: 'v.png' })).body.code,
    ).toBe(400);
    const raced = hash().slice(2);
    const both = await Promise.all([
      recharge(user, usdt({ txHash: `0x${raced}` }), { buffer: PNG, name: 'v.png' }),
      recharge(other, usdt({ txHash: raced }), { buffer: PNG, name: 'v.png' }),
    ]);
    expect(both.map((r) => r.body.code as number).sort((x, y) => x - y)).toEqual([400, 20002]);
    // The same hash on another network is another transaction.
    const btc = await recharge(other, usdt({ coin: 'BTC', network: 'BTC', amount: '0.02', txHash: digits }), {
      buffer: PNG,
      name: 'v.png',
    });
    expect(btc.body.code).toBe(20002);
    const rows: { n: number }[] = await t.db.query(
      `SELECT count(*)::int AS n FROM funds.recharges WHERE user_id IN ($1, $2)`,
      [user.id, other.id],
    );
    expect(rows[0].n).toBe(4);
  });

  it('the migration keys the deposits already made; a transaction claimed twice keeps its first claim', async () => {
    const migration = new RechargeTxHashKey1766600101000();
    const q = t.db.createQueryRunner();
    const user = await registerUser(t);
    const [a, b, c] = [hash().slice(2), hash().slice(2), hash().slice(2)];
    try {
      await migration.down(q);
      const insert = async (network: string, txHash: string) =>
        (
          (await q.query(
            `INSERT INTO funds.recharges (user_id, coin, network, amount, tx_hash, status)
             VALUES ($1, 'USDT', $2, 150, $3, 'approved') RETURNING id::text AS id`,
            [user.id, network, txHash],
          )) as { id: string }[]
        )[0].id;
      const ids = {
        prefixed: await insert('TRC20', `0x${a}`),
        bare: await insert('TRC20', b),
        first: await insert('TRC20', `0x${c}`),
        second: await insert('TRC20', c),
        otherNetwork: await insert('ERC20', `0x${c}`),
      };
      await migration.up(q);
      const rows: { id: string; tx_hash: string; tx_hash_key: string | null }[] = await q.query(
        `SELECT id::text, tx_hash, tx_hash_key FROM funds.recharges WHERE user_id = $1`,
        [user.id],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(ids.prefixed)).toMatchObject({ tx_hash: `0x${a}`, tx_hash_key: a });
      expect(byId.get(ids.bare)).toMatchObject({ tx_hash: b, tx_hash_key: b });
      expect(byId.get(ids.first)).toMatchObject({ tx_hash: `0x${c}`, tx_hash_key: c });
      expect(byId.get(ids.second)).toMatchObject({ tx_hash: c, tx_hash_key: null });
      expect(byId.get(ids.otherNetwork)).toMatchObject({ tx_hash_key: c });
      // Neither spelling can be claimed again.
      for (const txHash of [a, `0x${b}`, c.toUpperCase()]) {
        const again = await recharge(user, usdt({ txHash }), { buffer: PNG, name: 'v.png' });
        expect(again.body).toMatchObject({ code: 400, result: [{ field: 'txHash' }] });
      }
    } finally {
      const keyed: unknown[] = await q.query(
        `SELECT 1 FROM information_schema.columns
          WHERE table_schema = 'funds' AND table_name = 'recharges' AND column_name = 'tx_hash_key'`,
      );
      if (!keyed.length) await migration.up(q);
      await q.release();
    }
  });

  it('a rejection carries its reason and credits nothing', async () => {
    const user = await registerUser(t);
    const id = (await recharge(user, usdt(), { buffer: PNG, name: 'v.png' })).body.result.id as string;
    const rejected = await t
      .http()
      .post(`/swx/admin/recharges/${id}/reject`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ reason: 'No such transaction on chain' });
    expect(rejected.body.result).toMatchObject({
      status: 'rejected',
      reason: 'No such transaction on chain',
    });
    expect(
      (await t.http().post(`/swx/admin/recharges/${id}/approve`).set('Authorization', `Bearer ${adminToken}`))
        .body.code,
    ).toBe(409);
    expect(await available(user)).toBe('0');
    const queue = await t
      .http()
      .get('/swx/admin/recharges')
      .query({ filter: JSON.stringify({ userId: user.id }) })
      .set('Authorization', `Bearer ${adminToken}`);
    expect(queue.body.result).toMatchObject([{ id, status: 'rejected', userId: user.id }]);
  });

  it('tells the reviewers by e-mail: one digest per window listing what arrived', async () => {
    const user = await registerUser(t);
    const fields = usdt();
    const res = await recharge(user, fields, { buffer: PNG, name: 'voucher.png' });
    expect(res.body.code).toBe(20002);
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Reviews));
    const delayed = await queue.getDelayed();
    const digest = delayed.find((j) => j.name === (JobName.ReviewDigest as string));
    expect(digest).toBeDefined();
    await digest!.promote();
    const mail = await waitFor(async () => {
      const rows: { subject: string; body: string }[] = await t.db.query(
        `SELECT subject, body FROM accounts.outbox WHERE recipient = 'admin@example.com' AND body LIKE $1`,
        [`%${fields.txHash.toLowerCase()}%`],
      );
      return rows[0];
    });
    expect(mail.subject).toMatch(/new item\(s\) to review/);
    expect(mail.body).toContain('Deposits waiting');
    expect(mail.body).toContain('150 USDT (TRC20)');
  });

  it('keeps the alerts of a digest whose e-mails could not be stored, and sends them on the retry', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Reviews));
    const waiting = async () =>
      (await queue.getDelayed()).find((j) => j.name === (JobName.ReviewDigest as string));
    // A digest already waiting (the test before) is sent first, so only this test's one fails.
    const earlier = await waiting();
    if (earlier) {
      await earlier.promote();
      await waitFor(async () => ((await earlier.isCompleted()) ? true : undefined));
    }
    // A digest's id is its window's: removed, the next alert of this window schedules one again.
    for (const done of await queue.getJobs(['completed'])) {
      if (done.name === (JobName.ReviewDigest as string)) await done.remove();
    }
    const user = await registerUser(t);
    // The outbox refuses its next row once: the digest's first attempt fails after the claim. A
    // sequence counts the inserts, as its value outlives the failed insert's rollback.
    await t.db.query(`CREATE SEQUENCE IF NOT EXISTS public.outbox_inserts`);
    await t.db.query(`CREATE OR REPLACE FUNCTION public.refuse_outbox_once() RETURNS trigger AS $$
      BEGIN
        IF nextval('public.outbox_inserts') = 1 THEN RAISE EXCEPTION 'outbox unavailable'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.query(`CREATE TRIGGER refuse_outbox_once BEFORE INSERT ON accounts.outbox
      FOR EACH ROW EXECUTE FUNCTION public.refuse_outbox_once()`);
    try {
      const fields = usdt();
      expect((await recharge(user, fields, { buffer: PNG, name: 'voucher.png' })).body.code).toBe(20002);
      const digest = await waiting();
      expect(digest).toBeDefined();
      await digest!.promote();
      const mail = await waitFor(
        async () => {
          const rows: { body: string }[] = await t.db.query(
            `SELECT body FROM accounts.outbox WHERE recipient = 'admin@example.com' AND body LIKE $1`,
            [`%${fields.txHash.toLowerCase()}%`],
          );
          return rows[0];
        },
        20_000,
        'the digest e-mail',
      );
      expect(mail.body).toContain('150 USDT (TRC20)');
      expect((await queue.getJob(digest!.id!))?.attemptsMade).toBeGreaterThanOrEqual(1);
      expect((await t.db.query(`SELECT last_value FROM public.outbox_inserts`))[0].last_value).not.toBe('1');
    } finally {
      await t.db.query(`DROP TRIGGER IF EXISTS refuse_outbox_once ON accounts.outbox`);
      await t.db.query(`DROP SEQUENCE IF EXISTS public.outbox_inserts`);
      await t.db.query(`DROP FUNCTION IF EXISTS public.refuse_outbox_once()`);
    }
  });
});
