import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { AppException, ErrorCode, type ListQuery } from '@app/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^\d{1,18}$/;
const CURRENCY = /^[A-Z0-9]{2,12}$/;
const KIND = /^[a-z_]{2,32}$/;

/** Sortable fields of the accounts list and the SQL they sort by. */
export const ACCOUNT_SORTS: Record<string, string> = {
  id: 'g.id',
  balance: 'g.balance',
  currency: 'g.currency',
  updatedAt: 'g.updated_at',
};
export const TRANSFER_SORTS: Record<string, string> = {
  id: 't.id',
  amount: 't.amount',
  createdAt: 't.created_at',
};

export interface LedgerAccountView {
  /** The account's first shard: system accounts spread over shards are shown as one. */
  id: string;
  ownerType: 'user' | 'system';
  ownerId: string;
  /** The customer's username for user accounts. */
  username: string | null;
  book: string;
  currency: string;
  kind: string;
  balance: string;
  shards: number;
  updatedAt: string;
}

interface AccountRow {
  id: string;
  owner_type: 'user' | 'system';
  owner_id: string;
  username: string | null;
  book: string;
  currency: string;
  kind: string;
  balance: string;
  shards: string;
  updated_at: Date;
}

export interface InvariantReport {
  ok: boolean;
  checkedAt: string;
  /** Per book and currency: the sum of every account's balance (zero in a sound ledger). */
  sums: { book: string; currency: string; total: string; accounts: number; ok: boolean }[];
  /** Stored legs that join two currencies or books, miss an account, or move a non-positive amount. */
  unbalancedTransfers: number;
  /** Accounts whose balance is not the sum of the legs that touched them. */
  accountsOffLegs: number;
  /** Journal entries without any leg. */
  emptyJournals: number;
  /** Customer accounts below zero (the database forbids them; counted to show it). */
  negativeUserBalances: number;
  violations: string[];
}

/** A text filter value, or undefined; anything else in the filter is a malformed query. */
function text(value: unknown, field: string, pattern?: RegExp): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || (pattern && !pattern.test(value)))
    throw AppException.field(`filter.${field}`, 'validation.invalid');
  return value;
}

/**
 * What the back office reads of the ledger (libs/ledger): accounts with balances, transfers with
 * their journal references, and the double-entry invariant. Read-only; balances change only
 * through LedgerService.
 */
@Injectable()
export class LedgerAdminService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Accounts (system shards summed into one line), filtered by {ownerType, userId, ownerId, q, currency, book, kind, nonZero, id}. */
  async listAccounts(list: ListQuery): Promise<{ rows: LedgerAccountView[]; total: number }> {
    const f = list.filter;
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    const ownerType = text(f.ownerType, 'ownerType', /^(user|system)$/);
    if (ownerType) add((p) => `a.owner_type = ${p}`, ownerType);
    const userId = text(f.userId, 'userId', UUID);
    if (userId) add((p) => `a.owner_type = 'user' AND a.owner_id = ${p}`, userId.toLowerCase());
    const ownerId = text(f.ownerId, 'ownerId', /^[0-9a-zA-Z_-]{1,64}$/);
    if (ownerId) add((p) => `a.owner_id = ${p}`, ownerId);
    const currency = text(f.currency, 'currency', CURRENCY);
    if (currency) add((p) => `a.currency = ${p}`, currency);
    const book = text(f.book, 'book', /^(real|demo)$/);
    if (book) add((p) => `a.book = ${p}`, book);
    const kind = text(f.kind, 'kind', KIND);
    if (kind) add((p) => `a.kind = ${p}`, kind);
    const q = text(f.q, 'q');
    if (q?.trim()) {
      add(
        (p) =>
          `a.owner_type = 'user' AND a.owner_id IN (SELECT id::text FROM accounts.users
             WHERE username ILIKE ${p} OR email ILIKE ${p} OR phone ILIKE ${p})`,
        `%${q.trim()}%`,
      );
    }
    if (f.id !== undefined) {
      const ids = (Array.isArray(f.id) ? f.id : [f.id]).map(String).filter((id) => ID.test(id));
      add(
        (p) => `(a.owner_type, a.owner_id, a.book, a.currency, a.kind) IN (
        SELECT owner_type, owner_id, book, currency, kind FROM ledger.accounts WHERE id = ANY(${p}::bigint[]))`,
        ids,
      );
    }
    const having = f.nonZero === true || f.nonZero === 'true' ? 'HAVING sum(a.balance) <> 0' : '';
    const grouped = `
      SELECT min(a.id) AS id, a.owner_type, a.owner_id, a.book, a.currency, a.kind,
             sum(a.balance) AS balance, count(*) AS shards, max(a.updated_at) AS updated_at
        FROM ledger.accounts a
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       GROUP BY a.owner_type, a.owner_id, a.book, a.currency, a.kind ${having}`;
    const [{ total }] = await this.dataSource.query<{ total: string }[]>(
      `SELECT count(*) AS total FROM (${grouped}) g`,
      params,
    );
    const sort = ACCOUNT_SORTS[list.sort.field] ?? ACCOUNT_SORTS.id;
    const rows = await this.dataSource.query<AccountRow[]>(
      `SELECT g.id::text, g.owner_type, g.owner_id, u.username, g.book, g.currency, g.kind,
              g.balance::text, g.shards::text, g.updated_at
         FROM (${grouped}) g
         LEFT JOIN accounts.users u ON g.owner_type = 'user' AND u.id::text = g.owner_id
        ORDER BY ${sort} ${list.sort.order}, g.id ${list.sort.order}
        LIMIT ${Number(list.limit)} OFFSET ${Number(list.offset)}`,
      params,
    );
    return { rows: rows.map((r) => this.accountView(r)), total: Number(total) };
  }

  /** One account by the id of any of its shards. */
  async oneAccount(id: string): Promise<LedgerAccountView> {
    if (!ID.test(id)) throw new AppException(ErrorCode.NotFound);
    const { rows } = await this.listAccounts({
      offset: 0,
      limit: 1,
      sort: { field: 'id', order: 'ASC' },
      filter: { id },
    });
    if (!rows[0]) throw new AppException(ErrorCode.NotFound);
    return rows[0];
  }

  /**
   * Transfers (one leg each) with their journal entry (reason, reference, idempotency key),
   * filtered by {accountId, userId, journalId, refType, refId, reason, currency, book, from, to}.
   */
  async listTransfers(list: ListQuery) {
    const f = list.filter;
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    const accountId = text(f.accountId, 'accountId', ID);
    if (accountId) {
      // Every shard of the account.
      add(
        (p) => `EXISTS (SELECT 1 FROM ledger.accounts x JOIN ledger.accounts s
                   ON (s.owner_type, s.owner_id, s.book, s.currency, s.kind) = (x.owner_type, x.owner_id, x.book, x.currency, x.kind)
                 WHERE x.id = ${p}::bigint AND s.id IN (t.debit_account_id, t.credit_account_id))`,
        accountId,
      );
    }
    const userId = text(f.userId, 'userId', UUID);
    if (userId) {
      add(
        (p) =>
          `((d.owner_type = 'user' AND d.owner_id = ${p}) OR (c.owner_type = 'user' AND c.owner_id = ${p}))`,
        userId.toLowerCase(),
      );
    }
    const journalId = text(f.journalId, 'journalId', ID);
    if (journalId) add((p) => `t.journal_id = ${p}::bigint`, journalId);
    const refType = text(f.refType, 'refType', /^[a-z_]{1,32}$/);
    if (refType) add((p) => `j.ref_type = ${p}`, refType);
    const refId = text(f.refId, 'refId', /^[0-9a-zA-Z_.:-]{1,128}$/);
    if (refId) add((p) => `j.ref_id = ${p}`, refId);
    const reason = text(f.reason, 'reason', /^[a-z_]{1,64}$/);
    if (reason) add((p) => `j.reason = ${p}`, reason);
    const currency = text(f.currency, 'currency', CURRENCY);
    if (currency) add((p) => `d.currency = ${p}`, currency);
    const book = text(f.book, 'book', /^(real|demo)$/);
    if (book) add((p) => `d.book = ${p}`, book);
    const date = (value: unknown, field: string) => {
      const raw = text(value, field);
      if (raw === undefined) return undefined;
      const at = new Date(raw);
      if (Number.isNaN(at.getTime())) throw AppException.field(`filter.${field}`, 'validation.invalid');
      return at;
    };
    const from = date(f.from, 'from');
    if (from) add((p) => `t.created_at >= ${p}`, from);
    const to = date(f.to, 'to');
    // A bare date (2026-11-23) means the whole day.
    if (to)
      add(
        (p) => `t.created_at < ${p}`,
        /^\d{4}-\d{2}-\d{2}$/.test(String(f.to)) ? new Date(to.getTime() + 86_400_000) : to,
      );
    const base = `
        FROM ledger.transfers t
        JOIN ledger.journal j ON j.id = t.journal_id
        JOIN ledger.accounts d ON d.id = t.debit_account_id
        JOIN ledger.accounts c ON c.id = t.credit_account_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const [{ total }] = await this.dataSource.query<{ total: string }[]>(
      `SELECT count(*) AS total ${base}`,
      params,
    );
    const sort = TRANSFER_SORTS[list.sort.field] ?? TRANSFER_SORTS.id;
    const rows = await this.dataSource.query<
      {
        id: string;
        journal_id: string;
        amount: string;
        created_at: Date;
        reason: string;
        ref_type: string | null;
        ref_id: string | null;
        idempotency_key: string;
        book: string;
        currency: string;
        d_id: string;
        d_type: string;
        d_owner: string;
        d_kind: string;
        d_name: string | null;
        c_id: string;
        c_type: string;
        c_owner: string;
        c_kind: string;
        c_name: string | null;
      }[]
    >(
      `SELECT t.id::text, t.journal_id::text, t.amount::text, t.created_at, j.reason, j.ref_type, j.ref_id,
              j.idempotency_key, d.book, d.currency,
              d.id::text AS d_id, d.owner_type AS d_type, d.owner_id AS d_owner, d.kind AS d_kind, du.username AS d_name,
              c.id::text AS c_id, c.owner_type AS c_type, c.owner_id AS c_owner, c.kind AS c_kind, cu.username AS c_name
       ${base.replace(
         'JOIN ledger.accounts c ON c.id = t.credit_account_id',
         `JOIN ledger.accounts c ON c.id = t.credit_account_id
          LEFT JOIN accounts.users du ON d.owner_type = 'user' AND du.id::text = d.owner_id
          LEFT JOIN accounts.users cu ON c.owner_type = 'user' AND cu.id::text = c.owner_id`,
       )}
       ORDER BY ${sort} ${list.sort.order}, t.id ${list.sort.order}
       LIMIT ${Number(list.limit)} OFFSET ${Number(list.offset)}`,
      params,
    );
    const side = (id: string, type: string, owner: string, kind: string, name: string | null) => ({
      accountId: id,
      ownerType: type,
      ownerId: owner,
      username: name,
      kind,
      label: `${type === 'user' ? (name ?? owner) : owner} · ${kind}`,
    });
    return {
      total: Number(total),
      rows: rows.map((r) => ({
        id: r.id,
        journalId: r.journal_id,
        book: r.book,
        currency: r.currency,
        amount: new Decimal(r.amount).toFixed(),
        reason: r.reason,
        refType: r.ref_type,
        refId: r.ref_id,
        key: r.idempotency_key,
        debit: side(r.d_id, r.d_type, r.d_owner, r.d_kind, r.d_name),
        credit: side(r.c_id, r.c_type, r.c_owner, r.c_kind, r.c_name),
        createdAt: r.created_at.toISOString(),
      })),
    };
  }

  /**
   * The double-entry invariant, read from one snapshot (REPEATABLE READ): per book and currency
   * the balances sum to zero, every leg is sound and explains its accounts' balances, no journal
   * entry is empty, no customer balance is negative.
   */
  async invariant(): Promise<InvariantReport> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      await m.query('SET TRANSACTION READ ONLY');
      const sums = await m.query<{ book: string; currency: string; total: string; accounts: string }[]>(
        `SELECT book, currency, sum(balance)::text AS total, count(*)::text AS accounts
           FROM ledger.accounts GROUP BY book, currency ORDER BY book DESC, currency`,
      );
      const [{ n: unbalanced }] = await m.query<{ n: string }[]>(
        `SELECT count(*)::text AS n FROM ledger.transfers t
           LEFT JOIN ledger.accounts d ON d.id = t.debit_account_id
           LEFT JOIN ledger.accounts c ON c.id = t.credit_account_id
          WHERE d.id IS NULL OR c.id IS NULL OR d.currency <> c.currency OR d.book <> c.book OR t.amount <= 0`,
      );
      const [{ n: offLegs }] = await m.query<{ n: string }[]>(
        `SELECT count(*)::text AS n FROM ledger.accounts a
           LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) cr ON cr.id = a.id
           LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS amount FROM ledger.transfers GROUP BY 1) dr ON dr.id = a.id
          WHERE a.balance <> coalesce(cr.amount, 0) - coalesce(dr.amount, 0)`,
      );
      const [{ n: empty }] = await m.query<{ n: string }[]>(
        `SELECT count(*)::text AS n FROM ledger.journal j
          WHERE NOT EXISTS (SELECT 1 FROM ledger.transfers t WHERE t.journal_id = j.id)`,
      );
      const [{ n: negatives }] = await m.query<{ n: string }[]>(
        `SELECT count(*)::text AS n FROM ledger.accounts WHERE owner_type = 'user' AND balance < 0`,
      );
      const lines = sums.map((s) => ({
        book: s.book,
        currency: s.currency,
        total: new Decimal(s.total).toFixed(),
        accounts: Number(s.accounts),
        ok: new Decimal(s.total).isZero(),
      }));
      const violations = [
        ...lines.filter((l) => !l.ok).map((l) => `book ${l.book} currency ${l.currency} sums to ${l.total}`),
        ...(Number(unbalanced) ? [`${unbalanced} transfers are unbalanced`] : []),
        ...(Number(offLegs) ? [`${offLegs} accounts differ from the sum of their legs`] : []),
        ...(Number(empty) ? [`${empty} journal entries have no legs`] : []),
        ...(Number(negatives) ? [`${negatives} customer accounts are negative`] : []),
      ];
      return {
        ok: violations.length === 0,
        checkedAt: new Date().toISOString(),
        sums: lines,
        unbalancedTransfers: Number(unbalanced),
        accountsOffLegs: Number(offLegs),
        emptyJournals: Number(empty),
        negativeUserBalances: Number(negatives),
        violations,
      };
    });
  }

  private accountView(r: AccountRow): LedgerAccountView {
    return {
      id: r.id,
      ownerType: r.owner_type,
      ownerId: r.owner_id,
      username: r.username,
      book: r.book,
      currency: r.currency,
      kind: r.kind,
      balance: new Decimal(r.balance).toFixed(),
      shards: Number(r.shards),
      updatedAt: r.updated_at.toISOString(),
    };
  }
}
