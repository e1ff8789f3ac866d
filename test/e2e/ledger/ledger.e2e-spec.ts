import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import {
  InsufficientBalanceError,
  LegWithoutAccountError,
  LedgerIntegrityError,
  LedgerService,
  SystemAccount,
  type AccountRef,
  type JournalEntry,
} from '@app/ledger';
import { systemAccount as system, userAccount as user } from '../../support/ledger-refs';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('ledger (real Postgres)', () => {
  let t: TestApp;
  let ledger: LedgerService;

  /**
   * Runs `statement` while another transaction creates `owner`'s available USDT account, which
   * commits 300 ms later: the statement cannot see it when it starts.
   */
  async function whileAccountIsCreated<T>(owner: string, statement: () => Promise<T>): Promise<T> {
    const creator = t.db.createQueryRunner();
    await creator.startTransaction();
    try {
      await creator.query(
        `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind) VALUES ('user', $1, 'real', 'USDT', 'available')`,
        [owner],
      );
      const running = statement();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await creator.commitTransaction();
      return await running;
    } finally {
      await creator.release();
    }
  }

  async function fund(userId: string, amount: string, currency = 'USDT') {
    await ledger.post({
      key: `fund-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        { from: system(SystemAccount.External, currency), to: user(userId, 'available', currency), amount },
      ],
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
  });
  afterAll(async () => {
    await expect(ledger.invariantViolations()).resolves.toEqual([]);
    await t.close();
  });

  it('200 simultaneous debits succeed exactly as often as the balance allows', async () => {
    const id = randomUUID();
    await fund(id, '100');
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.post({
          key: `debit-${id}-${i}`,
          reason: 'spot_trade',
          legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '1.5' }],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(66); // floor(100 / 1.5)
    expect(refused).toHaveLength(134);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    const balance = await ledger.balance(user(id));
    expect(balance.toFixed()).toBe('1');
    expect(balance.gte(0)).toBe(true);
    await expect(ledger.invariantViolations()).resolves.toEqual([]);
  });

  it('a repeated idempotency key moves money once, even when the repeats race', async () => {
    const id = randomUUID();
    await fund(id, '10');
    const key = `once-${id}`;
    const entry: JournalEntry = {
      key,
      reason: 'spot_trade',
      legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '3' }],
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => ledger.post(entry)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.journalId)).size).toBe(1);
    const again = await ledger.post(entry);
    expect(again.replayed).toBe(true);
    expect((await ledger.balance(user(id))).toFixed()).toBe('7');
  });

  it('a multi-leg entry is all or nothing', async () => {
    const id = randomUUID();
    const payee = randomUUID();
    await fund(id, '5');
    await expect(
      ledger.post({
        key: `multi-${id}`,
        reason: 'u_order_open',
        legs: [
          { from: user(id), to: user(payee), amount: '4' },
          { from: user(id), to: system(SystemAccount.Fees), amount: '2' },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect((await ledger.balance(user(id))).toFixed()).toBe('5');
    expect((await ledger.balance(user(payee))).toFixed()).toBe('0');
    // The refused key was not recorded: the same key can succeed once the money is there.
    await fund(id, '1');
    await expect(
      ledger.post({
        key: `multi-${id}`,
        reason: 'u_order_open',
        legs: [
          { from: user(id), to: user(payee), amount: '4' },
          { from: user(id), to: system(SystemAccount.Fees), amount: '2' },
        ],
      }),
    ).resolves.toMatchObject({ replayed: false });
    expect((await ledger.balance(user(id))).toFixed()).toBe('0');
    expect((await ledger.balance(user(payee))).toFixed()).toBe('4');
  });

  it('freeze and release move between available and frozen', async () => {
    const id = randomUUID();
    await fund(id, '2.000000000000000001');
    await ledger.freeze(`hold-${id}`, { type: 'user', id }, 'real', 'USDT', '2', {
      reason: 'spot_order_hold',
    });
    expect((await ledger.balance(user(id, 'frozen'))).toFixed()).toBe('2');
    expect((await ledger.balance(user(id))).toFixed()).toBe('0.000000000000000001');
    await expect(
      ledger.freeze(`hold2-${id}`, { type: 'user', id }, 'real', 'USDT', '1', { reason: 'spot_order_hold' }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    await ledger.release(`release-${id}`, { type: 'user', id }, 'real', 'USDT', '2', {
      reason: 'spot_order_release',
    });
    expect((await ledger.balance(user(id))).toFixed()).toBe('2.000000000000000001');
  });

  it('opposite transfers between two users at once never deadlock', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await fund(a, '1000');
    await fund(b, '1000');
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ledger.post({
          key: `swap-${a}-${i}`,
          reason: 'exchange',
          legs:
            i % 2
              ? [{ from: user(a), to: user(b), amount: '1' }]
              : [{ from: user(b), to: user(a), amount: '1' }],
        }),
      ),
    );
    const total = (await ledger.balance(user(a))).plus(await ledger.balance(user(b)));
    expect(total.toFixed()).toBe('2000');
  });

  it('refuses malformed legs before touching the database', async () => {
    const id = randomUUID();
    await expect(
      ledger.post({
        key: `bad-${id}`,
        reason: 'admin_adjustment',
        legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '0' }],
      }),
    ).rejects.toBeInstanceOf(LedgerIntegrityError);
    await expect(
      ledger.post({
        key: `bad2-${id}`,
        reason: 'admin_adjustment',
        legs: [{ from: user(id), to: system(SystemAccount.Fees, 'BTC'), amount: '1' }],
      }),
    ).rejects.toBeInstanceOf(LedgerIntegrityError);
    await expect(
      ledger.post({
        key: `bad3-${id}`,
        reason: 'admin_adjustment',
        legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: new Decimal('1e-19') }],
      }),
    ).rejects.toBeInstanceOf(LedgerIntegrityError);
  });

  it('a batch that names one key twice is refused before it moves anything', async () => {
    const id = randomUUID();
    await fund(id, '10');
    const entry: JournalEntry = {
      key: `twice-${id}`,
      reason: 'admin_adjustment',
      legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '1' }],
    };
    await expect(ledger.postMany([entry, { ...entry }])).rejects.toBeInstanceOf(LedgerIntegrityError);
    expect((await ledger.balance(user(id))).toFixed()).toBe('10');
    const journal = await t.db.query('SELECT 1 FROM ledger.journal WHERE idempotency_key = $1', [
      `twice-${id}`,
    ]);
    expect(journal).toEqual([]);
  });

  it('system accounts are sharded but sum as one', async () => {
    const id = randomUUID();
    await fund(id, '32');
    const before = await ledger.balance(system(SystemAccount.Fees));
    await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        ledger.post({
          key: `fee-${id}-${i}`,
          reason: 'spot_trade',
          legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '1' }],
        }),
      ),
    );
    expect((await ledger.balance(system(SystemAccount.Fees))).minus(before).toFixed()).toBe('32');
  });

  it('postings of one process take the shards of a system account in turn', async () => {
    const id = randomUUID();
    await fund(id, '16');
    // An instance of its own: the app's background jobs post through the app's one meanwhile.
    const own = new LedgerService(t.db);
    try {
      for (let i = 0; i < 16; i++) {
        await own.post({
          key: `fee-turn-${id}-${i}`,
          reason: 'spot_trade',
          legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '1' }],
        });
      }
    } finally {
      // Its own account-lookup pool, which the app's shutdown does not close.
      await own.onModuleDestroy();
    }
    // Sixteen postings in a row credit sixteen different shards (random picks would repeat one).
    const [{ shards }] = await t.db.query(
      `SELECT count(DISTINCT a.shard)::int AS shards
         FROM ledger.journal j
         JOIN ledger.transfers tr ON tr.journal_id = j.id
         JOIN ledger.accounts a ON a.id = tr.credit_account_id
        WHERE j.idempotency_key LIKE $1`,
      [`fee-turn-${id}-%`],
    );
    expect(shards).toBe(16);
  });

  it('accounts refuse a malformed currency or kind, written or changed', async () => {
    const insert = (currency: string, kind: string) =>
      t.db.query(
        `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind) VALUES ('user', $1, 'real', $2, $3)`,
        [randomUUID(), currency, kind],
      );
    await expect(insert('usdt', 'available')).rejects.toMatchObject({
      code: '23514',
      constraint: 'accounts_currency_check',
    });
    await expect(insert('USDT', 'Available!')).rejects.toMatchObject({
      code: '23514',
      constraint: 'accounts_kind_check',
    });
    const id = randomUUID();
    await fund(id, '1');
    await expect(
      t.db.query(`UPDATE ledger.accounts SET currency = 'u$' WHERE owner_id = $1`, [id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'accounts_currency_check' });
    await expect(
      t.db.query(`UPDATE ledger.accounts SET kind = 'x' WHERE owner_id = $1`, [id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'accounts_kind_check' });
  });

  it('insertAndPost: a business row and its posting in one statement, both or neither, never overspent', async () => {
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS public.ledger_test_rows (
         id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, owner uuid NOT NULL, note text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now())`,
    );
    const id = randomUUID();
    await fund(id, '10');
    const insert = (note: string) => ({
      text: 'INSERT INTO public.ledger_test_rows (owner, note) VALUES ($1, $2) RETURNING id, note',
      values: [id, note],
    });
    const spend = (note: string, amount: string) =>
      ledger.insertAndPost<{ id: string; note: string }>(insert(note), {
        keyPrefix: 'test-row-',
        reason: 'spot_trade',
        refType: 'test_row',
        legs: [{ from: user(id), to: system(SystemAccount.Fees), amount }],
      });

    const first = await spend('first', '6');
    expect(first.row.note).toBe('first');
    expect(first.replayed).toBe(false);
    const [journal] = await t.db.query<{ idempotency_key: string; ref_id: string; id: string }[]>(
      'SELECT id::text, idempotency_key, ref_id FROM ledger.journal WHERE id = $1',
      [first.journalId],
    );
    expect(journal).toEqual({
      id: first.journalId,
      idempotency_key: `test-row-${first.row.id}`,
      ref_id: first.row.id,
    });
    expect((await ledger.balance(user(id))).toFixed()).toBe('4');

    // 4 left: of 12 spends of 1 at once exactly 4 succeed, and only their rows exist.
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => spend(`at-once-${i}`, '1')),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(4);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    const [{ rows }] = await t.db.query<{ rows: number }[]>(
      `SELECT count(*)::int AS rows FROM public.ledger_test_rows WHERE owner = $1 AND note LIKE 'at-once-%'`,
      [id],
    );
    expect(rows).toBe(4);
    expect((await ledger.balance(user(id))).toFixed()).toBe('0');
    await expect(spend('refused', '0.000001')).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(spend('malformed', '-1')).rejects.toBeInstanceOf(LedgerIntegrityError);
  });

  it('updateAndPostMany: posts the entries of the rows the statement changed, all or nothing', async () => {
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS public.ledger_test_positions (
         id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, owner uuid NOT NULL, state text NOT NULL)`,
    );
    const id = randomUUID();
    await fund(id, '10');
    const open = async (n: number) =>
      (
        await t.db.query<{ id: string }[]>(
          `INSERT INTO public.ledger_test_positions (owner, state)
           SELECT $1, 'open' FROM generate_series(1, $2::int) RETURNING id::text`,
          [id, n],
        )
      ).map((r) => r.id);
    const close = (ids: string[], amounts: string[]) =>
      ledger.updateAndPostMany(
        {
          name: 'test_positions_close',
          text: `UPDATE public.ledger_test_positions SET state = 'closed'
                  WHERE id = ANY($1::bigint[]) AND state = 'open' RETURNING id`,
          values: [ids],
        },
        ids.map((rowId, i) => ({
          key: `test-close-${rowId}`,
          reason: 'spot_trade',
          refType: 'test_position',
          refId: rowId,
          legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: amounts[i] }],
        })),
      );
    const states = async (ids: string[]) =>
      (
        await t.db.query<{ state: string }[]>(
          'SELECT state FROM public.ledger_test_positions WHERE id = ANY($1::bigint[]) ORDER BY id',
          [ids],
        )
      ).map((r) => r.state);

    // The second row was closed meanwhile (another process): only the first and third are posted.
    const rows = await open(3);
    await t.db.query(`UPDATE public.ledger_test_positions SET state = 'closed' WHERE id = $1`, [rows[1]]);
    const posted = await close(rows, ['1', '2', '3']);
    expect([...posted].sort()).toEqual([rows[0], rows[2]].sort());
    expect((await ledger.balance(user(id))).toFixed()).toBe('6');
    const journals = await t.db.query<{ idempotency_key: string }[]>(
      `SELECT idempotency_key FROM ledger.journal WHERE idempotency_key = ANY($1::text[]) ORDER BY id`,
      [rows.map((r) => `test-close-${r}`)],
    );
    expect(journals.map((j) => j.idempotency_key)).toEqual([
      `test-close-${rows[0]}`,
      `test-close-${rows[2]}`,
    ]);

    // Again: nothing is open any more, nothing moves.
    expect((await close(rows, ['1', '2', '3'])).size).toBe(0);
    expect((await ledger.balance(user(id))).toFixed()).toBe('6');

    // One entry would overdraw the user: no row closes and nothing is posted.
    const more = await open(2);
    await expect(close(more, ['1', '6'])).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await states(more)).toEqual(['open', 'open']);
    expect((await ledger.balance(user(id))).toFixed()).toBe('6');

    // An entry that does not name its row is refused before the database.
    await expect(
      ledger.updateAndPostMany({ name: 'test_positions_close', text: 'SELECT 1 AS id', values: [] }, [
        {
          key: `test-nameless-${id}`,
          reason: 'spot_trade',
          legs: [{ from: user(id), to: system(SystemAccount.Fees), amount: '1' }],
        },
      ]),
    ).rejects.toBeInstanceOf(LedgerIntegrityError);
  });

  it('updateAndPostMany: finds accounts the process has not seen, and creates the ones that do not exist', async () => {
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS public.ledger_test_positions (
         id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, owner uuid NOT NULL, state text NOT NULL)`,
    );
    const payer = randomUUID();
    const payee = randomUUID();
    await fund(payer, '10');
    const rows = (
      await t.db.query<{ id: string }[]>(
        `INSERT INTO public.ledger_test_positions (owner, state)
         SELECT $1, 'open' FROM generate_series(1, 3) RETURNING id::text`,
        [payer],
      )
    ).map((r) => r.id);
    const close = (ids: string[], to: AccountRef) =>
      ledger.updateAndPostMany(
        {
          name: 'test_positions_close',
          text: `UPDATE public.ledger_test_positions SET state = 'closed'
                  WHERE id = ANY($1::bigint[]) AND state = 'open' RETURNING id`,
          values: [ids],
        },
        ids.map((rowId) => ({
          key: `test-unseen-${rowId}`,
          reason: 'spot_trade',
          refType: 'test_position',
          refId: rowId,
          legs: [{ from: user(payer), to, amount: '1' }],
        })),
      );
    // As after a restart, or for accounts another process created: nothing is cached.
    const cache = (ledger as unknown as { ids: Map<string, string> }).ids;
    cache.clear();
    expect((await close([rows[0]], system(SystemAccount.Fees))).size).toBe(1);
    expect((await ledger.balance(user(payer))).toFixed()).toBe('9');
    // Found by the statement itself: no lookup beforehand (which would have filled the cache).
    expect([...cache.keys()].filter((key) => key.includes(payer))).toEqual([]);

    // The payee has no account at all: it is created, and the entries are posted once.
    const posted = await close(rows.slice(1), user(payee));
    expect([...posted].sort()).toEqual(rows.slice(1).sort());
    expect((await ledger.balance(user(payer))).toFixed()).toBe('7');
    expect((await ledger.balance(user(payee))).toFixed()).toBe('2');
    const [{ n }] = await t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ledger.journal WHERE idempotency_key = ANY($1::text[])`,
      [rows.map((r) => `test-unseen-${r}`)],
    );
    expect(n).toBe(3);
    // Created by the statement itself, not by a lookup round trip.
    expect([...cache.keys()].filter((key) => key.includes(payee))).toEqual([]);

    // Another transaction creates the payee's account while the statement runs: the statement
    // waits for it, cannot see it, and is run again with the id looked up; posted once.
    const late = randomUUID();
    const [row] = (
      await t.db.query<{ id: string }[]>(
        `INSERT INTO public.ledger_test_positions (owner, state) VALUES ($1, 'open') RETURNING id::text`,
        [payer],
      )
    ).map((r) => r.id);
    expect([...(await whileAccountIsCreated(late, () => close([row], user(late))))]).toEqual([row]);
    expect((await ledger.balance(user(late))).toFixed()).toBe('1');
    expect((await ledger.balance(user(payer))).toFixed()).toBe('6');
    expect(await ledger.invariantViolations()).toEqual([]);
  });

  it('postFromQuery: legs computed in Postgres post with the rows the query wrote, all or nothing', async () => {
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS public.ledger_test_payouts (
         owner uuid NOT NULL, day int NOT NULL, amount numeric NOT NULL, PRIMARY KEY (owner, day))`,
    );
    const payer = randomUUID();
    const payee = randomUUID();
    await fund(payer, '10');
    // Pays `amounts` from the payer to the payee, one payout row per day; a day paid before is not
    // inserted again, so it has no entry. The legs name their accounts by id (null: `credit`).
    const pay = async (to: string, days: number[], amounts: string[], currency = 'USDT', credit?: null) => {
      const [from, into] = await ledger.accountIdsOf([user(payer), user(to, 'available', currency)]);
      return ledger.postFromQuery({
        name: 'test_payouts',
        with: `inserted AS (
                 INSERT INTO public.ledger_test_payouts (owner, day, amount)
                 SELECT $1::uuid, d, a FROM unnest($2::int[], $3::numeric[]) AS u(d, a)
                 ON CONFLICT DO NOTHING RETURNING day, amount)`,
        entries: `SELECT 'test-payout-' || $1 || '-' || i.day AS key, 'test_payout' AS reason,
                         'test' AS ref_type, i.day::text AS ref_id
                    FROM inserted i`,
        legs: `SELECT 'test-payout-' || $1 || '-' || i.day AS key, i.amount, $4::bigint AS debit, $5::bigint AS credit
                 FROM inserted i`,
        values: [to, days, amounts, from, credit === null ? null : into],
      });
    };
    const days = async (owner: string) =>
      (
        await t.db.query<{ day: number }[]>(
          'SELECT day FROM public.ledger_test_payouts WHERE owner = $1 ORDER BY day',
          [owner],
        )
      ).map((r) => r.day);

    await expect(pay(payee, [1, 2], ['1.5', '2'])).resolves.toEqual({ posted: 2 });
    expect((await ledger.balance(user(payer))).toFixed()).toBe('6.5');
    expect((await ledger.balance(user(payee))).toFixed()).toBe('3.5');
    // Day 2 again and day 3: only day 3 is inserted, so only day 3 moves money.
    await expect(pay(payee, [2, 3], ['2', '0.5'])).resolves.toEqual({ posted: 1 });
    expect((await ledger.balance(user(payee))).toFixed()).toBe('4');
    expect(await days(payee)).toEqual([1, 2, 3]);

    // A day the payer cannot afford: refused, and its payout row is not written either.
    await expect(pay(payee, [4], ['7'])).rejects.toBeInstanceOf(InsufficientBalanceError);
    // A 19th decimal would be rounded by the transfers' NUMERIC(38,18): refused, nothing written.
    await expect(pay(payee, [5], ['0.0000000000000000001'])).rejects.toThrow(/18 decimals/);
    await expect(pay(payee, [6], ['0'])).rejects.toThrow(/positive/);
    // The two sides of a leg in different currencies: refused.
    await expect(pay(payee, [7], ['1'], 'BTC')).rejects.toThrow(/share currency and book/);
    // A leg without its account: refused, for the caller to find the account and run it again.
    await expect(pay(payee, [8], ['1'], 'USDT', null)).rejects.toBeInstanceOf(LegWithoutAccountError);
    expect(await days(payee)).toEqual([1, 2, 3]);
    expect((await ledger.balance(user(payer))).toFixed()).toBe('6');

    // A key posted before is refused, never paid twice: here the payout row of day 3 is gone, so
    // the query pays day 3 again, and the whole statement (its payout row too) rolls back.
    await t.db.query('DELETE FROM public.ledger_test_payouts WHERE owner = $1 AND day = 3', [payee]);
    await expect(pay(payee, [3], ['0.5'])).rejects.toThrow(/journal_idempotency_key_unique/);
    expect(await days(payee)).toEqual([1, 2]);
    expect((await ledger.balance(user(payee))).toFixed()).toBe('4');

    // An entry without legs is refused.
    await expect(
      ledger.postFromQuery({
        name: 'test_no_legs',
        with: `nothing AS (SELECT 1)`,
        entries: `SELECT 'test-no-legs-' || $1 AS key, 'test_payout' AS reason, 'test' AS ref_type, NULL AS ref_id`,
        legs: `SELECT NULL::text AS key, NULL::numeric AS amount, NULL::bigint AS debit, NULL::bigint AS credit
                WHERE false`,
        values: [randomUUID()],
      }),
    ).rejects.toThrow(/at least one leg/);
    expect(await ledger.invariantViolations()).toEqual([]);
  });
});
