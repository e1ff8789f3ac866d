import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { Clock } from '@app/common';
import type { CurrentStats, DailyStats } from '@app/contracts';
import { dayRange, type DayRange } from './stats-range';

/** A decimal string as Postgres sums it ('150.000000000000000000'), without the trailing zeros. */
const money = (value: string | null | undefined): string => new Decimal(value ?? 0).toFixed();

/**
 * The console's dashboard figures, read with plain aggregate SQL over the services' schemas.
 *
 * Why here and why SQL: the dashboard is the one reader that spans every service. DESIGN.md forbids
 * a service to import another's internals, so this lives in services/platform (the composition
 * root, which owns no tables) and imports only libs. It reads the other schemas read-only through
 * aggregate queries on their documented columns, the same way services already share the database
 * (one Postgres, one schema per service), and writes nothing. The alternative, a stats port per
 * service, would add code to six services for figures only the console shows.
 */
@Injectable()
export class StatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  range(query: { from?: string; to?: string }): DayRange {
    return dayRange(query, this.clock.now());
  }

  async daily(range: DayRange): Promise<DailyStats> {
    const window = [range.start, range.end];
    type Row = { day: string; currency: string; amount: string };
    const [deposits, withdrawals, users, coins] = await Promise.all([
      this.dataSource.query<Row[]>(
        `SELECT to_char(reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, coin AS currency,
                sum(amount)::text AS amount
           FROM funds.recharges
          WHERE status = 'approved' AND reviewed_at >= $1 AND reviewed_at < $2
          GROUP BY 1, 2`,
        window,
      ),
      this.dataSource.query<Row[]>(
        `SELECT to_char(reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, coin AS currency,
                sum(amount)::text AS amount
           FROM funds.withdrawals
          WHERE status IN ('approved', 'completed') AND reviewed_at >= $1 AND reviewed_at < $2
          GROUP BY 1, 2`,
        window,
      ),
      this.dataSource.query<{ day: string; n: number }[]>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
           FROM accounts.users
          WHERE created_at >= $1 AND created_at < $2
          GROUP BY 1`,
        window,
      ),
      this.dataSource.query<{ coin: string }[]>(`SELECT DISTINCT coin FROM funds.coin_networks`),
    ]);
    const currencies = [
      ...new Set([...coins.map((c) => c.coin), ...[...deposits, ...withdrawals].map((r) => r.currency)]),
    ].sort();
    const index = (rows: Row[]) =>
      new Map(rows.map((r) => [`${r.day}|${r.currency}`, new Decimal(r.amount)]));
    const byDay = { deposits: index(deposits), withdrawals: index(withdrawals) };
    const newUsers = new Map(users.map((u) => [u.day, u.n]));
    const zero = () => Object.fromEntries(currencies.map((c) => [c, new Decimal(0)]));
    const totals = { deposits: zero(), withdrawals: zero() };
    const series = range.days.map((day) => {
      const point = (kind: 'deposits' | 'withdrawals') =>
        Object.fromEntries(
          currencies.map((c) => {
            const amount = byDay[kind].get(`${day}|${c}`) ?? new Decimal(0);
            totals[kind][c] = totals[kind][c].plus(amount);
            return [c, amount.toFixed()];
          }),
        );
      return {
        day,
        deposits: point('deposits'),
        withdrawals: point('withdrawals'),
        newUsers: newUsers.get(day) ?? 0,
      };
    });
    const fixed = (sums: Record<string, Decimal>) =>
      Object.fromEntries(Object.entries(sums).map(([c, v]) => [c, v.toFixed()]));
    return {
      from: range.from,
      to: range.to,
      currencies,
      series,
      totals: {
        deposits: fixed(totals.deposits),
        withdrawals: fixed(totals.withdrawals),
        newUsers: series.reduce((n, p) => n + p.newUsers, 0),
      },
    };
  }

  async current(): Promise<CurrentStats> {
    const now = this.clock.now();
    const [openInterest, plans, loans] = await Promise.all([
      this.dataSource.query<Record<string, string>[]>(
        `SELECT book, code, currency, count(*)::int AS orders, sum(lots)::text AS lots,
                sum(margin)::text AS margin,
                sum(open_price * lots * contract_size)::text AS notional,
                coalesce(sum(open_price * lots * contract_size) FILTER (WHERE direction = 'buy'), 0)::text AS long,
                coalesce(sum(open_price * lots * contract_size) FILTER (WHERE direction = 'sell'), 0)::text AS short
           FROM orders.u_orders
          WHERE state = 'open'
          GROUP BY book, code, currency
          ORDER BY book DESC, sum(margin) DESC, code`,
      ),
      this.dataSource.query<Record<string, string>[]>(
        `SELECT kind, currency, count(*)::int AS plans, sum(amount)::text AS principal
           FROM orders.plans
          WHERE status = 'earning'
          GROUP BY kind, currency
          ORDER BY kind DESC, currency`,
      ),
      // An unpaid loan past its date is overdue even before the sweep has marked it expired.
      this.dataSource.query<Record<string, string>[]>(
        `SELECT currency, count(*)::int AS loans, sum(amount)::text AS principal,
                sum(amount + total_interest)::text AS outstanding,
                count(*) FILTER (WHERE status = 'expired' OR due_at <= $1)::int AS overdue,
                coalesce(sum(amount) FILTER (WHERE status = 'expired' OR due_at <= $1), 0)::text AS overdue_principal
           FROM loans.loans
          WHERE status IN ('repaying', 'expired')
          GROUP BY currency
          ORDER BY currency`,
        [now],
      ),
    ]);
    return {
      asOf: now.toISOString(),
      openInterest: openInterest.map((r) => ({
        book: r.book as 'real' | 'demo',
        code: r.code,
        currency: r.currency,
        orders: Number(r.orders),
        lots: money(r.lots),
        margin: money(r.margin),
        notional: money(r.notional),
        longNotional: money(r.long),
        shortNotional: money(r.short),
      })),
      plans: plans.map((r) => ({
        kind: r.kind as 'smart' | 'mining',
        currency: r.currency,
        plans: Number(r.plans),
        principal: money(r.principal),
      })),
      loans: loans.map((r) => ({
        currency: r.currency,
        loans: Number(r.loans),
        principal: money(r.principal),
        outstanding: money(r.outstanding),
        overdue: Number(r.overdue),
        overduePrincipal: money(r.overdue_principal),
      })),
    };
  }
}
