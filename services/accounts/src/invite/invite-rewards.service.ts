import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { SYSTEM_PARAMETERS, type SystemParameterReader } from '@app/common';
import {
  AccountKind,
  LedgerService,
  mayHaveCommittedSince,
  REASON_GROUPS,
  keepScanMark,
  scanWindow,
  SystemAccount,
  type JournalEntry,
  type ScanMarks,
} from '@app/ledger';

/** The system parameter of the reward rule: the inviter's share (0..1) of each trading fee. */
export const INVITE_REWARD_RATE_KEY = 'invite_reward_rate';
/** Fees of these ledger reasons are trading fees (U orders, spot trades). */
export const TRADING_FEE_REASONS: readonly string[] = REASON_GROUPS.trade;
/**
 * Journals whose fee legs are carved out of what the counterparty hands over: a spot settlement
 * takes the seller's fee (quote) from the buyer's held quote and the buyer's fee (base) from the
 * seller's held base. The user who paid such a fee is the one credited by the other leg from the
 * same account in the same journal (the fee's debit account is the counterparty's); for every other
 * reason it is the owner of the account the fee is debited from.
 */
const COUNTERPARTY_FEE_REASONS: readonly string[] = ['spot_trade'];
/** Rewards are paid in whole units of 10^-8 (what is below stays with the house). */
const REWARD_DECIMALS = 8;
const CHUNK = 500;
/**
 * Each scan's window starts where the transactions the latest scan may not have seen began; inside
 * it only what that scan may not have seen is read again (scan-horizon.ts).
 */
const MARKS: ScanMarks = { table: 'accounts.invite_scan_marks', column: 'transfer_id' };

interface FeeRow {
  transfer_id: string;
  fee: string;
  currency: string;
  reason: string;
  invitee_id: string;
  inviter_id: string;
}

export interface ScanOutcome {
  rewarded: number;
  paid: number;
}

/**
 * Invite rewards: a queued scan (a BullMQ job scheduler) reads the ledger for trading fees paid by
 * invited users on the real book and pays each inviter `invite_reward_rate` of every fee, from the
 * fee account, through the ledger. One reward row per fee transfer (unique) commits in the same
 * transaction as its journal, whose key is derived from the transfer: a retried or overlapping
 * scan pays nothing twice.
 */
@Injectable()
export class InviteRewardsService {
  private readonly logger = new Logger('InviteRewards');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
  ) {}

  /** The reward share, 0 when the parameter is missing or not a number in 0..1 (programme off). */
  async rate(): Promise<Decimal> {
    const raw = await this.parameters?.get(INVITE_REWARD_RATE_KEY);
    if (!raw) return new Decimal(0);
    try {
      const value = new Decimal(raw);
      if (value.isFinite() && value.gte(0) && value.lte(1)) return value;
    } catch {
      // not a number: treated as off below
    }
    this.logger.warn(`${INVITE_REWARD_RATE_KEY} is not a share in 0..1: ${raw}`);
    return new Decimal(0);
  }

  async scan(): Promise<ScanOutcome> {
    const rate = await this.rate();
    const window = await scanWindow(this.dataSource, MARKS, 'transfers');
    const { from, lastTop, lastHorizon, top } = window;
    const outcome: ScanOutcome = { rewarded: 0, paid: 0 };
    let after = from;
    for (;;) {
      const fees: FeeRow[] = await this.dataSource.query(
        `SELECT t.id::text AS transfer_id, t.amount::text AS fee, fa.currency, j.reason,
                u.id AS invitee_id, u.invited_by AS inviter_id
           FROM ledger.accounts fa
           JOIN ledger.transfers t ON t.credit_account_id = fa.id AND t.id > $1 AND t.id <= $2
           JOIN ledger.journal j ON j.id = t.journal_id AND j.reason = ANY($3::text[])
           -- Who paid the fee (COUNTERPARTY_FEE_REASONS): the debit account's owner, or, for a fee
           -- carved out of a counterparty's transfer, whoever that transfer credits.
           JOIN LATERAL (
             SELECT pa.owner_type, pa.owner_id FROM ledger.accounts pa
              WHERE j.reason <> ALL($7::text[]) AND pa.id = t.debit_account_id
             UNION ALL
             (SELECT pa.owner_type, pa.owner_id
                FROM ledger.transfers s JOIN ledger.accounts pa ON pa.id = s.credit_account_id
               WHERE j.reason = ANY($7::text[]) AND s.journal_id = t.journal_id
                 AND s.debit_account_id = t.debit_account_id AND s.credit_account_id <> fa.id
               ORDER BY s.id LIMIT 1)
           ) payer ON payer.owner_type = 'user'
           JOIN accounts.users u
             ON u.id = CASE WHEN payer.owner_type = 'user' THEN payer.owner_id::uuid END
            AND u.invited_by IS NOT NULL
          WHERE fa.owner_type = 'system' AND fa.owner_id = $4 AND fa.book = 'real'
            AND ($6::xid8 IS NULL OR t.id > $5::bigint OR ${mayHaveCommittedSince('t', '$6')})
            AND NOT EXISTS (SELECT 1 FROM accounts.invite_rewards r WHERE r.source_transfer_id = t.id)
          ORDER BY t.id
          LIMIT ${CHUNK}`,
        [
          after,
          top,
          TRADING_FEE_REASONS,
          SystemAccount.Fees,
          lastTop ?? '0',
          lastHorizon,
          COUNTERPARTY_FEE_REASONS,
        ],
      );
      if (fees.length === 0) break;
      const chunk = await this.reward(fees, rate);
      outcome.rewarded += chunk.rewarded;
      outcome.paid += chunk.paid;
      after = fees[fees.length - 1].transfer_id;
      if (fees.length < CHUNK) break;
    }
    await keepScanMark(this.dataSource, MARKS, window, true);
    if (outcome.paid) this.logger.log(`${outcome.paid} invite reward(s) paid`);
    return outcome;
  }

  /** One chunk in one transaction: the reward rows and their journals commit together. */
  private reward(fees: FeeRow[], rate: Decimal): Promise<ScanOutcome> {
    return this.dataSource.transaction(async (m) => {
      const shares = fees.map((f) =>
        new Decimal(f.fee).mul(rate).toDecimalPlaces(REWARD_DECIMALS, Decimal.ROUND_DOWN),
      );
      const inserted: { id: string; source_transfer_id: string }[] = await m.query(
        `INSERT INTO accounts.invite_rewards
           (inviter_id, invitee_id, source_transfer_id, source_reason, currency, fee, rate, amount)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[],
                              $6::numeric[], $7::numeric[], $8::numeric[])
         ON CONFLICT (source_transfer_id) DO NOTHING
         RETURNING id::text, source_transfer_id::text`,
        [
          fees.map((f) => f.inviter_id),
          fees.map((f) => f.invitee_id),
          fees.map((f) => f.transfer_id),
          fees.map((f) => f.reason),
          fees.map((f) => f.currency),
          fees.map((f) => f.fee),
          fees.map(() => rate.toFixed()),
          shares.map((s) => s.toFixed()),
        ],
      );
      const byTransfer = new Map(fees.map((f, i) => [f.transfer_id, { fee: f, share: shares[i] }]));
      const payable = inserted
        .map((r) => ({ rewardId: r.id, ...byTransfer.get(r.source_transfer_id)! }))
        .filter((r) => r.share.gt(0));
      if (payable.length === 0) return { rewarded: inserted.length, paid: 0 };
      const entries: JournalEntry[] = payable.map((r) => ({
        key: `invite-reward-${r.fee.transfer_id}`,
        reason: 'invite_reward',
        refType: 'invite_reward',
        refId: r.rewardId,
        legs: [
          {
            from: {
              owner: { type: 'system', id: SystemAccount.Fees },
              book: 'real',
              currency: r.fee.currency,
              kind: 'main',
            },
            to: {
              owner: { type: 'user', id: r.fee.inviter_id },
              book: 'real',
              currency: r.fee.currency,
              kind: AccountKind.Available,
            },
            amount: r.share,
          },
        ],
      }));
      const posted = await this.ledger.postMany(entries, m);
      await m.query(
        `UPDATE accounts.invite_rewards r SET journal_id = v.journal_id
           FROM unnest($1::bigint[], $2::bigint[]) AS v(id, journal_id) WHERE r.id = v.id`,
        [payable.map((r) => r.rewardId), posted.map((p) => p.journalId)],
      );
      return { rewarded: inserted.length, paid: payable.length };
    });
  }
}
