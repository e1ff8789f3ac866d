import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@app/database';
import { LedgerService, SystemAccount, type AccountRef } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Callers post inside their own transactions while the ledger may still have to create the
 * accounts they touch. With every connection of the main pool held by such a transaction, the
 * account creation must still go through (it has connections of its own), or all of them wait forever.
 */
describe('ledger: new accounts while the main pool is exhausted', () => {
  let t: TestApp;
  let small: DataSource;
  let ledger: LedgerService;

  beforeAll(async () => {
    t = await createTestApp(); // runs the migrations on the run's database
    small = new DataSource(buildDataSourceOptions(process.env.TEST_RUN_DATABASE_URL!, [], 2));
    await small.initialize();
    ledger = new LedgerService(small);
  });
  afterAll(async () => {
    await ledger.onModuleDestroy();
    await small.destroy();
    await t.close();
  });

  it('two transactions holding both connections each create and fund a new account', async () => {
    const account = (id: string): AccountRef => ({
      owner: { type: 'user', id },
      book: 'real',
      currency: 'USDT',
      kind: 'available',
    });
    const users = [randomUUID(), randomUUID()];
    const posting = Promise.all(
      users.map((id) =>
        small.transaction(async (m) => {
          await m.query('SELECT 1'); // the transaction now holds its connection
          await new Promise((resolve) => setTimeout(resolve, 200)); // ...and so does the other one
          return ledger.post(
            {
              key: `pool-test-${id}`,
              reason: 'admin_adjustment',
              legs: [
                {
                  from: {
                    owner: { type: 'system', id: SystemAccount.External },
                    book: 'real',
                    currency: 'USDT',
                    kind: 'main',
                  },
                  to: account(id),
                  amount: '5',
                },
              ],
            },
            m,
          );
        }),
      ),
    );
    const outcome = await Promise.race([
      posting.then(() => 'posted'),
      new Promise((resolve) => setTimeout(() => resolve('stuck'), 15_000)),
    ]);
    expect(outcome).toBe('posted');
    for (const id of users) {
      const [row] = await t.db.query(
        `SELECT balance FROM ledger.accounts WHERE owner_type = 'user' AND owner_id = $1 AND kind = 'available'`,
        [id],
      );
      expect(row.balance).toBe('5.000000000000000000');
    }
  });
});
