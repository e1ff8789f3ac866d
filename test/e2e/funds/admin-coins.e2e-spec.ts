import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

describe('admin: coin networks and the withdrawal fee', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    admin = { Authorization: `Bearer ${login.body.result.token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  it('the fee follows withdraw_fee_rate unless the network overrides it; changes are audited', async () => {
    // A network of its own, so that the files running beside this one never see its changes.
    const coin = `T${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const [{ id }]: { id: number }[] = await t.db.query(
      `INSERT INTO funds.coin_networks (coin, network, address_kind, confirmations, min_deposit, min_withdrawal)
       VALUES ($1, 'ERC20', 'evm', 12, 1, 1) RETURNING id`,
      [coin],
    );
    const user = await registerUser(t);
    const quote = async () =>
      (
        await t
          .http()
          .get('/swx/customer/user/withdrawalQuote')
          .query({ coin, network: 'ERC20', amount: '100' })
          .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
      ).body.result as { feeRate: string; fee: string };
    const parameter = (await t.http().get('/swx/customer/index/getParamByKey/withdraw_fee_rate')).body.result
      .paramValue as string;

    const listed = await t
      .http()
      .get('/swx/admin/coinNetworks')
      .query({ filter: JSON.stringify({ coin }) })
      .set(admin);
    expect(listed.body.result).toEqual([
      expect.objectContaining({ id, coin, withdrawFeeRateOverride: null, withdrawFeeRate: parameter }),
    ]);
    expect((await quote()).feeRate).toBe(parameter);

    const override = await t
      .http()
      .put(`/swx/admin/coinNetworks/${id}`)
      .set(admin)
      .send({ id, withdrawFeeRate: '0.25', minWithdrawal: '15' });
    expect(override.body.result).toMatchObject({
      withdrawFeeRateOverride: '0.25',
      withdrawFeeRate: '0.25',
      minWithdrawal: '15',
    });
    expect(await quote()).toMatchObject({ feeRate: '0.25', fee: '0.25' });

    const back = await t
      .http()
      .put(`/swx/admin/coinNetworks/${id}`)
      .set(admin)
      .send({ withdrawFeeRate: null });
    expect(back.body.result.withdrawFeeRate).toBe(parameter);

    const bad = await t
      .http()
      .put(`/swx/admin/coinNetworks/${id}`)
      .set(admin)
      .send({ withdrawFeeRate: '150' });
    expect(bad.body.code).toBe(400);

    const audits: { action: string }[] = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'coinNetwork' AND target_id = $1`,
      [String(id)],
    );
    expect(audits).toHaveLength(2);

    const denied = await t
      .http()
      .put(`/swx/admin/coinNetworks/${id}`)
      .set({ Authorization: `Bearer ${user.token}` })
      .send({ withdrawFeeRate: '0' });
    expect([401, 403]).toContain(denied.body.code);
  });
});
