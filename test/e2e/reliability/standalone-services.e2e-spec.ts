import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import type { InjectionToken } from '@nestjs/common';
import {
  OPTIONAL_DEPS_METADATA,
  PARAMTYPES_METADATA,
  PROPERTY_DEPS_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants';
import { ModuleRef, ModulesContainer } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Clock } from '@app/common';
import { missingContracts, runMigrations, type ServiceDefinition } from '@app/database';
import { LedgerService } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { AdminAuthService } from '@app/accounts/admin/admin-auth.service';
import { ACCOUNTS_SERVICE } from '@app/accounts/service';
import { CONTENT_SERVICE } from '@app/content/service';
import { FUNDS_SERVICE } from '@app/funds/service';
import { LOANS_SERVICE } from '@app/loans/service';
import { MARKET_SERVICE } from '@app/market/service';
import { NFTS_SERVICE } from '@app/nfts/service';
import { ORDERS_SERVICE } from '@app/orders/service';
import { PriceService } from '@app/market';
import { PLATFORM_MIGRATIONS } from '../../../services/platform/src/platform';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';
import { depositEntry } from '../trading/trading-support';

/*
 * Each service has its own main.ts (DESIGN.md, scale-out shape): it runs the definition of
 * services/<name>/src/service.ts through runService. Here every definition is built in-process as
 * its main.ts builds it, and the rules of other services that its modules consult (an open loan
 * blocks withdrawals, an overdue loan freezes trading, ...) hold in it as on the platform.
 */
const SERVICES: {
  definition: ServiceDefinition;
  /** A route of the service's own (answers 200 with a result). */
  probe: (t: TestApp, user: RegisteredUser, admin: string) => ReturnType<ReturnType<TestApp['http']>['get']>;
}[] = [
  {
    definition: ACCOUNTS_SERVICE,
    probe: (t, u) => t.http().post('/swx/customer/user/getUserInfo').set(real(u)),
  },
  {
    definition: MARKET_SERVICE,
    probe: (t, _u, admin) => t.http().get('/swx/admin/priceSources').set(bearer(admin)),
  },
  {
    definition: FUNDS_SERVICE,
    probe: (t, u) => t.http().get('/swx/customer/user/listCoinNetworks').set(real(u)),
  },
  {
    definition: ORDERS_SERVICE,
    probe: (t, u) => t.http().get('/swx/customer/order/listSmartProducts').set(real(u)),
  },
  {
    definition: LOANS_SERVICE,
    probe: (t, u) => t.http().get('/swx/customer/user/listLoanProducts').set(real(u)),
  },
  {
    definition: CONTENT_SERVICE,
    probe: (t, u) => t.http().get('/swx/customer/index/listContents/en').set(real(u)),
  },
  {
    definition: NFTS_SERVICE,
    probe: (t, u) => t.http().get('/swx/customer/index/listNft').set(real(u)),
  },
];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const real = (u: RegisteredUser) => ({ ...bearer(u.token), virtually: 'YES' });
const DATA_DIR = path.resolve(__dirname, '../../../.data/test/app-data');
const DAY = 24 * 3600 * 1000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every token some provider or controller of the app injects (constructor, property or factory). */
function injectedTokens(t: TestApp): Map<InjectionToken, Set<string>> {
  const out = new Map<InjectionToken, Set<string>>();
  const add = (token: unknown, by: string) => {
    if (token === undefined || token === null || token === Object) return;
    const key = token as InjectionToken;
    if (!out.has(key)) out.set(key, new Set());
    out.get(key)!.add(by);
  };
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of [...module.providers.values(), ...module.controllers.values()]) {
      const by = String(wrapper.name);
      if (wrapper.inject) {
        for (const dep of wrapper.inject)
          add(typeof dep === 'object' && dep && 'token' in dep ? dep.token : dep, by);
        continue;
      }
      const type = wrapper.metatype;
      if (typeof type !== 'function') continue;
      const declared = (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, type) ?? []) as {
        index: number;
        param: unknown;
      }[];
      const params = [...((Reflect.getMetadata(PARAMTYPES_METADATA, type) ?? []) as unknown[])];
      for (const d of declared) params[d.index] = d.param;
      // Only the optional ones can be missing without Nest refusing to build the app.
      const optional = (Reflect.getMetadata(OPTIONAL_DEPS_METADATA, type) ?? []) as number[];
      params.forEach((p, i) => optional.includes(i) && add(p, by));
      for (const p of (Reflect.getMetadata(PROPERTY_DEPS_METADATA, type) ?? []) as { type: unknown }[])
        add(p.type, by);
    }
  }
  return out;
}

function resolves(t: TestApp, token: InjectionToken): boolean {
  try {
    // Through the ModuleRef: a failed app.get() of an app made with abortOnError ends the process.
    t.app.get(ModuleRef).get(token, { strict: false });
    return true;
  } catch {
    return false;
  }
}

/** What a standalone app leaves unprovided that its modules ask for and the platform provides. */
function gapsAgainst(platform: TestApp, alone: TestApp): string[] {
  const gaps: string[] = [];
  for (const [token, consumers] of injectedTokens(alone)) {
    if (!resolves(alone, token) && resolves(platform, token)) {
      const name =
        typeof token === 'symbol'
          ? token.description
          : typeof token === 'function'
            ? token.name
            : String(token);
      gaps.push(`${name} (asked for by ${[...consumers].join(', ')})`);
    }
  }
  return gaps.sort();
}

/** A new database next to the run's, dropped afterwards. */
async function withFreshDatabase(suffix: string, use: (url: string) => Promise<void>): Promise<void> {
  const runUrl = new URL(process.env.TEST_RUN_DATABASE_URL!);
  const name = `${runUrl.pathname.slice(1)}_alone_${suffix}`;
  const admin = new Client({ connectionString: runUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await use(Object.assign(new URL(runUrl), { pathname: `/${name}` }).toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

async function adminLogin(t: TestApp): Promise<string> {
  const res = await t
    .http()
    .post('/swx/admin/login')
    .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
  if (res.body.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.result.token as string;
}

describe('every service alone (its main.ts) boots and keeps the rules of the platform', () => {
  // The apps of this file are processes of one deployment: one database, one Redis prefix, one
  // JWT secret. Prices only from the ticks published here.
  const deployment = {
    REDIS_PREFIX: `test-${process.env.TEST_RUN_ID}-alone-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MARKET_SOURCES: 'none',
    DATA_DIR,
  };
  let platform: TestApp;
  let platformAdmin: string;
  /** The standalone processes on the platform's database (the rules below). */
  const others: TestApp[] = [];
  const alone = async (definition: ServiceDefinition) => {
    const t = await createTestApp(deployment, [], definition);
    others.push(t);
    return t;
  };

  beforeAll(async () => {
    platform = await createTestApp(deployment);
    platformAdmin = await adminLogin(platform);
  }, 120_000);
  afterAll(async () => {
    for (const t of others) await t.close().catch(() => undefined);
    await platform?.close();
  });

  describe.each(SERVICES.map((s) => [s.definition.name, s] as const))(
    '%s',
    (_name, { definition, probe }) => {
      it('boots on a fresh database with its migrations, has every contract it consults, answers its own route', async () => {
        // One database, one history: a process applies every migration (its modules read tables of
        // other services), on a fresh database as `npm run start:<service>` does.
        expect(new Set(definition.migrations as unknown[])).toEqual(new Set(PLATFORM_MIGRATIONS));
        await withFreshDatabase(definition.name, async (url) => {
          await runMigrations(url, definition.migrations);
          const t = await createTestApp(
            { ...deployment, REDIS_PREFIX: `${deployment.REDIS_PREFIX}-${definition.name}` },
            [],
            { ...definition, databaseUrl: url },
          );
          try {
            // Nothing its modules ask for is missing that the platform has (an @Optional() contract
            // left out would skip a rule silently).
            expect(gapsAgainst(platform, t)).toEqual([]);
            // What runService checks before it listens.
            expect(definition.requires?.length).toBeGreaterThan(0);
            expect(missingContracts(t.app, definition.requires).map((s) => s.description)).toEqual([]);
            const user = await registerUser(t);
            const res = await probe(t, user, await adminLogin(t));
            expect(res.body).toMatchObject({ code: 200, result: expect.anything() });
          } finally {
            await t.close();
          }
        });
      }, 180_000);
    },
  );

  it('the processes of a deployment booting at once migrate one fresh database once, without a race', async () => {
    await withFreshDatabase('together', async (url) => {
      const applied = await Promise.all(SERVICES.map((s) => runMigrations(url, s.definition.migrations)));
      // Each migration applied by exactly one of them; the others waited and found it done.
      expect(applied.flat().sort()).toEqual(PLATFORM_MIGRATIONS.map((m) => m.name).sort());
    });
  }, 180_000);

  it('of processes creating the first admin at once, one creates it and prints the password that works', async () => {
    await withFreshDatabase('first_admin', async (url) => {
      await runMigrations(url, ACCOUNTS_SERVICE.migrations);
      // No ADMIN_PASSWORD: the first admin gets a generated password, printed once.
      const t = await createTestApp(
        { ...deployment, REDIS_PREFIX: `${deployment.REDIS_PREFIX}-first`, ADMIN_PASSWORD: undefined },
        [],
        { ...ACCOUNTS_SERVICE, databaseUrl: url },
      );
      const printed: string[] = [];
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
        const m = /First admin: \S+ {2}password: (\S+)/.exec(String(chunk));
        if (m) printed.push(m[1]);
        return true;
      });
      try {
        // As two processes of a deployment find no admin and create one at the same moment.
        await t.db.query(`DELETE FROM accounts.admin_users`);
        const bootstrap = t.app.get(AdminAuthService);
        await Promise.all([bootstrap.onApplicationBootstrap(), bootstrap.onApplicationBootstrap()]);
        write.mockRestore();
        expect(await t.db.query(`SELECT 1 FROM accounts.admin_users`)).toHaveLength(1);
        expect(printed).toHaveLength(1);
        const login = await t
          .http()
          .post('/swx/admin/login')
          .send({ email: 'admin@example.com', password: printed[0] });
        expect(login.body.code).toBe(200);
      } finally {
        write.mockRestore();
        await t.close();
      }
    });
  }, 180_000);

  describe('rules of the loans service', () => {
    let funds: TestApp;
    let orders: TestApp;
    beforeAll(async () => {
      funds = await alone(FUNDS_SERVICE);
      orders = await alone(ORDERS_SERVICE);
      const ticked = await platform.app
        .get(PriceService)
        .publishTick({ code: 'BTCUSDT', price: '65000', ts: Date.now() });
      expect(ticked).not.toBeNull();
    }, 120_000);

    /** A verified (KYC) user with `balance` USDT on the real book, through the platform. */
    async function verified(balance: string): Promise<RegisteredUser> {
      const user = await registerUser(platform);
      const req = platform.http().post('/swx/customer/user/identification').set(bearer(user.token));
      const form = {
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
      for (const [k, v] of Object.entries(form)) void req.field(k, v);
      void req.attach('front', PNG, 'f.png').attach('inHand', PNG, 'h.png').attach('signature', PNG, 's.png');
      const sent = await req;
      expect(sent.body.result).toMatchObject({ id: expect.anything() });
      const approved = await platform
        .http()
        .post(`/swx/admin/kyc/${sent.body.result.id}/approve`)
        .set(bearer(platformAdmin));
      expect(approved.body.code).toBe(200);
      await platform.app.get(LedgerService).post(depositEntry(user.id, balance));
      return user;
    }
    const borrow = async (user: RegisteredUser, amount: string, termDays: number) => {
      const loan = await platform
        .http()
        .post('/swx/customer/user/loan')
        .set(real(user))
        .send({ amount, termDays, agree: true });
      expect(loan.body.result).toMatchObject({ status: 'repaying' });
      return loan.body.result.id as string;
    };
    const repay = async (user: RegisteredUser, loanId: string) => {
      const res = await platform.http().post('/swx/customer/user/repayLoan').set(real(user)).send({ loanId });
      expect(res.body.result).toMatchObject({ status: 'repaid' });
    };
    async function setWithdrawPassword(user: RegisteredUser) {
      await platform
        .http()
        .post('/swx/customer/login/sendCode')
        .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
      const code = await lastCode(platform, user.email);
      const res = await platform
        .http()
        .post('/swx/customer/user/repasswordTx')
        .set(real(user))
        .send({ type: 'email', code, password: 'withdraw-secret' });
      expect(res.body.code).toBe(20005);
    }
    const withdraw = (t: TestApp, user: RegisteredUser) =>
      t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        amount: '50',
        withdrawPassword: 'withdraw-secret',
      });

    it('the funds process refuses a withdrawal while a loan is open, as the platform does', async () => {
      // Without a loan, the funds process takes the withdrawal at the platform's fee.
      const saver = await verified('100');
      await setWithdrawPassword(saver);
      const quote = (t: TestApp) =>
        t
          .http()
          .get('/swx/customer/user/withdrawalQuote')
          .query({ coin: 'USDT', network: 'TRC20', amount: '50' })
          .set(real(saver));
      expect((await quote(funds)).body).toEqual((await quote(platform)).body);
      expect((await withdraw(funds, saver)).body).toMatchObject({
        code: 20003,
        result: { status: 'pending', amount: '50', fee: (await quote(platform)).body.result.fee },
      });

      const borrower = await verified('1000');
      const loanId = await borrow(borrower, '500', 30);
      await setWithdrawPassword(borrower);
      const onPlatform = await withdraw(platform, borrower);
      expect(onPlatform.body).toMatchObject({
        code: 403,
        message: 'Withdrawals are not possible while a loan is open',
      });
      expect((await withdraw(funds, borrower)).body).toEqual(onPlatform.body);
      await repay(borrower, loanId);
    });

    it('the orders process refuses an order of a user frozen by an overdue loan, as the platform does', async () => {
      const buyU = (t: TestApp, user: RegisteredUser) =>
        t
          .http()
          .post('/swx/customer/order/buyU')
          .set(real(user))
          .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 });
      // A user in good standing trades through the orders process.
      const trader = await verified('1000');
      expect((await buyU(orders, trader)).body).toMatchObject({ code: 20004, result: { state: 'open' } });

      const borrower = await verified('1000');
      const loanId = await borrow(borrower, '500', 7);
      // Eight days on in every process of the deployment (whichever takes the sweep job).
      const clocks = [platform, ...others].map((t) => t.app.get(Clock));
      for (const clock of clocks) clock.advance(8 * DAY);
      try {
        await platform.app.get<Queue>(getQueueToken(QueueName.Loans)).add(JobName.LoanOverdueSweep, {});
        await waitForQueuesDrained(platform, [QueueName.Loans]);
        const records = await platform.http().get('/swx/customer/user/listLoanRecord').set(real(borrower));
        expect(records.body.result[0]).toMatchObject({ id: loanId, status: 'expired' });

        const onPlatform = await buyU(platform, borrower);
        expect(onPlatform.body).toMatchObject({
          code: 10005,
          message: 'Your account is frozen until the overdue loan is repaid',
        });
        expect((await buyU(orders, borrower)).body).toEqual(onPlatform.body);
        await repay(borrower, loanId);
        expect((await buyU(orders, borrower)).body).toMatchObject({ code: 20004 });
      } finally {
        for (const clock of clocks) clock.set(new Date());
      }
    });
  });
});
