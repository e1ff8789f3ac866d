import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import {
  FILE_STORAGE,
  NOTIFICATIONS,
  SYSTEM_PARAMETERS,
  type FileStorage,
  type Notifications,
  type SystemParameterReader,
  ApiSuccess,
  AppException,
  ErrorCode,
  imageContentType,
  type Book,
  type MultipartForm,
} from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { AdminAuditService } from '@app/accounts';
import { CoinsService } from '../coins/coins.service';
import type { AddressKind } from '../coins/entities/coin-network.entity';
import { decideReview } from '../review/review-queue';
import { Recharge } from './entities/recharge.entity';
import { ReviewAlerts } from '@app/queue';

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const TX_HASH = /^(0x)?[0-9a-fA-F]{32,128}$/;

/**
 * The one spelling of a transaction under which a deposit claims it (unique per network, column
 * tx_hash_key): every network we take deposits on names transactions by hex digits, which EVM
 * tools write with a 0x prefix and Tron and Bitcoin ones without, in either case. Prefix and case
 * carry no meaning there, so `0xABC…` and `abc…` are the same transaction. A network whose hashes
 * are not hex would need its own rule here (the switch is exhaustive over the address kinds).
 */
export function txHashKey(kind: AddressKind, txHash: string): string {
  switch (kind) {
    case 'evm':
    case 'tron':
    case 'btc':
      return txHash.trim().replace(/^0x/i, '').toLowerCase();
  }
}

@Injectable()
export class RechargesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coins: CoinsService,
    private readonly ledger: LedgerService,
    private readonly audit: AdminAuditService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly alerts: ReviewAlerts,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  /** Upload size limit in MB: the system parameter upload_max_mb (DESIGN.md: default 2). */
  async maxUploadMegabytes(): Promise<number> {
    const value = Number(await this.parameters?.get('upload_max_mb'));
    return Number.isFinite(value) && value > 0 ? value : 2;
  }

  async submit(userId: string, book: Book, form: MultipartForm): Promise<ApiSuccess<unknown>> {
    if (book !== 'real') throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNotAllowed');
    const f = form.fields;
    const errors = [];
    if (!f.coin || !/^[A-Z0-9]{2,12}$/.test(f.coin))
      errors.push({ field: 'coin', message: 'validation.invalid' });
    if (!f.amount || !AMOUNT.test(f.amount) || new Decimal(f.amount).lte(0)) {
      errors.push({ field: 'amount', message: 'validation.enterAmount' });
    }
    if (!f.txHash || !TX_HASH.test(f.txHash.trim()))
      errors.push({ field: 'txHash', message: 'validation.invalid' });
    if (f.last6 !== undefined && f.last6 !== '' && !/^[0-9a-zA-Z]{6}$/.test(f.last6)) {
      errors.push({ field: 'last6', message: 'validation.invalid' });
    }
    const voucher = form.images.find((i) => i.field === 'voucher');
    if (!voucher) errors.push({ field: 'voucher', message: 'validation.imageRequired' });
    if (errors.length) throw AppException.validation(errors);
    const net = await this.coins.network(f.coin, f.network || undefined);
    if (!net.depositEnabled) throw AppException.field('network', 'validation.invalid');
    const amount = new Decimal(f.amount);
    const minimum = await this.coins.minDeposit(net);
    if (amount.lt(minimum)) {
      throw AppException.field('amount', 'validation.belowMinDeposit', {
        name: net.coin,
        limit: minimum.toFixed(),
      });
    }

    // The image is stored only now that everything else is valid, and removed again if the row fails.
    const file = `vouchers/${randomUUID()}.${voucher!.type}`;
    await this.storage.put(file, voucher!.buffer, imageContentType(voucher!.type));
    try {
      const saved = await this.dataSource.getRepository(Recharge).save({
        userId,
        coin: net.coin,
        network: net.network,
        amount,
        txHash: f.txHash.trim().toLowerCase(),
        txHashKey: txHashKey(net.addressKind, f.txHash),
        last6: f.last6 || null,
        voucherPath: file,
        status: 'pending',
      });
      await this.alerts.submitted(
        'deposit',
        saved.id,
        `${saved.amount.toFixed()} ${saved.coin} (${saved.network}), tx ${saved.txHash}`,
      );
      return new ApiSuccess(this.view(saved), ErrorCode.DepositUnderReview);
    } catch (error) {
      await this.storage.remove(file);
      if (
        (error as { driverError?: { constraint?: string } }).driverError?.constraint ===
        'recharges_tx_hash_key_unique'
      ) {
        throw AppException.field('txHash', 'validation.txHashUsed');
      }
      throw error;
    }
  }

  async listMine(userId: string, page: number, size: number) {
    const [rows, total] = await this.dataSource
      .getRepository(Recharge)
      .findAndCount({ where: { userId }, order: { id: 'DESC' }, skip: (page - 1) * size, take: size });
    return { list: rows.map((r) => this.view(r)), total };
  }

  /** The voucher image for the owner or a reviewer. */
  async voucher(id: string, userId?: string): Promise<{ type: string; data: Buffer }> {
    if (!/^\d{1,18}$/.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource
      .getRepository(Recharge)
      .createQueryBuilder('r')
      .addSelect('r.voucherPath')
      .where('r.id = :id', { id })
      .getOne();
    if (!row || !row.voucherPath || (userId && row.userId !== userId))
      throw new AppException(ErrorCode.NotFound);
    const data = await this.storage.get(row.voucherPath);
    if (!data) throw new AppException(ErrorCode.NotFound);
    return { type: imageContentType(path.extname(row.voucherPath).slice(1)), data };
  }

  /** Approve: the real book is credited from the outside world exactly once. */
  approve(id: string, adminId: string, ip: string) {
    return this.decide(id, adminId, ip, 'approved');
  }

  reject(id: string, adminId: string, ip: string, reason: string | undefined) {
    if (!reason) throw AppException.field('reason', 'validation.rejectReasonRequired');
    return this.decide(id, adminId, ip, 'rejected', reason);
  }

  private async decide(
    id: string,
    adminId: string,
    ip: string,
    decision: 'approved' | 'rejected',
    reason?: string,
  ) {
    const row = await decideReview({
      dataSource: this.dataSource,
      entity: Recharge,
      id,
      decision,
      reason,
      adminId,
      ip,
      audit: this.audit,
      subject: 'recharge',
      settle: async (m, r) => {
        if (decision !== 'approved') return this.tellRejected(m, r, reason);
        await this.ledger.post(
          {
            key: `recharge-credit-${r.id}`,
            reason: 'deposit',
            refType: 'recharge',
            refId: r.id,
            legs: [
              {
                from: {
                  owner: { type: 'system', id: SystemAccount.External },
                  book: 'real',
                  currency: r.coin,
                  kind: 'main',
                },
                to: {
                  owner: { type: 'user', id: r.userId },
                  book: 'real',
                  currency: r.coin,
                  kind: 'available',
                },
                amount: r.amount,
              },
            ],
          },
          m,
        );
      },
    });
    return this.view(row);
  }

  /**
   * A rejection moves no money, so no ledger journal tells of it (an approval is told from its
   * journal, `message.depositApproved*`): the owner hears of it here, in the rejecting transaction,
   * once (the key is the state's; a repeated click settles nothing), with the reviewer's reason.
   */
  private async tellRejected(m: EntityManager, r: Recharge, reason: string | undefined) {
    await this.notifications?.notify(
      {
        userId: r.userId,
        type: 'deposit',
        key: `recharge-rejected-${r.id}`,
        title: 'message.depositRejectedTitle',
        body: 'message.depositRejectedBody',
        params: { amount: r.amount.toFixed(), currency: r.coin, reason: reason ?? '' },
        refType: 'recharge',
        refId: r.id,
      },
      m,
    );
  }

  view(r: Recharge) {
    return {
      id: r.id,
      coin: r.coin,
      network: r.network,
      amount: r.amount.toFixed(),
      txHash: r.txHash,
      last6: r.last6,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    };
  }
}
