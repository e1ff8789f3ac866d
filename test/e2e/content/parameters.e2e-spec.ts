import Decimal from 'decimal.js';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  AppException,
  ErrorCode,
  hashSecret,
  SYSTEM_PARAMETERS,
  type SystemParameterReader,
} from '@app/common';
import { PUBLIC_PARAMETER_KEYS, SystemParametersService } from '@app/content';
import { SystemParameter } from '@app/content/parameters/entities/system-parameter.entity';
import { createTestApp, type TestApp } from '../../support/test-app';
import { adminLogin, auditActions, bearer, contentCallers, lastAuditId } from './content-admin';

describe('system parameters', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof contentCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await contentCallers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const param = async (key: string) => (await t.http().get(`/swx/customer/index/getParamByKey/${key}`)).body;
  const put = (key: string, body: object, token = callers.operator) =>
    t.http().put(`/swx/admin/parameters/${key}`).set(bearer(token)).send(body);

  describe('GET /swx/customer/index/getParamByKey/:key', () => {
    it('refuses a malformed key with 400', async () => {
      expect((await param('bad-key')).code).toBe(400);
      expect((await param('x'.repeat(65))).code).toBe(400);
    });

    it('answers 10018 for an unknown key and for an internal one', async () => {
      const unknown = await param('no_such_parameter');
      expect(unknown.code).toBe(10018);
      expect(unknown.result).toBeNull();
      expect(unknown.message).toEqual(expect.any(String));
      // market_maker_spread exists but is not on the public whitelist.
      expect((await param('market_maker_spread')).code).toBe(10018);
    });

    it('answers { paramKey, paramValue } for every public key, with the seeded values', async () => {
      expect(await param('down_url')).toMatchObject({
        code: 200,
        result: { paramKey: 'down_url', paramValue: expect.stringMatching(/^(\/|https?:\/\/)/) },
      });
      const expected: Record<string, string> = {
        deposit_min_USDT: '120',
        deposit_min_BTC: '0.015',
        deposit_min_ETH: '0.2',
        loan_cap_ratio: '0.8',
        upload_max_mb: '2',
        withdraw_fee_rate: '1',
      };
      for (const [key, value] of Object.entries(expected)) {
        expect((await param(key)).result).toEqual({ paramKey: key, paramValue: value });
      }
      for (const key of PUBLIC_PARAMETER_KEYS) expect((await param(key)).code).toBe(200);
      // Fees below 0.3% (the landing page's promise), percent.
      expect(new Decimal((await param('fee_rate_u_order')).result.paramValue).lt(0.3)).toBe(true);
      const caps = await Promise.all(
        ['loan_cap_ratio', 'loan_cap_ratio_kyc', 'loan_cap_ratio_advanced'].map(
          async (k) => new Decimal((await param(k)).result.paramValue),
        ),
      );
      expect(caps[0].lt(caps[1]) && caps[1].lt(caps[2]) && caps[2].lte(1)).toBe(true);
    });
  });

  describe('SystemParametersService and the SYSTEM_PARAMETERS reader', () => {
    it('reads values, Decimals and null for unknown keys', async () => {
      const service = t.app.get(SystemParametersService);
      await expect(service.getDecimal('deposit_min_BTC')).resolves.toEqual(new Decimal('0.015'));
      await expect(service.get('market_maker_spread')).resolves.toBe('0.1');
      await expect(service.get('no_such_parameter')).rejects.toMatchObject({
        code: ErrorCode.SystemParameterFailed,
      });
      await expect(service.getDecimal('down_url')).rejects.toBeInstanceOf(AppException);
      const reader = t.app.get<SystemParameterReader>(SYSTEM_PARAMETERS);
      await expect(reader.get('smart_early_exit_penalty')).resolves.toBe('5');
      await expect(reader.get('no_such_parameter')).resolves.toBeNull();
    });

    it('a read that began before a change committed does not put the old value back in the cache', async () => {
      const service = t.app.get(SystemParametersService);
      const repository = t.app.get<Repository<SystemParameter>>(getRepositoryToken(SystemParameter), {
        strict: false,
      });
      const key = 'smart_early_exit_penalty';
      expect((await put(key, { value: '5' })).body.code).toBe(200);
      await expect(service.get(key)).resolves.toBe('5');
      service.invalidate(key);

      // The read is held between its database read and its cache write.
      let readDone!: () => void;
      const read = new Promise<void>((resolve) => (readDone = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const findOneBy = repository.findOneBy.bind(repository);
      const spy = jest.spyOn(repository, 'findOneBy').mockImplementationOnce(async (where) => {
        const row = await findOneBy(where);
        readDone();
        await released;
        return row;
      });
      try {
        const early = service.get(key);
        await read;
        // The change commits meanwhile.
        expect((await put(key, { value: '6' })).body.code).toBe(200);
        release();
        await expect(early).resolves.toBe('5'); // it began before the change: its answer is the old one
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        release();
        spy.mockRestore();
      }
      try {
        // The next read sees the change, in this process and through the public endpoint.
        await expect(service.get(key)).resolves.toBe('6');
        expect((await param(key)).result.paramValue).toBe('6');
      } finally {
        expect((await put(key, { value: '5' })).body.code).toBe(200);
      }
      await expect(service.get(key)).resolves.toBe('5');
    });
  });

  describe('/swx/admin/parameters', () => {
    it('answers 401 to customers and 403 to an admin without the operator role', async () => {
      expect((await t.http().get('/swx/admin/parameters').set(bearer(callers.customer))).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/parameters').set(bearer(callers.reviewer))).body.code).toBe(403);
      expect((await put('withdraw_fee_rate', { value: '2' }, callers.reviewer)).body.code).toBe(403);
      expect((await param('withdraw_fee_rate')).result.paramValue).toBe('1');
    });

    it('validates the value against the kind of the parameter', async () => {
      expect((await put('withdraw_fee_rate', {})).body.code).toBe(400);
      expect((await put('withdraw_fee_rate', { value: 2 })).body.code).toBe(400);
      expect((await put('withdraw_fee_rate', { value: 'abc' })).body.code).toBe(400);
      expect((await put('withdraw_fee_rate', { value: '-1' })).body.code).toBe(400);
      expect((await put('loan_cap_ratio', { value: '1.5' })).body.code).toBe(400);
      expect((await put('upload_max_mb', { value: '2.5' })).body.code).toBe(400);
      expect((await put('down_url', { value: 'javascript:alert(1)' })).body.code).toBe(400);
      expect((await put('withdraw_fee_rate', { value: '2', extra: true })).body.code).toBe(400);
      // Well formed but out of the parameter's range: each slip that would stop or give away money.
      for (const [key, value] of [
        ['u_leverage_max', '0'],
        ['upload_max_mb', '0'],
        ['loan_cap_ratio', '0'],
        ['fee_rate_u_order', '0.3'],
        ['withdraw_fee_rate', '50'],
        ['loan_daily_rate', '50'],
        ['withdraw_min_USDT', '0'],
        ['u_order_maintenance_margin', '100'],
      ]) {
        expect([key, (await put(key, { value })).body.code]).toEqual([key, 400]);
      }
      const range = await put('u_leverage_max', { value: '0' });
      expect(range.body.result).toEqual([
        { field: 'value', message: 'This value is outside the allowed range: 1 ≤ x ≤ 1000' },
      ]);
      expect((await put('withdraw_min_USDT', { value: '0' })).body.result[0].message).toContain('0 < x');
      expect((await put('no_such_parameter', { value: '1' })).body.code).toBe(404);
      expect((await t.http().get('/swx/admin/parameters/nope').set(bearer(callers.operator))).body.code).toBe(
        404,
      );
      const untouched: { key: string; value: string }[] = await t.db.query(
        `SELECT key, value FROM content.parameters WHERE key IN ('withdraw_fee_rate', 'loan_cap_ratio', 'u_leverage_max')`,
      );
      expect(Object.fromEntries(untouched.map((r) => [r.key, r.value]))).toEqual({
        withdraw_fee_rate: '1',
        loan_cap_ratio: '0.8',
        u_leverage_max: '20',
      });
    });

    it('lists with Content-Range, ids being the keys and the public flag', async () => {
      const res = await t
        .http()
        .get('/swx/admin/parameters')
        .query({ range: '[0,99]', sort: '["key","ASC"]' })
        .set(bearer(callers.operator));
      expect(res.body.code).toBe(200);
      const rows = res.body.result as { id: string; key: string; public: boolean; kind: string }[];
      expect(res.headers['content-range']).toBe(`parameters 0-${rows.length - 1}/${rows.length}`);
      expect(rows.every((r) => r.id === r.key)).toBe(true);
      expect(rows.find((r) => r.key === 'market_maker_spread')).toMatchObject({ public: false });
      expect(rows.find((r) => r.key === 'loan_cap_ratio')).toMatchObject({ public: true, kind: 'ratio' });
      const page = await t
        .http()
        .get('/swx/admin/parameters')
        .query({ range: '[0,1]', filter: JSON.stringify({ q: 'deposit_min' }) })
        .set(bearer(callers.operator));
      expect(page.headers['content-range']).toBe('parameters 0-1/3');
    });

    it('an update is visible through getParamByKey at once and is audited with before and after', async () => {
      const lastAudit = await lastAuditId(t);
      expect((await param('withdraw_min_BTC')).result.paramValue).toBe('0.001'); // now cached
      const one = await t.http().get('/swx/admin/parameters/withdraw_min_BTC').set(bearer(callers.operator));
      // react-admin sends the whole record back; the read-only fields are ignored.
      const res = await put('withdraw_min_BTC', { ...one.body.result, value: '0.005' });
      expect(res.body.code).toBe(200);
      expect(res.body.result).toMatchObject({ id: 'withdraw_min_BTC', value: '0.005', kind: 'decimal' });
      expect((await param('withdraw_min_BTC')).result.paramValue).toBe('0.005');
      await expect(t.app.get(SystemParametersService).getDecimal('withdraw_min_BTC')).resolves.toEqual(
        new Decimal('0.005'),
      );
      const audit: { action: string; detail: object }[] = await t.db.query(
        `SELECT action, detail FROM accounts.admin_audit
          WHERE target_type = 'system_parameter' AND target_id = 'withdraw_min_BTC' AND id > $1 ORDER BY id`,
        [lastAudit],
      );
      expect(audit).toEqual([{ action: 'parameter.updated', detail: { before: '0.001', after: '0.005' } }]);
      await put('withdraw_min_BTC', { value: '0.001' });
      expect((await param('withdraw_min_BTC')).result.paramValue).toBe('0.001');
      await expect(auditActions(t, 'system_parameter', 'withdraw_min_BTC', lastAudit)).resolves.toHaveLength(
        2,
      );
    });

    it('a description alone changes (the console sends only what changed): the value stays, both audited', async () => {
      const before = (
        await t.http().get('/swx/admin/parameters/withdraw_min_ETH').set(bearer(callers.operator))
      ).body.result as { value: string; description: string | null };
      const lastAudit = await lastAuditId(t);
      const res = await put('withdraw_min_ETH', { description: 'Smallest ETH withdrawal' });
      expect(res.body).toMatchObject({
        code: 200,
        result: { id: 'withdraw_min_ETH', value: before.value, description: 'Smallest ETH withdrawal' },
      });
      const audit: { detail: object }[] = await t.db.query(
        `SELECT detail FROM accounts.admin_audit
          WHERE target_type = 'system_parameter' AND target_id = 'withdraw_min_ETH' AND id > $1 ORDER BY id`,
        [lastAudit],
      );
      expect(audit).toEqual([
        {
          detail: {
            before: before.value,
            after: before.value,
            descriptionBefore: before.description,
            descriptionAfter: 'Smallest ETH withdrawal',
          },
        },
      ]);
      // Neither a value nor a description: the value is asked for.
      const empty = await put('withdraw_min_ETH', {});
      expect(empty.body.code).toBe(400);
      expect(JSON.stringify(empty.body.result)).toContain('value');
    });

    it('the second-approval threshold is changed by super-admins only: an operator cannot lift the rule', async () => {
      const email = `op-${Date.now()}@example.com`;
      await t.db.query(
        `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{operator}')`,
        [email, await hashSecret('operator-password-for-tests')],
      );
      const operator = await adminLogin(t, email, 'operator-password-for-tests');
      const before = (await param('withdraw_dual_approval_threshold')).result?.paramValue;
      const stored = async () =>
        (
          await t.db.query(
            `SELECT value FROM content.parameters WHERE key = 'withdraw_dual_approval_threshold'`,
          )
        )[0].value as string;
      const value = await stored();
      const lastAudit = await lastAuditId(t);
      expect((await put('withdraw_dual_approval_threshold', { value: '0' }, operator)).body.code).toBe(403);
      expect(await stored()).toBe(value);
      await expect(
        auditActions(t, 'system_parameter', 'withdraw_dual_approval_threshold', lastAudit),
      ).resolves.toEqual([]);
      // Other parameters stay the operator's.
      expect((await put('withdraw_min_BTC', { value: '0.002' }, operator)).body.code).toBe(200);
      expect((await put('withdraw_min_BTC', { value: '0.001' }, operator)).body.code).toBe(200);
      // A super-admin may change it (audited).
      expect((await put('withdraw_dual_approval_threshold', { value: '20000' })).body.code).toBe(200);
      expect((await put('withdraw_dual_approval_threshold', { value })).body.code).toBe(200);
      expect((await param('withdraw_dual_approval_threshold')).result?.paramValue).toBe(before);
    });

    it('has no create or delete', async () => {
      const del = await t.http().delete('/swx/admin/parameters/down_url').set(bearer(callers.operator));
      expect(del.body.code).toBe(404);
      const post = await t
        .http()
        .post('/swx/admin/parameters')
        .set(bearer(callers.operator))
        .send({ key: 'x', value: '1' });
      expect(post.body.code).toBe(404);
    });
  });
});
