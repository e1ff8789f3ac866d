import { Client } from 'pg';

/**
 * The conservation audit run after every e2e test file (jest setupFilesAfterEach): per currency and
 * book the ledger sums to zero, no user balance is negative, and every stored leg joins two accounts
 * of one currency and book. Services add their own reservation checks here as they come.
 */
export async function ledgerViolations(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sums = await client.query<{ book: string; currency: string; total: string }>(
      `SELECT book, currency, sum(balance)::text AS total FROM ledger.accounts GROUP BY book, currency HAVING sum(balance) <> 0`,
    );
    const negatives = await client.query<{ id: string }>(
      `SELECT id FROM ledger.accounts WHERE owner_type = 'user' AND balance < 0`,
    );
    const legs = await client.query<{ id: string }>(
      `SELECT t.id FROM ledger.transfers t
         JOIN ledger.accounts d ON d.id = t.debit_account_id
         JOIN ledger.accounts c ON c.id = t.credit_account_id
        WHERE d.currency <> c.currency OR d.book <> c.book`,
    );
    const applied = await client.query<{ id: string }>(
      // Every account's balance equals the sum of the legs that touched it.
      `SELECT a.id FROM ledger.accounts a
         LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) cr ON cr.id = a.id
         LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) dr ON dr.id = a.id
        WHERE a.balance <> coalesce(cr.amount, 0) - coalesce(dr.amount, 0)`,
    );
    return [
      ...sums.rows.map((s) => `book ${s.book} ${s.currency} sums to ${s.total}`),
      ...negatives.rows.map((n) => `user account ${n.id} is negative`),
      ...legs.rows.map((l) => `transfer ${l.id} joins two currencies or books`),
      ...applied.rows.map((a) => `account ${a.id} balance differs from its legs`),
    ];
  } finally {
    await client.end();
  }
}
