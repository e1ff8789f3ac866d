import { Body, Controller, HttpCode, Module, Param, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IsNumberString } from 'class-validator';
import {
  ApiSuccess,
  CurrentPrincipal,
  CustomerAuth,
  ErrorCode,
  Idempotent,
  type AuthPrincipal,
} from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueEvents, type Queue } from 'bullmq';
import { bullConnection, JobName, QueueName } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

class CreditDto {
  @IsNumberString()
  amount: string;
}

/** A money-moving POST that is not idempotent by itself: each call credits again. */
@Controller('test')
class CreditController {
  constructor(private readonly ledger: LedgerService) {}

  @Post('credit')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  async credit(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: CreditDto) {
    if (dto.amount === '0') throw new ApiSuccessError();
    await new Promise((r) => setTimeout(r, 20));
    const posted = await this.ledger.post({
      key: randomUUID(),
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'TST',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: p.id }, book: 'real', currency: 'TST', kind: 'available' },
          amount: dto.amount,
        },
      ],
    });
    return new ApiSuccess({ journalId: posted.journalId }, ErrorCode.DepositUnderReview);
  }
}

/** The same, naming the credited memo in the path (as admin decisions name their record). */
@Controller('test')
class CreditByPathController {
  constructor(private readonly credits: CreditController) {}

  @Post('credit/:memo')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  creditFor(@CurrentPrincipal() p: AuthPrincipal, @Param('memo') _memo: string, @Body() dto: CreditDto) {
    return this.credits.credit(p, dto);
  }
}

class ApiSuccessError extends Error {}

@Module({ controllers: [CreditController, CreditByPathController], providers: [CreditController] })
class CreditModule {}

describe('Idempotency-Key on money-moving POSTs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, [CreditModule]);
  });
  afterAll(async () => {
    await t.close();
  });

  const credit = (token: string, key: string | undefined, amount = '1') => {
    const req = t.http().post('/test/credit').set('Authorization', `Bearer ${token}`);
    if (key) req.set('Idempotency-Key', key);
    return req.send({ amount });
  };
  const balance = async (userId: string) => {
    const rows = await t.db.query(
      `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger.accounts WHERE owner_id = $1 AND currency = 'TST'`,
      [userId],
    );
    return rows[0].b as string;
  };

  it('without the header every call takes effect', async () => {
    const user = await registerUser(t);
    await credit(user.token, undefined);
    await credit(user.token, undefined);
    expect(await balance(user.id)).toBe('2.000000000000000000');
  });

  it('100 keys x 10 concurrent replays: exactly 100 effects; replays answer the stored result', async () => {
    const user = await registerUser(t);
    const keys = Array.from({ length: 100 }, () => randomUUID());
    const answers = await Promise.all(
      keys.flatMap((k) =>
        Array.from({ length: 10 }, () => credit(user.token, k).then((r) => ({ k, body: r.body }))),
      ),
    );
    expect(await balance(user.id)).toBe('100.000000000000000000');
    const codes = answers.map((a) => a.body.code as number);
    expect(codes.every((c) => c === 20002 || c === 409)).toBe(true);
    // After the dust settles every key replays its first answer.
    for (const k of keys.slice(0, 5)) {
      const first = answers.find((a) => a.k === k && a.body.code === 20002);
      const again = await credit(user.token, k);
      expect(again.body).toEqual(first!.body);
    }
  });

  it('the same key with another body answers 422; keys are per user', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const key = randomUUID();
    expect((await credit(user.token, key, '1')).body.code).toBe(20002);
    expect((await credit(user.token, key, '2')).body.code).toBe(422);
    expect((await credit(other.token, key, '1')).body.code).toBe(20002);
    expect(await balance(user.id)).toBe('1.000000000000000000');
    // The book is part of the request: the same key and body on the other book is not a replay.
    const other2 = randomUUID();
    const demo = await credit(user.token, other2, '1');
    const real = await t
      .http()
      .post('/test/credit')
      .set({ Authorization: `Bearer ${user.token}`, 'Idempotency-Key': other2, virtually: 'YES' })
      .send({ amount: '1' });
    expect([demo.body.code, real.body.code]).toEqual([20002, 422]);
  });

  it('the same key on another record of the path answers 422, not the first record’s answer', async () => {
    const user = await registerUser(t);
    const key = randomUUID();
    const first = t.http().post('/test/credit/single').set('Authorization', `Bearer ${user.token}`);
    expect((await first.set('Idempotency-Key', key).send({ amount: '1' })).body.code).toBe(20002);
    const other = t.http().post('/test/credit/other').set('Authorization', `Bearer ${user.token}`);
    expect((await other.set('Idempotency-Key', key).send({ amount: '1' })).body.code).toBe(422);
    expect(await balance(user.id)).toBe('1.000000000000000000');
  });

  it('a refused request replays its refusal; an unexpected failure frees the key', async () => {
    const user = await registerUser(t);
    const key = randomUUID();
    const bad = await credit(user.token, key, 'x');
    expect(bad.body.code).toBe(400);
    const key2 = randomUUID();
    const failed = await credit(user.token, key2, '0');

    expect(failed.body).toMatchObject({ code: 500 });
    expect((await credit(user.token, key2, '0')).body.code).toBe(500);
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM common.idempotency_keys WHERE key = $1`, [
      key2,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('keys older than 48 hours are purged by the maintenance job', async () => {
    await t.db.query(
      `INSERT INTO common.idempotency_keys (owner, key, request_hash, state, created_at)
       VALUES ('customer:old', 'old-key', 'h', 'done', now() - interval '49 hours'),
              ('customer:old', 'fresh-key', 'h', 'done', now() - interval '25 hours')`,
    );
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Maintenance));
    const events = new QueueEvents(QueueName.Maintenance, {
      connection: bullConnection(process.env.TEST_RUN_REDIS_URL!),
      prefix: `${t.config.REDIS_PREFIX}-bull`,
    });
    try {
      await events.waitUntilReady();
      const job = await queue.add(JobName.PurgeIdempotencyKeys, { olderThanHours: 48 });
      // The job answers how many it purged: the one key past 48 hours (other tests' keys are new).
      expect(await job.waitUntilFinished(events, 10_000)).toBe(1);
    } finally {
      await events.close();
    }
    const left = await t.db.query(`SELECT key FROM common.idempotency_keys WHERE owner = 'customer:old'`);
    expect(left).toEqual([{ key: 'fresh-key' }]);
  });
});
