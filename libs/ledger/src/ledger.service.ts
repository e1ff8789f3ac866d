import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import pg, { type Pool, type PoolClient } from 'pg';
import { preparedQuery } from '@app/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InsufficientBalanceError, LedgerIntegrityError, LegWithoutAccountError } from './ledger.errors';
import {
  SystemAccount,
  type AccountRef,
  type BalanceLine,
  type JournalEntry,
  type LedgerBook,
  type LedgerReason,
  type PostResult,
  type StatementLine,
} from './ledger.types';

/**
 * System accounts that nearly every posting touches are split into shards so that concurrent
 * postings do not queue on one row; their balance is the sum of the shards.
 */
const SYSTEM_SHARDS: Partial<Record<SystemAccount, number>> = {
  [SystemAccount.Fees]: 16,
  [SystemAccount.DemoFaucet]: 16,
  [SystemAccount.External]: 8,
  [SystemAccount.YieldExpense]: 16,
  [SystemAccount.TradingPnl]: 16,
  [SystemAccount.Insurance]: 8,
  // The other side of every spot trade with the house's market maker, for every pair's sequencer.
  [SystemAccount.MarketMaker]: 16,
};

function shardsOf(ref: AccountRef): number {
  return ref.owner.type === 'system' ? (SYSTEM_SHARDS[ref.owner.id] ?? 1) : 1;
}

function refKey(ref: AccountRef, shard: number): string {
  return `${ref.owner.type}|${ref.owner.id}|${ref.book}|${ref.currency}|${ref.kind}|${shard}`;
}

/** The decimal text Postgres receives: plain notation, never a JS number. */
function sqlDecimal(value: Decimal): string {
  return value.toFixed();
}

const POST_JOURNAL_SQL =
  'SELECT journal_id, replayed FROM ledger.post_journal($1, $2, $3, $4, $5::bigint[], $6::bigint[], $7::numeric[])';

interface PgError {
  code?: string;
  constraint?: string;
}

/** A user balance that would go below zero is InsufficientBalanceError; anything else as it is. */
function balanceError(error: unknown): unknown {
  const pg = ((error as { driverError?: PgError }).driverError ?? error) as PgError;
  if (pg.code === '23514' && pg.constraint === 'accounts_user_non_negative')
    return new InsufficientBalanceError();
  return error;
}

/** An account of a batch: its reference, the shard the batch uses, and its cache key. */
interface WantedAccount {
  ref: AccountRef;
  shard: number;
  key: string;
}

/** The columns of ledger.accounts' unique key, one array each, for unnest. */
function accountColumns(list: WantedAccount[]): unknown[] {
  return [
    list.map((m) => m.ref.owner.type),
    list.map((m) => m.ref.owner.id),
    list.map((m) => m.ref.book),
    list.map((m) => m.ref.currency),
    list.map((m) => m.ref.kind),
    list.map((m) => m.shard),
  ];
}

/** A leg whose account id the statement did not find: the transfers' NOT NULL refused it. */
function isMissingAccount(error: unknown): boolean {
  const pg = error as { code?: string; table?: string; column?: string };
  return (
    pg.code === '23502' &&
    pg.table === 'transfers' &&
    (pg.column === 'debit_account_id' || pg.column === 'credit_account_id')
  );
}

/**
 * WITH-list entries for a preceding `wanted` (owner_type, owner_id, book, currency, kind, shard and
 * any other columns): `found`, wanted with each account's id (null when it does not exist) by one
 * probe of the unique index (a plain join may hash the whole accounts table), and `created`, the
 * missing ones inserted. One that another transaction is creating at this moment is neither (the
 * statement's snapshot began before it): the caller's statement must refuse a null id.
 */
const FIND_OR_CREATE_ACCOUNTS = `
      found AS (
        SELECT w.*, a.id FROM wanted w
          LEFT JOIN LATERAL (
            SELECT a.id FROM ledger.accounts a
             WHERE a.owner_type = w.owner_type AND a.owner_id = w.owner_id AND a.book = w.book
               AND a.currency = w.currency AND a.kind = w.kind AND a.shard = w.shard
             LIMIT 1) a ON true),
      created AS (
        INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind, shard)
        SELECT owner_type, owner_id, book, currency, kind, shard FROM found WHERE id IS NULL
        ON CONFLICT ON CONSTRAINT accounts_owner_unique DO NOTHING
        RETURNING id, owner_type, owner_id, book, currency, kind, shard)`;

/** The only code that changes balances (DESIGN.md, libs/ledger). */
@Injectable()
export class LedgerService implements OnModuleDestroy {
  /** Account ids never change once created, so they are cached for the life of the process. */
  private readonly ids = new Map<string, string>();
  /**
   * Which shard the next posting takes: in turn from a random start, so that the postings this
   * process runs at once (a queue worker's concurrent jobs) take different shards, where random
   * picks would put two of four on the same row about one time in six and the later one would wait
   * for the other's commit. Other processes start elsewhere.
   */
  private shardTurn = Math.floor(Math.random() * 1_000_000);
  /**
   * Accounts are found and created on two connections of their own, outside the caller's
   * transaction: callers may hold every connection of the main pool in open transactions while
   * they wait for a new account, and that wait must never depend on one of them finishing.
   */
  private accountPool?: Pool;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleDestroy(): Promise<void> {
    await this.accountPool?.end();
    this.accountPool = undefined;
  }

  private async accountQuery<T>(sql: string, params: unknown[]): Promise<T[]> {
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) return this.dataSource.query(sql, params);
    if (!this.accountPool) {
      this.accountPool = new pg.Pool({
        connectionString: url,
        max: 2,
        idleTimeoutMillis: 10_000,
        allowExitOnIdle: true,
        application_name: 'swx-ledger-accounts',
      });
      // An idle connection the server ended (restart, terminated backend) is dropped by the pool;
      // without a listener its error would be thrown as an unhandled event. Added once per pool.
      this.accountPool.on('error', () => undefined);
    }
    return (await this.accountPool.query(sql, params)).rows as T[];
  }

  /**
   * Posts a journal entry: every leg moves `amount` from one account to another, all in one
   * database transaction (the caller's `manager` when given, so that it commits with the business
   * rows). A repeated key moves nothing and returns the first posting. Throws
   * InsufficientBalanceError when a user account would go below zero.
   */
  async post(entry: JournalEntry, manager?: EntityManager): Promise<PostResult> {
    const { debits, credits, amounts } = await this.resolveLegs(entry.legs);
    try {
      const rows = await this.callPostJournal(
        [entry.key, entry.reason, entry.refType ?? null, entry.refId ?? null, debits, credits, amounts],
        manager,
      );
      return { journalId: String(rows[0].journal_id), replayed: rows[0].replayed };
    } catch (error) {
      throw balanceError(error);
    }
  }

  /**
   * A business row and its posting in ONE statement (one round trip, its own transaction): `insert`
   * is an `INSERT ... RETURNING id, ...` with its own parameters $1..$n, and `entry` is posted with
   * the key `${entry.keyPrefix}${id}` and the new row's id as its refId. Both or neither: a user
   * account below zero (InsufficientBalanceError) leaves no row. No account row stays locked while
   * the caller's process is busy elsewhere, as it does between the statements of a transaction.
   * Answers the RETURNING columns (as pg reads them) and the posting.
   */
  async insertAndPost<Row extends Record<string, unknown>>(
    /** `name`: the statement is prepared once per connection under it (one name, one text). */
    insert: { name?: string; text: string; values: unknown[] },
    entry: Omit<JournalEntry, 'key' | 'refId'> & { keyPrefix: string },
  ): Promise<{ row: Row } & PostResult> {
    const { debits, credits, amounts } = await this.resolveLegs(entry.legs);
    const n = insert.values.length;
    const text = `WITH business AS (${insert.text})
      SELECT b.*, p.journal_id::text AS ledger_journal_id, p.replayed AS ledger_replayed
        FROM business b
       CROSS JOIN LATERAL ledger.post_journal($${n + 1}::text || b.id::text, $${n + 2}, $${n + 3}, b.id::text,
             $${n + 4}::bigint[], $${n + 5}::bigint[], $${n + 6}::numeric[]) p`;
    const values = [
      ...insert.values,
      entry.keyPrefix,
      entry.reason,
      entry.refType ?? null,
      debits,
      credits,
      amounts,
    ];
    try {
      const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
      const { rows } = await pool.query<Row & { ledger_journal_id: string; ledger_replayed: boolean }>(
        insert.name ? { name: `ledger_post_with_${insert.name}`, text, values } : { text, values },
      );
      if (rows.length !== 1) throw new LedgerIntegrityError(`insertAndPost: ${rows.length} rows inserted`);
      const { ledger_journal_id: journalId, ledger_replayed: replayed, ...row } = rows[0];
      return { row: row as unknown as Row, journalId, replayed };
    } catch (error) {
      throw balanceError(error);
    }
  }

  /** The account ids and amounts of checked legs. */
  private async resolveLegs(legs: JournalEntry['legs']) {
    if (legs.length === 0) throw new LedgerIntegrityError('a journal entry needs at least one leg');
    const debits: string[] = [];
    const credits: string[] = [];
    const amounts: string[] = [];
    for (const leg of legs) {
      const amount = new Decimal(leg.amount);
      if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 18) {
        throw new LedgerIntegrityError(
          `leg amount must be positive with at most 18 decimals: ${amount.toString()}`,
        );
      }
      if (leg.from.currency !== leg.to.currency || leg.from.book !== leg.to.book) {
        throw new LedgerIntegrityError('both sides of a leg must share currency and book');
      }
      debits.push(await this.accountId(leg.from));
      credits.push(await this.accountId(leg.to));
      amounts.push(sqlDecimal(amount));
    }
    return { debits, credits, amounts };
  }

  /**
   * Many journal entries in one database round trip, with the rules of `post` (for daily
   * settlements). All or nothing: one user account below zero refuses the whole batch.
   */
  async postMany(entries: JournalEntry[], manager?: EntityManager): Promise<PostResult[]> {
    if (entries.length === 0) return [];
    const statement = {
      name: 'ledger_post_journals',
      text: `SELECT entry, journal_id, replayed FROM ledger.post_journals(
               $1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::bigint[], $8::numeric[])`,
      values: await this.batchArrays(entries),
    };
    try {
      const rows: { entry: number; journal_id: string; replayed: boolean }[] = manager?.queryRunner
        ? (await ((await manager.queryRunner.connect()) as PoolClient).query(statement)).rows
        : (await (this.dataSource.driver as unknown as { master: Pool }).master.query(statement)).rows;
      return rows.map((r) => ({ journalId: String(r.journal_id), replayed: r.replayed }));
    } catch (error) {
      throw balanceError(error);
    }
  }

  /**
   * A data-modifying statement and the journal entries of the rows it changed, together in one
   * statement: one round trip and its own implicit transaction, so no row stays locked while the
   * caller's process is busy elsewhere (the position engine's closes). `update.text` is an UPDATE
   * (or INSERT) returning the `id` of each row it changed; each entry's refId names its row, and
   * the entries of rows the statement left alone (a position another process closed meanwhile) are
   * not posted. All or nothing: one user account below zero refuses the rows as well. Answers the
   * refIds whose entries were posted.
   */
  async updateAndPostMany(
    /** `name`: the statement is prepared once per connection under it (one name, one text). */
    update: { name: string; text: string; values: unknown[] },
    entries: JournalEntry[],
  ): Promise<Set<string>> {
    if (entries.length === 0) return new Set();
    if (entries.some((e) => e.refId === undefined)) {
      throw new LedgerIntegrityError('updateAndPostMany: every entry names its row (refId)');
    }
    const n = update.values.length;
    const p = (k: number) => `$${n + k}`;
    // The kept entries are numbered again from 1 (post_journals finds a leg's entry by position).
    // Accounts the process has not cached are found (one probe of the unique index each) or
    // created in the statement itself, not in round trips before it. One that another transaction
    // is creating at the same moment is neither (this statement's snapshot began before it): its
    // leg's id stays null, which the transfers' NOT NULL refuses (below).
    const text = `WITH business AS (${update.text}),
      kept AS (
        SELECT u.ord::int AS n, (row_number() OVER (ORDER BY u.ord))::int AS m, u.k, u.r, u.rt, u.ri
          FROM unnest(${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[])
               WITH ORDINALITY AS u(k, r, rt, ri, ord)
         WHERE u.ri IN (SELECT b.id::text FROM business b)),
      wanted AS (
        SELECT w.ord::int AS i, w.owner_type, w.owner_id, w.book, w.currency, w.kind, w.shard
          FROM unnest(${p(11)}::text[], ${p(12)}::text[], ${p(13)}::text[], ${p(14)}::text[],
                      ${p(15)}::text[], ${p(16)}::smallint[])
               WITH ORDINALITY AS w(owner_type, owner_id, book, currency, kind, shard, ord)),
      ${FIND_OR_CREATE_ACCOUNTS},
      resolved AS (
        SELECT f.i, coalesce(f.id, c.id) AS id
          FROM found f
          LEFT JOIN created c ON c.owner_type = f.owner_type AND c.owner_id = f.owner_id
               AND c.book = f.book AND c.currency = f.currency AND c.kind = f.kind AND c.shard = f.shard),
      legs AS (
        SELECT kept.m, coalesce(l.d, rd.id) AS d, coalesce(l.c, rc.id) AS c, l.a, l.ord
          FROM unnest(${p(5)}::int[], ${p(6)}::bigint[], ${p(7)}::bigint[], ${p(8)}::numeric[],
                      ${p(9)}::int[], ${p(10)}::int[])
               WITH ORDINALITY AS l(e, d, c, a, dl, cl, ord)
          JOIN kept ON kept.n = l.e
          LEFT JOIN resolved rd ON rd.i = l.dl
          LEFT JOIN resolved rc ON rc.i = l.cl)
      SELECT kept.ri AS ref_id
        FROM ledger.post_journals(
               ARRAY(SELECT k FROM kept ORDER BY m), ARRAY(SELECT r FROM kept ORDER BY m),
               ARRAY(SELECT rt FROM kept ORDER BY m), ARRAY(SELECT ri FROM kept ORDER BY m),
               ARRAY(SELECT m FROM legs ORDER BY ord), ARRAY(SELECT d FROM legs ORDER BY ord),
               ARRAY(SELECT c FROM legs ORDER BY ord), ARRAY(SELECT a FROM legs ORDER BY ord)) p
        JOIN kept ON kept.m = p.entry`;
    const { legRefs, ...checked } = this.checkEntries(entries);
    /** Each leg's two account ids (null: to find) and, where null, its place in `lookups`. */
    const run = async (
      sides: { id: string | null; at: number | null }[][],
      lookups: WantedAccount[],
    ): Promise<Set<string>> => {
      const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
      const { rows } = await pool.query<{ ref_id: string }>({
        name: `ledger_post_with_${update.name}`,
        text,
        values: [
          ...update.values,
          checked.keys,
          checked.reasons,
          checked.refTypes,
          checked.refIds,
          checked.legEntry,
          sides.map(([debit]) => debit.id),
          sides.map(([, credit]) => credit.id),
          checked.amounts,
          sides.map(([debit]) => debit.at),
          sides.map(([, credit]) => credit.at),
          ...accountColumns(lookups),
        ],
      });
      return new Set(rows.map((r) => r.ref_id));
    };
    const wanted = this.shardsFor(legRefs.flat());
    const uncached = [...new Map(wanted.filter((w) => !this.ids.has(w.key)).map((w) => [w.key, w])).values()];
    // A leg's side is its cached id, or else its place (from 1) in the list of uncached accounts.
    const place = new Map(uncached.map((w, i) => [w.key, i + 1]));
    const side = (i: number) => ({
      id: this.ids.get(wanted[i].key) ?? null,
      at: place.get(wanted[i].key) ?? null,
    });
    try {
      try {
        return await run(
          legRefs.map((_, i) => [side(2 * i), side(2 * i + 1)]),
          uncached,
        );
      } catch (error) {
        // An account created concurrently (the transfers' NOT NULL refused its leg, and the whole
        // statement rolled back): looked up outside, as `post` does, and the statement again.
        if (!isMissingAccount(error) || uncached.length === 0) throw error;
        const ids = await this.accountIds(legRefs.flat(), wanted);
        return await run(
          legRefs.map((_, i) => [
            { id: ids[2 * i], at: null },
            { id: ids[2 * i + 1], at: null },
          ]),
          [],
        );
      }
    } catch (error) {
      throw balanceError(error);
    }
  }

  /**
   * Journal entries that a query computes, posted in the same statement, in a transaction of its
   * own, and no leg passes through this process (daily settlements, where the
   * amounts are computed from rows the query locks and changes). Postgres takes data-modifying
   * WITHs only at the top level, so the caller's parts are pieces of one WITH list:
   *
   *   with     the caller's own WITH list (it may lock and write its rows)
   *   entries  SELECT key, reason, ref_type, ref_id: one row per journal entry
   *   legs     SELECT key, amount, debit, credit: one row per leg, its accounts by id (accountIdsOf)
   *
   * The rules of `post` hold, checked once per statement (ledger.check_posting): amounts positive
   * with at most 18 decimals, both sides of a leg in one book and currency, every entry with legs
   * and every leg with its entry, a user account below zero refuses everything (the query's own
   * changes too), accounts locked in id order. A leg without an account id (null) refuses the
   * statement with LegWithoutAccountError, for the caller to find the ids and run it again. Keys
   * must be new: a key posted before refuses the whole statement (unique violation), so the
   * caller's own rows (e.g. payouts unique per plan and day) decide what is due. Journal rows,
   * transfers and balances are written by this statement itself: what the daily settlement of
   * 100,000s of plans costs is mostly these rows. The statement runs with a generic plan, planned
   * once per connection without its values: its joins must be ones such a plan does well (rows by
   * key from a small CTE, arrays through `= ANY`). Answers the number of entries posted.
   */
  async postFromQuery(source: {
    /** The statement is prepared once per connection under this name (one name, one text). */
    name: string;
    with: string;
    entries: string;
    legs: string;
    values: unknown[];
  }): Promise<{ posted: number }> {
    const text = `WITH ${source.with},
      ledger_journal AS (
        INSERT INTO ledger.journal (idempotency_key, reason, ref_type, ref_id)
        SELECT e.key, e.reason, e.ref_type, e.ref_id FROM (${source.entries}) e
        RETURNING id, idempotency_key),
      ledger_legs AS (
        SELECT j.id AS journal_id, l.debit::bigint AS debit, l.credit::bigint AS credit, l.amount::numeric AS amount
          FROM (${source.legs}) l
          LEFT JOIN ledger_journal j ON j.idempotency_key = l.key),
      ledger_transfers AS (
        INSERT INTO ledger.transfers (journal_id, debit_account_id, credit_account_id, amount)
        SELECT journal_id, debit, credit, amount FROM ledger_legs),
      ledger_deltas AS (
        -- The net change per account, in account id order.
        SELECT coalesce(array_agg(d.account ORDER BY d.account), '{}') AS accounts,
               coalesce(array_agg(d.delta ORDER BY d.account), '{}') AS deltas
          FROM (
            SELECT m.account, sum(m.delta) AS delta
              FROM ledger_legs l
             CROSS JOIN LATERAL (VALUES (l.debit, -l.amount), (l.credit, l.amount)) AS m(account, delta)
             WHERE m.account IS NOT NULL
             GROUP BY m.account) d),
      ledger_locked AS (
        -- Row locks in id order (no deadlocks between postings), before the update below.
        SELECT a.id, a.book, a.currency FROM ledger.accounts a
         WHERE a.id = ANY((SELECT accounts FROM ledger_deltas)::bigint[])
         ORDER BY a.id
           FOR NO KEY UPDATE),
      ledger_counts AS (
        SELECT count(DISTINCT journal_id) AS entries_with_legs,
               count(*) FILTER (WHERE journal_id IS NULL) AS without_entry,
               count(*) FILTER (WHERE debit IS NULL) AS debits_missing,
               count(*) FILTER (WHERE credit IS NULL) AS credits_missing,
               count(*) FILTER (WHERE amount IS NULL OR amount <= 0 OR scale(amount) > 18) AS bad_amounts
          FROM ledger_legs),
      ledger_checked AS (
        SELECT ledger.check_posting(
          (SELECT count(*) FROM ledger_journal), c.entries_with_legs, c.without_entry,
          c.debits_missing, c.credits_missing, c.bad_amounts,
          (SELECT cardinality(accounts) FROM ledger_deltas), (SELECT count(*) FROM ledger_locked),
          (SELECT count(*) FROM ledger_legs l
             JOIN ledger_locked d ON d.id = l.debit
             JOIN ledger_locked c ON c.id = l.credit
            WHERE d.book <> c.book OR d.currency <> c.currency)) AS ok
          FROM ledger_counts c),
      ledger_updated AS (
        -- Through the primary key (\`a.id = ANY\`: a join alone lets the planner hash the whole
        -- table), once the checks passed.
        UPDATE ledger.accounts a
           SET balance = a.balance + d.delta, updated_at = now()
          FROM unnest((SELECT accounts FROM ledger_deltas), (SELECT deltas FROM ledger_deltas)) AS d(account, delta)
         WHERE a.id = d.account AND a.id = ANY((SELECT accounts FROM ledger_deltas)::bigint[])
           AND (SELECT ok FROM ledger_checked)
        RETURNING a.id)
      SELECT (SELECT count(*) FROM ledger_journal)::int AS posted,
             (SELECT count(*) FROM ledger_updated)::int AS updated`;
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const client = await pool.connect();
    // A connection that cannot even roll back is closed rather than handed back to the pool.
    let broken: Error | undefined;
    try {
      // A generic plan: the statement's shape does not depend on its values (ids in arrays), and
      // Postgres would otherwise plan it anew on every call (its custom plans never looked cheaper
      // than the generic one), about 5% of a 500-plan settlement chunk. SET LOCAL keeps the
      // setting to this transaction, not to the pooled connection's later statements.
      await client.query('BEGIN; SET LOCAL plan_cache_mode = force_generic_plan');
      const { rows } = await client.query<{ posted: number; updated: number }>({
        name: `ledger_post_from_${source.name}`,
        text,
        values: source.values,
      });
      await client.query('COMMIT');
      return { posted: rows[0].posted };
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      if (isMissingAccount(error)) throw new LegWithoutAccountError((error as Error).message);
      throw balanceError(error);
    } finally {
      client.release(broken);
    }
  }

  /** The per-entry and per-leg arrays of a batch, checked by the rules of `post`. */
  private checkEntries(entries: JournalEntry[]) {
    const keys: string[] = [];
    const reasons: string[] = [];
    const refTypes: (string | null)[] = [];
    const refIds: (string | null)[] = [];
    const legEntry: number[] = [];
    const legRefs: [AccountRef, AccountRef][] = [];
    const amounts: string[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      if (entry.legs.length === 0) throw new LedgerIntegrityError('a journal entry needs at least one leg');
      // post_journals finds an entry's journal row by its key: one key twice in a batch would post
      // both entries' legs under one row.
      if (seen.has(entry.key)) throw new LedgerIntegrityError(`one key twice in a batch: ${entry.key}`);
      seen.add(entry.key);
      keys.push(entry.key);
      reasons.push(entry.reason);
      refTypes.push(entry.refType ?? null);
      refIds.push(entry.refId ?? null);
      for (const leg of entry.legs) {
        const amount = new Decimal(leg.amount);
        if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 18) {
          throw new LedgerIntegrityError(
            `leg amount must be positive with at most 18 decimals: ${amount.toString()}`,
          );
        }
        if (leg.from.currency !== leg.to.currency || leg.from.book !== leg.to.book) {
          throw new LedgerIntegrityError('both sides of a leg must share currency and book');
        }
        legEntry.push(index + 1);
        legRefs.push([leg.from, leg.to]);
        amounts.push(sqlDecimal(amount));
      }
    }
    return { keys, reasons, refTypes, refIds, legEntry, legRefs, amounts };
  }

  /** The eight arrays post_journals takes for a batch of checked entries (account ids in bulk). */
  private async batchArrays(entries: JournalEntry[]): Promise<unknown[]> {
    const { keys, reasons, refTypes, refIds, legEntry, legRefs, amounts } = this.checkEntries(entries);
    // Account ids in bulk: thousands of users' accounts in two statements, not two per account.
    const ids = await this.accountIds(legRefs.flat());
    const debits = legRefs.map((_, i) => ids[2 * i]);
    const credits = legRefs.map((_, i) => ids[2 * i + 1]);
    return [keys, reasons, refTypes, refIds, legEntry, debits, credits, amounts];
  }

  /**
   * The hot path talks to the pg connection directly with a named prepared statement (parsed once
   * per connection): in the caller's transaction when it has one, else on the pool (autocommit).
   */
  private async callPostJournal(
    values: unknown[],
    manager?: EntityManager,
  ): Promise<{ journal_id: string; replayed: boolean }[]> {
    const statement = { name: 'ledger_post_journal', text: POST_JOURNAL_SQL, values };
    if (manager?.queryRunner) {
      const connection = (await manager.queryRunner.connect()) as PoolClient;
      return (await connection.query(statement)).rows;
    }
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    return (await pool.query(statement)).rows;
  }

  /** Available -> frozen (a hold), e.g. for a pending withdrawal. */
  freeze(
    key: string,
    owner: AccountRef['owner'],
    book: LedgerBook,
    currency: string,
    amount: Decimal | string,
    ref: { reason: LedgerReason; refType?: string; refId?: string },
    manager?: EntityManager,
  ): Promise<PostResult> {
    return this.post(
      {
        key,
        ...ref,
        legs: [
          {
            from: { owner, book, currency, kind: 'available' },
            to: { owner, book, currency, kind: 'frozen' },
            amount,
          },
        ],
      },
      manager,
    );
  }

  /** Frozen -> available (a release of a hold). */
  release(
    key: string,
    owner: AccountRef['owner'],
    book: LedgerBook,
    currency: string,
    amount: Decimal | string,
    ref: { reason: LedgerReason; refType?: string; refId?: string },
    manager?: EntityManager,
  ): Promise<PostResult> {
    return this.post(
      {
        key,
        ...ref,
        legs: [
          {
            from: { owner, book, currency, kind: 'frozen' },
            to: { owner, book, currency, kind: 'available' },
            amount,
          },
        ],
      },
      manager,
    );
  }

  /** The balance of one account (the sum of its shards for a system account). */
  async balance(ref: AccountRef, manager?: EntityManager): Promise<Decimal> {
    const rows: { balance: string | null }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT sum(balance) AS balance FROM ledger.accounts
        WHERE owner_type = $1 AND owner_id = $2 AND book = $3 AND currency = $4 AND kind = $5`,
      [ref.owner.type, ref.owner.id, ref.book, ref.currency, ref.kind],
    );
    return new Decimal(rows[0]?.balance ?? 0);
  }

  /** Every account of a user in one book. */
  async userBalances(userId: string, book: LedgerBook, manager?: EntityManager): Promise<BalanceLine[]> {
    const rows = await preparedQuery<{ currency: string; kind: string; balance: string }>(
      manager ?? this.dataSource,
      'ledger_user_balances',
      `SELECT currency, kind, balance FROM ledger.accounts
        WHERE owner_type = 'user' AND owner_id = $1 AND book = $2 ORDER BY currency, kind`,
      [userId, book],
    );
    return rows.map((r) => ({ currency: r.currency, kind: r.kind, balance: new Decimal(r.balance) }));
  }

  /**
   * A user's movements in one book, newest first: every leg that touched one of the user's
   * accounts, signed from the user's side (moves between two of the user's own accounts, such as
   * a hold, appear once per side).
   */
  async statement(
    userId: string,
    book: LedgerBook,
    options: { reasons?: string[]; currency?: string; offset: number; limit: number },
    manager?: EntityManager,
  ): Promise<{ rows: StatementLine[]; total: number }> {
    const params: unknown[] = [userId, book];
    let filter = '';
    if (options.reasons?.length) {
      params.push(options.reasons);
      filter += ` AND j.reason = ANY($${params.length})`;
    }
    if (options.currency) {
      params.push(options.currency);
      filter += ` AND a.currency = $${params.length}`;
    }
    const base = `
      FROM ledger.accounts a
      JOIN ledger.transfers t ON t.debit_account_id = a.id OR t.credit_account_id = a.id
      JOIN ledger.journal j ON j.id = t.journal_id
      WHERE a.owner_type = 'user' AND a.owner_id = $1 AND a.book = $2${filter}`;
    const runner = manager ?? this.dataSource.manager;
    const [{ total }]: { total: string }[] = await runner.query(`SELECT count(*) AS total ${base}`, params);
    const rows: {
      id: string;
      journal_id: string;
      currency: string;
      kind: string;
      amount: string;
      debit: boolean;
      reason: string;
      ref_type: string | null;
      ref_id: string | null;
      created_at: Date;
    }[] = await runner.query(
      `SELECT t.id, t.journal_id, a.currency, a.kind, t.amount, (t.debit_account_id = a.id) AS debit,
              j.reason, j.ref_type, j.ref_id, t.created_at
       ${base} ORDER BY t.id DESC, debit DESC LIMIT ${Number(options.limit)} OFFSET ${Number(options.offset)}`,
      params,
    );
    return {
      total: Number(total),
      rows: rows.map((r) => ({
        transferId: String(r.id),
        journalId: String(r.journal_id),
        currency: r.currency,
        kind: r.kind,
        amount: (r.debit ? new Decimal(r.amount).neg() : new Decimal(r.amount)).toFixed(),
        reason: r.reason,
        refType: r.ref_type,
        refId: r.ref_id,
        at: r.created_at.toISOString(),
      })),
    };
  }

  /**
   * The invariant of double entry: per currency and book the balances sum to zero, and no user
   * account is negative. Returns the violations (none when the ledger is sound).
   */
  async invariantViolations(manager?: EntityManager): Promise<string[]> {
    const runner = manager ?? this.dataSource.manager;
    const sums: { book: string; currency: string; total: string }[] = await runner.query(
      `SELECT book, currency, sum(balance) AS total FROM ledger.accounts GROUP BY book, currency HAVING sum(balance) <> 0`,
    );
    const negatives: { id: string }[] = await runner.query(
      `SELECT id FROM ledger.accounts WHERE owner_type = 'user' AND balance < 0`,
    );
    const legs: { id: string }[] = await runner.query(
      `SELECT t.id FROM ledger.transfers t
         JOIN ledger.accounts d ON d.id = t.debit_account_id
         JOIN ledger.accounts c ON c.id = t.credit_account_id
        WHERE d.currency <> c.currency OR d.book <> c.book`,
    );
    return [
      ...sums.map((s) => `book ${s.book} currency ${s.currency} sums to ${s.total}`),
      ...negatives.map((n) => `user account ${n.id} is negative`),
      ...legs.map((l) => `transfer ${l.id} joins two currencies or books`),
    ];
  }

  /**
   * The shard of each wanted account: one per system account for the whole batch, so that a batch
   * locks one row of each (not every shard), and concurrent batches, which take theirs in turn
   * (shardTurn), lock different rows.
   */
  private shardsFor(refs: AccountRef[]): WantedAccount[] {
    const batchShards = new Map<string, number>();
    const turn = this.shardTurn++;
    return refs.map((ref) => {
      const shards = shardsOf(ref);
      let shard = 0;
      if (shards > 1) {
        const account = refKey(ref, 0);
        shard = batchShards.get(account) ?? turn % shards;
        batchShards.set(account, shard);
      }
      return { ref, shard, key: refKey(ref, shard) };
    });
  }

  /**
   * Ids of accounts, found or created (empty) outside the caller's transaction as `post` does, for
   * rows that keep the accounts a later postFromQuery pays by id (a plan's accounts). Account ids
   * never change. A sharded system account answers one of its shards.
   */
  async accountIdsOf(refs: AccountRef[]): Promise<string[]> {
    return this.accountIds(refs);
  }

  /** Ids of many accounts (shards chosen as in accountId), creating the missing ones in bulk. */
  private async accountIds(refs: AccountRef[], wanted = this.shardsFor(refs)): Promise<string[]> {
    const missing = [
      ...new Map(wanted.filter((w) => !this.ids.has(w.key)).map((w) => [w.key, w] as const)).values(),
    ];
    if (missing.length > 0) {
      type Row = {
        id: string;
        owner_type: string;
        owner_id: string;
        book: string;
        currency: string;
        kind: string;
        shard: number;
      };
      const lookup = async (list: typeof missing) => {
        const rows = await this.accountQuery<Row>(
          // One probe of the unique index per wanted account (LATERAL ... LIMIT 1): a plain join
          // lets the planner hash the whole accounts table for a few hundred rows.
          `SELECT a.id, a.owner_type, a.owner_id, a.book, a.currency, a.kind, a.shard
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[])
               AS w(owner_type, owner_id, book, currency, kind, shard)
            CROSS JOIN LATERAL (
              SELECT a.* FROM ledger.accounts a
               WHERE a.owner_type = w.owner_type AND a.owner_id = w.owner_id AND a.book = w.book
                 AND a.currency = w.currency AND a.kind = w.kind AND a.shard = w.shard
               LIMIT 1) a`,
          accountColumns(list),
        );
        for (const r of rows) {
          this.ids.set(
            `${r.owner_type}|${r.owner_id}|${r.book}|${r.currency}|${r.kind}|${r.shard}`,
            String(r.id),
          );
        }
      };
      // Most accounts exist already (a user's available account is there before any payout):
      // look them up first and only insert the rest, rather than an upsert that probes every row.
      await lookup(missing);
      const absent = missing.filter((m) => !this.ids.has(m.key));
      if (absent.length > 0) {
        await this.accountQuery(
          `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind, shard)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[])
           ON CONFLICT ON CONSTRAINT accounts_owner_unique DO NOTHING`,
          accountColumns(absent),
        );
        // Read back, including the rows a concurrent caller created first.
        await lookup(absent);
      }
    }
    return wanted.map((w) => {
      const id = this.ids.get(w.key);
      if (!id) throw new LedgerIntegrityError(`account ${w.key} could not be created`);
      return id;
    });
  }

  /**
   * The id of an account, created (empty) on first use. Creation runs outside the caller's
   * transaction on purpose: an empty account is harmless, and the cache must only hold committed ids.
   */
  private async accountId(ref: AccountRef): Promise<string> {
    const shards = shardsOf(ref);
    const shard = shards > 1 ? this.shardTurn++ % shards : 0;
    const key = refKey(ref, shard);
    const cached = this.ids.get(key);
    if (cached) return cached;
    const params = [ref.owner.type, ref.owner.id, ref.book, ref.currency, ref.kind, shard];
    await this.accountQuery(
      `INSERT INTO ledger.accounts (owner_type, owner_id, book, currency, kind, shard)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT accounts_owner_unique DO NOTHING`,
      params,
    );
    const rows = await this.accountQuery<{ id: string }>(
      `SELECT id FROM ledger.accounts
        WHERE owner_type = $1 AND owner_id = $2 AND book = $3 AND currency = $4 AND kind = $5 AND shard = $6`,
      params,
    );
    const id = String(rows[0].id);
    this.ids.set(key, id);
    return id;
  }
}
