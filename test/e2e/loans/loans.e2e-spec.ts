import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Clock } from '@app/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JobName, QueueName } from '@app/queue';
import { waitForQueuesDrained } from '../../support/queues';
import { LedgerService, SystemAccount } from '@app/ledger';
import { readPdf } from '../../support/pdf';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 24 * 3600 * 1000;

describe('loans /swx/customer/user/loan', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    adminToken = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  async function verified(balance: string) {
    const user = await registerUser(t);
    const req = t
      .http()
      .post('/swx/customer/user/identification')
      .set('Authorization', `Bearer ${user.token}`);
    const f = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: 'London',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(f)) void req.field(k, v);
    void req.attach('front', PNG, 'f.png').attach('inHand', PNG, 'h.png').attach('signature', PNG, 's.png');
    const sent = await req;
    await t
      .http()
      .post(`/swx/admin/kyc/${sent.body.result.id}/approve`)
      .set('Authorization', `Bearer ${adminToken}`);
    await t.app.get(LedgerService).post({
      key: `deposit-${randomUUID()}`,
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
          amount: balance,
        },
      ],
    });
    return user;
  }
  const available = async (u: RegisteredUser) =>
    (
      (await t.http().post('/swx/customer/user/getUserInfo').set(real(u))).body.result.balances as {
        currency: string;
        available: string;
      }[]
    ).find((b) => b.currency === 'USDT')?.available;
  const setFreeDays = (value: string) =>
    t
      .http()
      .put('/swx/admin/parameters/loan_interest_free_days')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ value });

  it('10022 without KYC, 10023 for a wrong term, the KYC cap of 90% of the real balance, a signature required', async () => {
    const stranger = await registerUser(t);
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/loan')
          .set(real(stranger))
          .send({ amount: '100', termDays: 30, agree: true })
      ).body.code,
    ).toBe(10022);
    const user = await verified('1000');
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/loan')
          .set(real(user))
          .send({ amount: '100', termDays: 8, agree: true })
      ).body.code,
    ).toBe(10023);
    const above = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '901', termDays: 30, agree: true });
    expect(above.body).toMatchObject({
      code: 400,
      result: [{ field: 'amount', message: 'The loan amount may be at most 900' }],
    });
    // Below the product's minimum: the message names the minimum, not a maximum.
    const below = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '99.99', termDays: 30, agree: true });
    expect(below.body).toMatchObject({
      code: 400,
      result: [{ field: 'amount', message: 'The amount must be at least 100' }],
    });
    const belowQuote = await t
      .http()
      .get('/swx/customer/user/loanQuote')
      .query({ amount: '499', termDays: 90 })
      .set(real(user));
    expect(belowQuote.body).toMatchObject({
      code: 400,
      result: [{ field: 'amount', message: 'The amount must be at least 500' }],
    });
    const unsigned = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '800', termDays: 30 });
    expect(unsigned.body).toMatchObject({ code: 400, result: [{ field: 'agree' }] });
  });

  it('grants with interest after the free days, blocks withdrawals, and is repaid early with the days used', async () => {
    expect((await setFreeDays('7')).body.code).toBe(200);
    const user = await verified('1000');
    const quote = await t
      .http()
      .get('/swx/customer/user/loanQuote')
      .query({ amount: '800', termDays: 30 })
      .set(real(user));
    // 800 x 0.04% a day x (30 - 7) days
    expect(quote.body.result).toMatchObject({
      amount: '800',
      termDays: 30,
      dueDays: 30,
      interestFreeDays: 7,
      totalInterest: '7.36',
      totalDue: '807.36',
      cap: '900',
    });
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '800', termDays: 30, agree: true });
    expect(loan.body.result).toMatchObject({ status: 'repaying', totalInterest: '7.36' });
    expect(await available(user)).toBe('1800');
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/loan')
          .set(real(user))
          .send({ amount: '100', termDays: 7, agree: true })
      ).body.code,
    ).toBe(10089);

    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const withdrawal = await t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '50',
      withdrawPassword: 'withdraw-secret',
    });
    expect(withdrawal.body).toMatchObject({
      code: 403,
      message: 'Withdrawals are not possible while a loan is open',
    });

    t.app.get(Clock).advance(10 * DAY - 60_000); // the 10th day has started, not the 11th
    const repaid = await t
      .http()
      .post('/swx/customer/user/repayLoan')
      .set(real(user))
      .send({ loanId: loan.body.result.id });
    // 10 days used, 7 free: 3 days x 0.32
    expect(repaid.body).toMatchObject({ code: 20005, result: { status: 'repaid', repaidAmount: '800.96' } });
    expect(await available(user)).toBe('999.04');
    const records = await t.http().get('/swx/customer/user/listLoanRecord').set(real(user));
    expect(records.body.result).toMatchObject([{ status: 'repaid', amount: '800' }]);
  });

  it('with 0 interest-free days, principal and interest are due one day after the loan (DESIGN.md)', async () => {
    expect((await setFreeDays('0')).body.code).toBe(200);
    try {
      const user = await verified('1000');
      const clock = t.app.get(Clock);
      const oneDayOn = (from: number) => (iso: string) => {
        const at = new Date(iso).getTime();
        expect(at).toBeGreaterThanOrEqual(from + DAY);
        expect(at).toBeLessThanOrEqual(clock.now().getTime() + DAY);
      };
      const quotedFrom = clock.now().getTime();
      const quote = await t
        .http()
        .get('/swx/customer/user/loanQuote')
        .query({ amount: '500', termDays: 30 })
        .set(real(user));
      // One day of interest, at the 30-day product's rate: 500 x 0.04% x 1
      expect(quote.body.result).toMatchObject({
        termDays: 30,
        dueDays: 1,
        interestFreeDays: 0,
        totalInterest: '0.2',
        totalDue: '500.2',
      });
      oneDayOn(quotedFrom)(quote.body.result.repaymentDate);
      const grantedFrom = clock.now().getTime();
      const loan = await t
        .http()
        .post('/swx/customer/user/loan')
        .set(real(user))
        .send({ amount: '500', termDays: 30, agree: true });
      expect(loan.body.result).toMatchObject({
        status: 'repaying',
        totalInterest: '0.2',
        interestFreeDays: 0,
      });
      oneDayOn(grantedFrom)(loan.body.result.repaymentDate);
      // The due-time job runs a day later, not 30.
      const job = await t.app
        .get<Queue>(getQueueToken(QueueName.Loans))
        .getJob(`loan-due-${loan.body.result.id}`);
      expect(job?.opts.delay).toBeGreaterThan(DAY - 60_000);
      expect(job?.opts.delay).toBeLessThanOrEqual(DAY);
      const pdf = await t
        .http()
        .get(`/swx/customer/user/loanAgreement/${loan.body.result.id}`)
        .set(real(user))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const { text } = readPdf(pdf.body as Buffer);
      expect(text).toContain('Interest days: 1');
      expect(text).toContain('Total interest: 0.2 USDT');
      expect(text).toContain(
        `Repayment date: ${new Date(loan.body.result.repaymentDate).toISOString().slice(0, 10)}`,
      );
    } finally {
      await setFreeDays('7');
    }
  });

  it('an overdue loan freezes the account (no plans, no withdrawals) until it is repaid', async () => {
    const user = await verified('1000');
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '500', termDays: 7, agree: true });
    expect(loan.body.result.status).toBe('repaying');
    const products = (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
      id: number;
    }[];
    const buySmart = () =>
      t
        .http()
        .post('/swx/customer/order/buySmart')
        .set(real(user))
        .send({ productId: products[0].id, amount: '100', days: 1 });
    // An order just before the due day: the "not frozen" answer it got must not outlive the due time.
    const before = await buySmart();
    expect(before.body.code).toBe(20004);
    t.app.get(Clock).advance(8 * DAY);
    await t.app.get<Queue>(getQueueToken(QueueName.Loans)).add(JobName.LoanOverdueSweep, {});
    await waitForQueuesDrained(t, [QueueName.Loans]);
    const records = await t.http().get('/swx/customer/user/listLoanRecord').set(real(user));
    expect(records.body.result[0].status).toBe('expired');
    // The borrower is told (the bell), once however often the sweep runs.
    await t.app.get<Queue>(getQueueToken(QueueName.Loans)).add(JobName.LoanOverdueSweep, {});
    await waitForQueuesDrained(t, [QueueName.Loans]);
    const bell = await t.http().get('/swx/customer/user/listNotification').set(real(user));
    const overdue = (bell.body.result.list as { type: string; refId: string; content: string }[]).filter(
      (n) => n.type === 'loan' && n.refId === String(loan.body.result.id) && /overdue/.test(n.content),
    );
    expect(overdue).toHaveLength(1);
    expect(overdue[0].content).toContain('500 USDT');
    const buy = await buySmart();
    expect(buy.body).toMatchObject({
      code: 10005,
      message: 'Your account is frozen until the overdue loan is repaid',
    });
    const repaid = await t
      .http()
      .post('/swx/customer/user/repayLoan')
      .set(real(user))
      .send({ loanId: loan.body.result.id });
    expect(repaid.body.result.status).toBe('repaid');
    const after = await buySmart();
    expect(after.body.code).toBe(20004);
  });

  it('the agreement PDF states the terms and carries the signature; only the borrower and reviewers get it', async () => {
    const user = await verified('2000');
    const other = await registerUser(t);
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '1000', termDays: 30, agree: true });
    const id = loan.body.result.id as string;
    const pdf = await t
      .http()
      .get(`/swx/customer/user/loanAgreement/${id}`)
      .set(real(user))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const { text, images } = readPdf(pdf.body as Buffer);
    expect(text).toContain(`Loan agreement #${id}`);
    expect(text).toContain('Borrower: Ada Lovelace');
    expect(text).toContain('Identity document: passport P1234567');
    expect(text).toContain('Principal: 1000 USDT');
    expect(text).toContain('Term: 30 days');
    expect(text).toContain(`Total interest: ${loan.body.result.totalInterest} USDT`);
    expect(text).toContain('Signed by the borrower');
    expect(text).not.toContain('no signature on file');
    expect(images).toBe(1);

    const stranger = await t.http().get(`/swx/customer/user/loanAgreement/${id}`).set(real(other));
    expect(stranger.body.code).toBe(404);
    const reviewer = await t
      .http()
      .get(`/swx/admin/loans/${id}/agreement`)
      .set('Authorization', `Bearer ${adminToken}`);
    expect(reviewer.status).toBe(200);
    expect(reviewer.headers['content-type']).toMatch(/application\/pdf/);
    const customerAsAdmin = await t.http().get(`/swx/admin/loans/${id}/agreement`).set(real(user));
    expect([401, 403]).toContain(customerAsAdmin.body.code);
  });

  it('a delayed job at the repayment date makes the loan overdue', async () => {
    const user = await verified('1000');
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '300', termDays: 7, agree: true });
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Loans));
    const job = await queue.getJob(`loan-due-${loan.body.result.id}`);
    expect(job?.name).toBe(JobName.LoanDue);
    const delay = job!.opts.delay ?? 0;
    expect(Math.abs(delay - 7 * DAY)).toBeLessThan(60_000);
    t.app.get(Clock).advance(7 * DAY + 1000);
    await job!.promote();
    await waitForQueuesDrained(t, [QueueName.Loans]);
    const records = await t.http().get('/swx/customer/user/listLoanRecord').set(real(user));
    expect(records.body.result[0]).toMatchObject({ id: loan.body.result.id, status: 'expired' });
    await t.http().post('/swx/customer/user/repayLoan').set(real(user)).send({ loanId: loan.body.result.id });
  });

  it('reviewers list loans and record a repayment made outside the platform, audited and once', async () => {
    const user = await verified('1000');
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(user))
      .send({ amount: '400', termDays: 30, agree: true });
    const id = loan.body.result.id as string;
    const admin = { Authorization: `Bearer ${adminToken}` };
    const list = await t
      .http()
      .get('/swx/admin/loans')
      .query({ filter: JSON.stringify({ userId: user.id }) })
      .set(admin);
    expect(list.body.result).toHaveLength(1);
    expect(list.body.result[0]).toMatchObject({ id, userId: user.id, status: 'repaying' });
    expect(list.headers['content-range']).toMatch(/^loans 0-0\/1$/);

    const noNote = await t.http().post(`/swx/admin/loans/${id}/markRepaid`).set(admin).send({});
    expect(noNote.body.code).toBe(400);
    const marked = await Promise.all(
      [1, 2].map(() =>
        t.http().post(`/swx/admin/loans/${id}/markRepaid`).set(admin).send({ note: 'bank transfer ref 42' }),
      ),
    );
    for (const m of marked) expect(m.body.result.status).toBe('repaid');
    const audits: { action: string }[] = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'loan' AND target_id = $1`,
      [id],
    );
    expect(audits).toHaveLength(1);
    const journals: { n: string }[] = await t.db.query(
      `SELECT count(*) AS n FROM ledger.journal WHERE idempotency_key = $1`,
      [`loan-repay-${id}`],
    );
    expect(Number(journals[0].n)).toBe(1);
    // The user's own money was not touched: the repayment came from outside.
    const records = await t.http().get('/swx/customer/user/listLoanRecord').set(real(user));
    expect(records.body.result[0].status).toBe('repaid');
    expect(await available(user)).toBe('1400');
  });
});
