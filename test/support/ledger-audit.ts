import { Client } from 'pg';

/**
 * The user account kinds that hold money for something, and where the business rows that explain
 * them live. Every user account of another kind than `available` must be explained here: a new kind
 * of hold that is not reconciled is itself a violation (so that it cannot be missed).
 */
const RESERVATIONS_SQL = `
  SELECT w.user_id::text AS owner_id, 'real' AS book, w.coin AS currency, 'frozen' AS kind,
         w.amount + w.fee AS amount, 'withdrawal ' || w.id AS ref
    FROM funds.withdrawals w WHERE w.status = 'pending'
  UNION ALL
  SELECT b.user_id::text, 'real', n.currency, 'frozen', b.amount, 'nft bid ' || b.id
    FROM nfts.bids b JOIN nfts.nfts n ON n.id = b.nft_id WHERE b.status = 'active'
  UNION ALL
  SELECT o.user_id::text, o.book, CASE o.side WHEN 'buy' THEN p.quote ELSE p.base END, 'frozen',
         o.held_left, 'spot order ' || o.id
    FROM orders.spot_orders o JOIN orders.spot_pairs p ON p.symbol = o.symbol
   WHERE o.user_id IS NOT NULL AND o.held_left > 0
  UNION ALL
  SELECT u.user_id::text, u.book, u.currency, 'margin',
         CASE u.state WHEN 'waiting' THEN u.margin + u.fee ELSE u.margin END, 'u order ' || u.id
    FROM orders.u_orders u WHERE u.state IN ('waiting', 'open')
  UNION ALL
  SELECT o.user_id::text, o.book, o.currency, 'options_stake', o.amount, 'options order ' || o.id
    FROM orders.options_orders o WHERE o.state = 'open'
  UNION ALL
  SELECT p.user_id::text, 'real', p.currency, CASE p.kind WHEN 'smart' THEN 'principal' ELSE 'staked' END,
         p.amount, 'plan ' || p.id
    FROM orders.plans p WHERE p.status = 'earning'`;

/**
 * The conservation audit run after every e2e test file (jest setupFilesAfterEnv) and after the
 * chaos and load runs. All checks read one snapshot (REPEATABLE READ), so that postings of other
 * test files running at the same time are seen whole or not at all:
 * - per currency and book the ledger sums to zero; no user balance is negative;
 * - every stored leg joins two accounts of one currency and book, moves a positive amount, and each
 *   account's balance is exactly the sum of its legs (every transfer balances);
 * - every journal entry has legs;
 * - held money equals what holds it: a user's frozen balance equals their pending withdrawals
 *   (amount + fee), leading NFT bids and open spot orders' reservations; margin equals the open and
 *   waiting U orders' margins (+ the held fee of a waiting one); options stakes the open options;
 *   principal / staked the earning smart / staking plans;
 * - the loan pool has lent exactly the principal of the loans not yet repaid;
 * - every plan payout row has its ledger posting and a plan was paid what its rows say.
 */
export async function ledgerViolations(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'swx-audit' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const q = async <T extends object>(sql: string) => (await client.query<T>(sql)).rows;
    const sums = await q<{ book: string; currency: string; total: string }>(
      `SELECT book, currency, sum(balance)::text AS total FROM ledger.accounts GROUP BY book, currency HAVING sum(balance) <> 0`,
    );
    const negatives = await q<{ id: string }>(
      `SELECT id FROM ledger.accounts WHERE owner_type = 'user' AND balance < 0`,
    );
    const legs = await q<{ id: string }>(
      `SELECT t.id FROM ledger.transfers t
         LEFT JOIN ledger.accounts d ON d.id = t.debit_account_id
         LEFT JOIN ledger.accounts c ON c.id = t.credit_account_id
        WHERE d.id IS NULL OR c.id IS NULL OR d.currency <> c.currency OR d.book <> c.book OR t.amount <= 0`,
    );
    const applied = await q<{ id: string; balance: string; legs: string }>(
      // Every account's balance equals the sum of the legs that touched it.
      `SELECT a.id, a.balance::text,
              (coalesce(cr.amount, 0) - coalesce(dr.amount, 0))::text AS legs FROM ledger.accounts a
         LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) cr ON cr.id = a.id
         LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) dr ON dr.id = a.id
        WHERE a.balance <> coalesce(cr.amount, 0) - coalesce(dr.amount, 0)`,
    );
    const empty = await q<{ id: string; idempotency_key: string }>(
      `SELECT j.id, j.idempotency_key FROM ledger.journal j
        WHERE NOT EXISTS (SELECT 1 FROM ledger.transfers t WHERE t.journal_id = j.id)`,
    );
    const holds = await q<{
      owner_id: string;
      book: string;
      currency: string;
      kind: string;
      balance: string;
      expected: string;
      refs: string | null;
    }>(
      `WITH expected AS (${RESERVATIONS_SQL}),
            e AS (SELECT owner_id, book, currency, kind, sum(amount) AS amount,
                         string_agg(ref, ', ' ORDER BY ref) AS refs
                    FROM expected GROUP BY 1, 2, 3, 4),
            a AS (SELECT owner_id, book, currency, kind, sum(balance) AS balance FROM ledger.accounts
                   WHERE owner_type = 'user' AND kind <> 'available' GROUP BY 1, 2, 3, 4)
       SELECT coalesce(a.owner_id, e.owner_id) AS owner_id, coalesce(a.book, e.book) AS book,
              coalesce(a.currency, e.currency) AS currency, coalesce(a.kind, e.kind) AS kind,
              coalesce(a.balance, 0)::text AS balance, coalesce(e.amount, 0)::text AS expected,
              left(e.refs, 200) AS refs
         FROM a FULL JOIN e ON e.owner_id = a.owner_id AND e.book = a.book AND e.currency = a.currency
                           AND e.kind = a.kind
        WHERE coalesce(a.balance, 0) <> coalesce(e.amount, 0)`,
    );
    const loanPool = await q<{ currency: string; balance: string; lent: string }>(
      `WITH pool AS (SELECT currency, sum(balance) AS balance FROM ledger.accounts
                      WHERE owner_type = 'system' AND owner_id = 'loan_pool' AND book = 'real' GROUP BY 1),
            lent AS (SELECT currency, sum(amount) AS amount FROM loans.loans WHERE status <> 'repaid' GROUP BY 1)
       SELECT coalesce(pool.currency, lent.currency) AS currency, coalesce(pool.balance, 0)::text AS balance,
              coalesce(lent.amount, 0)::text AS lent
         FROM pool FULL JOIN lent ON lent.currency = pool.currency
        WHERE coalesce(pool.balance, 0) <> -coalesce(lent.amount, 0)`,
    );
    const payouts = await q<{ plan_id: string; day: number }>(
      `SELECT o.plan_id::text, o.day FROM orders.plan_payouts o
        WHERE (o.amount > 0 OR o.day = (SELECT cycle_days FROM orders.plans p WHERE p.id = o.plan_id))
          AND NOT EXISTS (SELECT 1 FROM ledger.journal j WHERE j.idempotency_key = 'plan-yield-' || o.plan_id || '-' || o.day)`,
    );
    const earned = await q<{ id: string; earned: string; paid: string; days_paid: number; rows: number }>(
      `SELECT p.id::text, p.earned::text, coalesce(x.paid, 0)::text AS paid, p.days_paid, coalesce(x.n, 0)::int AS rows
         FROM orders.plans p
         LEFT JOIN (SELECT plan_id, sum(amount) AS paid, count(*) AS n FROM orders.plan_payouts GROUP BY 1) x
           ON x.plan_id = p.id
        WHERE p.earned <> coalesce(x.paid, 0) OR p.days_paid <> coalesce(x.n, 0)`,
    );
    await client.query('COMMIT');
    return [
      ...sums.map((s) => `book ${s.book} ${s.currency} sums to ${s.total}`),
      ...negatives.map((n) => `user account ${n.id} is negative`),
      ...legs.map((l) => `transfer ${l.id} joins two currencies or books, or a missing account`),
      ...applied.map((a) => `account ${a.id} balance ${a.balance} differs from its legs ${a.legs}`),
      ...empty.map((j) => `journal ${j.id} (${j.idempotency_key}) has no legs`),
      ...holds.map(
        (h) =>
          `user ${h.owner_id} ${h.book} ${h.currency} ${h.kind} is ${h.balance} but its holds sum to ${h.expected}` +
          (h.refs ? ` (${h.refs})` : ''),
      ),
      ...loanPool.map((l) => `loan pool ${l.currency} is ${l.balance} but ${l.lent} is lent`),
      ...payouts.map((p) => `plan ${p.plan_id} day ${p.day} has a payout row but no posting`),
      ...earned.map(
        (e) =>
          `plan ${e.id} earned ${e.earned} over ${e.days_paid} days but its payouts say ${e.paid} over ${e.rows}`,
      ),
    ];
  } finally {
    await client.end();
  }
}
