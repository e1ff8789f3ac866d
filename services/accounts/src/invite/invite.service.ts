import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppException, ErrorCode, type ListQuery } from '@app/common';
import { InviteRewardsService, TRADING_FEE_REASONS } from './invite-rewards.service';

/** The registration page of the user app pre-fills the code from this link. */
export const INVITE_PATH = '/pass/register?inviteCode=';
export const REWARD_SORTABLE = ['id', 'createdAt', 'amount', 'currency'];

/** An invitee's name as the inviter sees it: enough to recognize a friend, not to look them up. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

interface TotalRow {
  currency: string;
  amount: string;
}

/** The invite screen: my code and link, the friends I invited and the rewards they earned me. */
@Injectable()
export class InviteService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rewards: InviteRewardsService,
  ) {}

  async info(userId: string) {
    const rows: { invite_code: string }[] = await this.dataSource.query(
      `SELECT invite_code FROM accounts.users WHERE id = $1`,
      [userId],
    );
    if (rows.length === 0) throw new AppException(ErrorCode.UserNotFound);
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM accounts.users WHERE invited_by = $1`,
      [userId],
    );
    const totals: TotalRow[] = await this.dataSource.query(
      `SELECT currency, sum(amount)::text AS amount FROM accounts.invite_rewards
        WHERE inviter_id = $1 AND amount > 0 GROUP BY currency ORDER BY currency`,
      [userId],
    );
    const code = rows[0].invite_code;
    return {
      inviteCode: code,
      invitePath: `${INVITE_PATH}${encodeURIComponent(code)}`,
      invitedCount: n,
      rewards: totals.map((t) => ({ currency: t.currency, amount: trim(t.amount) })),
      rule: {
        rate: (await this.rewards.rate()).toFixed(),
        source: 'trading_fees',
        reasons: TRADING_FEE_REASONS,
        book: 'real',
      },
    };
  }

  /** The users I invited, newest first, each with what their fees have earned me so far. */
  async invitees(userId: string, page: number, size: number) {
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM accounts.users WHERE invited_by = $1`,
      [userId],
    );
    const rows: { id: string; username: string; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, username, created_at FROM accounts.users WHERE invited_by = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    );
    const totals: (TotalRow & { invitee_id: string })[] = rows.length
      ? await this.dataSource.query(
          `SELECT invitee_id, currency, sum(amount)::text AS amount FROM accounts.invite_rewards
            WHERE inviter_id = $1 AND invitee_id = ANY($2::uuid[]) AND amount > 0
            GROUP BY invitee_id, currency ORDER BY currency`,
          [userId, rows.map((r) => r.id)],
        )
      : [];
    return {
      total: n,
      list: rows.map((r) => ({
        username: maskName(r.username),
        registeredAt: r.created_at.toISOString(),
        rewards: totals
          .filter((t) => t.invitee_id === r.id)
          .map((t) => ({ currency: t.currency, amount: trim(t.amount) })),
      })),
    };
  }

  /** My rewards, newest first: which friend's fee, how much of it, when. */
  async myRewards(userId: string, page: number, size: number) {
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM accounts.invite_rewards WHERE inviter_id = $1 AND amount > 0`,
      [userId],
    );
    const rows: RewardRow[] = await this.dataSource.query(
      `${REWARD_SELECT} WHERE r.inviter_id = $1 AND r.amount > 0 ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    );
    return { total: n, list: rows.map((r) => rewardView(r, true)) };
  }

  /** Every reward for the console (filter {inviterId, inviteeId, currency}). */
  async adminRewards(list: ListQuery): Promise<[ReturnType<typeof rewardView>[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const f = list.filter;
    for (const [field, column] of [
      ['inviterId', 'r.inviter_id::text'],
      ['inviteeId', 'r.invitee_id::text'],
      ['currency', 'r.currency'],
    ] as const) {
      const value = f[field];
      if (typeof value === 'string') {
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
    }
    if (Array.isArray(f.id)) {
      params.push(f.id.map(String).filter((id) => /^\d{1,18}$/.test(id)));
      where.push(`r.id = ANY($${params.length}::bigint[])`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // parseListQuery has already refused any other sort field.
    const columns: Record<string, string> = {
      id: 'r.id',
      createdAt: 'r.created_at',
      amount: 'r.amount',
      currency: 'r.currency',
    };
    const column = columns[list.sort.field] ?? 'r.id';
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM accounts.invite_rewards r ${clause}`,
      params,
    );
    const rows: RewardRow[] = await this.dataSource.query(
      `${REWARD_SELECT} ${clause} ORDER BY ${column} ${list.sort.order}, r.id DESC
        LIMIT ${list.limit} OFFSET ${list.offset}`,
      params,
    );
    return [rows.map((r) => rewardView(r, false)), n];
  }
}

const REWARD_SELECT = `
  SELECT r.id::text, r.inviter_id, r.invitee_id, i.username AS invitee_name, r.source_reason,
         r.currency, r.fee::text, r.rate::text, r.amount::text, r.journal_id::text, r.created_at
    FROM accounts.invite_rewards r JOIN accounts.users i ON i.id = r.invitee_id`;

interface RewardRow {
  id: string;
  inviter_id: string;
  invitee_id: string;
  invitee_name: string;
  source_reason: string;
  currency: string;
  fee: string;
  rate: string;
  amount: string;
  journal_id: string | null;
  created_at: Date;
}

function rewardView(r: RewardRow, forInviter: boolean) {
  return {
    id: r.id,
    ...(forInviter
      ? { invitee: maskName(r.invitee_name) }
      : {
          inviterId: r.inviter_id,
          inviteeId: r.invitee_id,
          invitee: r.invitee_name,
          journalId: r.journal_id,
        }),
    reason: r.source_reason,
    currency: r.currency,
    fee: trim(r.fee),
    rate: trim(r.rate),
    amount: trim(r.amount),
    createdAt: r.created_at.toISOString(),
  };
}

/** NUMERIC text without trailing zeros ("1.500000000000000000" -> "1.5"). */
function trim(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
