import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  NOTIFICATIONS,
  TRADING_RESTRICTION,
  type Book,
  type NotificationInput,
  type Notifications,
  type TradingRestriction,
} from '@app/common';
import { InsufficientBalanceError, LedgerService, SystemAccount, type AccountRef } from '@app/ledger';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import { Charity } from '../catalogue/entities/charity.entity';
import { NftBid } from '../catalogue/entities/nft-bid.entity';
import { NftSale } from '../catalogue/entities/nft-sale.entity';
import { Nft } from '../catalogue/entities/nft.entity';
import { NftViews } from '../catalogue/nft-views';

/** Collectibles are paid in real money: a donation cannot be made with the demo book's play money. */
const BOOK = 'real';

export const nftCloseJobId = (nftId: string) => `nft-close-${nftId}`;

/** Outcome of a close attempt: the job waits `waitMs` more when it ran before the end time. */
export type CloseOutcome =
  | { state: 'early'; waitMs: number }
  | { state: 'sold'; winnerId: string; amount: string }
  | { state: 'ended' }
  | { state: 'already closed' };

/**
 * Buying at the listed price, bidding and closing auctions. Every state change locks the
 * collectible's row first, so a purchase, a bid and the closing job never interleave; money moves
 * only through the ledger, in the same transaction, with keys that make each effect happen once.
 */
@Injectable()
export class NftAuctionService {
  private readonly logger = new Logger('NftAuction');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly views: NftViews,
    @InjectQueue(QueueName.Nfts) private readonly queue: Queue,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  /** Buys at the listed price before the end: the highest bidder's hold goes back, the price to the charity. */
  async buy(userId: string, book: Book, nftId: string) {
    this.realBookOnly(book);
    await this.assertNotFrozen(userId);
    const pending: NotificationInput[] = [];
    const nft = await this.inTransaction(async (m) => {
      const nft = await this.lockListed(m, nftId);
      // A bid at or above the price already offers the charity more than a purchase would.
      if (!nft.price || (nft.currentBid && nft.currentBid.gte(nft.price)))
        throw new AppException(ErrorCode.CollectibleStatusWrong);
      const released = await this.releaseActiveBid(m, nft, 'released');
      if (released) pending.push(this.outbidNotice(released, nft));
      await this.ledger.post(
        {
          key: `nft-buy-${nft.id}`,
          reason: 'nft_purchase',
          refType: 'nft',
          refId: nft.id,
          legs: [
            {
              from: this.userAccount(userId, nft.currency, 'available'),
              to: this.charityPool(nft),
              amount: nft.price,
            },
          ],
        },
        m,
      );
      await this.recordSale(m, nft, userId, 'buy', nft.price);
      pending.push(this.soldNotice(nft, userId, 'buy'));
      return nft;
    });
    // The closing job has nothing left to do.
    await this.queue.remove(nftCloseJobId(nft.id)).catch(() => undefined);
    await this.tell(pending);
    return new ApiSuccess(await this.views.customerView(nft, userId), ErrorCode.PurchaseSuccess);
  }

  /**
   * A bid above the current one (at least the starting bid) and below the buy-now price, before the
   * end. The amount is frozen; the previous highest bid's hold goes back at once.
   */
  async bid(userId: string, book: Book, nftId: string, amount: string) {
    this.realBookOnly(book);
    await this.assertNotFrozen(userId);
    const offer = new Decimal(amount);
    const pending: NotificationInput[] = [];
    const nft = await this.inTransaction(async (m) => {
      const nft = await this.lockListed(m, nftId);
      const tooLow = nft.currentBid ? offer.lte(nft.currentBid) : offer.lt(nft.startBid);
      if (tooLow || (nft.price && offer.gte(nft.price))) {
        throw new AppException(ErrorCode.PurchaseAmountWrong, {
          minBid: this.views.minNextBid(nft).toFixed(),
          price: nft.price?.toFixed() ?? null,
        });
      }
      const outbid = await this.releaseActiveBid(m, nft, 'outbid');
      if (outbid && outbid.userId !== userId) pending.push(this.outbidNotice(outbid, nft));
      const bid = await m.save(
        m.create(NftBid, { nftId: nft.id, userId, amount: offer, status: 'active', settledAt: null }),
      );
      await this.ledger.freeze(
        `nft-bid-hold-${bid.id}`,
        { type: 'user', id: userId },
        BOOK,
        nft.currency,
        offer,
        { reason: 'nft_bid_hold', refType: 'nft_bid', refId: bid.id },
        m,
      );
      nft.currentBid = offer;
      nft.currentBidId = bid.id;
      nft.bidCount += 1;
      return m.save(nft);
    });
    await this.tell(pending);
    return this.views.customerView(nft, userId);
  }

  /** The closing job of a collectible, due at its end time; its id makes a second one a no-op. */
  schedule(nft: Pick<Nft, 'id' | 'endAt'>): Promise<unknown> {
    return this.queue.add(
      JobName.NftAuctionClose,
      { nftId: nft.id } satisfies JobPayloads[JobName.NftAuctionClose],
      { jobId: nftCloseJobId(nft.id), delay: Math.max(nft.endAt.getTime() - this.clock.now().getTime(), 0) },
    );
  }

  /** A new end time (operator edit): the old job is replaced by one due at the new time. */
  async reschedule(nft: Pick<Nft, 'id' | 'endAt'>): Promise<void> {
    await this.queue.remove(nftCloseJobId(nft.id)).catch(() => undefined);
    await this.schedule(nft);
  }

  /**
   * Closes an auction at or after its end time, once: the highest bid's frozen amount goes to the
   * charity pool and the bidder owns the collectible; with no bid it simply ends. Safe to run twice.
   */
  async close(nftId: string): Promise<CloseOutcome> {
    const pending: NotificationInput[] = [];
    const outcome = await this.inTransaction(async (m): Promise<CloseOutcome> => {
      const nft = await m.findOne(Nft, { where: { id: nftId }, lock: { mode: 'pessimistic_write' } });
      if (!nft || nft.status !== 'listed') {
        // A retry after a crash between the commit and the notice tells the winner (same key: once).
        const sale = nft?.status === 'sold' ? await m.findOneBy(NftSale, { nftId }) : null;
        if (nft && sale?.kind === 'auction') pending.push(this.soldNotice(nft, sale.userId, 'auction'));
        return { state: 'already closed' };
      }
      const waitMs = nft.endAt.getTime() - this.clock.now().getTime();
      if (waitMs > 0) return { state: 'early', waitMs };
      const bid = nft.currentBidId
        ? await m.findOne(NftBid, { where: { id: nft.currentBidId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!bid || bid.status !== 'active') {
        nft.status = 'ended';
        await m.save(nft);
        return { state: 'ended' };
      }
      await this.ledger.post(
        {
          key: `nft-award-${nft.id}`,
          reason: 'nft_purchase',
          refType: 'nft',
          refId: nft.id,
          legs: [
            {
              from: this.userAccount(bid.userId, nft.currency, 'frozen'),
              to: this.charityPool(nft),
              amount: bid.amount,
            },
          ],
        },
        m,
      );
      bid.status = 'won';
      bid.settledAt = this.clock.now();
      await m.save(bid);
      await this.recordSale(m, nft, bid.userId, 'auction', bid.amount);
      pending.push(this.soldNotice(nft, bid.userId, 'auction'));
      return { state: 'sold', winnerId: bid.userId, amount: bid.amount.toFixed() };
    });
    await this.tell(pending);
    return outcome;
  }

  /** Closes every auction the database shows past its end (their jobs may have been lost with Redis). */
  async sweep(): Promise<number> {
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM nfts.nfts WHERE status = 'listed' AND end_at <= $1 ORDER BY id LIMIT 500`,
      [this.clock.now()],
    );
    for (const { id } of due) await this.close(id);
    return due.length;
  }

  /**
   * Takes a listed collectible off the catalogue (operator) before its end: the highest bidder's
   * hold goes back. Past the end time the highest bid has won, and the closing job (or the sweep)
   * awards it even when it has not run yet. Runs in the caller's (audited) transaction, `nft` locked.
   */
  async withdraw(m: EntityManager, nft: Nft): Promise<NotificationInput[]> {
    if (nft.status !== 'listed' || nft.endAt.getTime() <= this.clock.now().getTime())
      throw new AppException(ErrorCode.CollectibleStatusWrong);
    const released = await this.releaseActiveBid(m, nft, 'released');
    nft.status = 'withdrawn';
    await m.save(nft);
    return released ? [this.outbidNotice(released, nft)] : [];
  }

  /** Sends notices after their effects committed; a failure is logged, the next retry re-sends by key. */
  async tell(notices: NotificationInput[]): Promise<void> {
    if (!this.notifications) return;
    for (const notice of notices) {
      await this.notifications
        .notify(notice)
        .catch((e: Error) => this.logger.warn(`notice ${notice.key}: ${e.message}`));
    }
  }

  private async recordSale(
    m: EntityManager,
    nft: Nft,
    userId: string,
    kind: 'buy' | 'auction',
    amount: Decimal,
  ) {
    const now = this.clock.now();
    await m.save(
      m.create(NftSale, {
        nftId: nft.id,
        userId,
        kind,
        amount,
        currency: nft.currency,
        charityId: nft.charityId,
      }),
    );
    nft.status = 'sold';
    nft.ownerId = userId;
    nft.soldPrice = amount;
    nft.soldAt = now;
    nft.donated = nft.donated.plus(amount);
    await m.save(nft);
    await m
      .createQueryBuilder()
      .update(Charity)
      .set({ donated: () => 'donated + :amount' })
      .setParameter('amount', amount.toFixed())
      .where('id = :id', { id: nft.charityId })
      .execute();
  }

  /** Gives the active (highest) bid's hold back; answers that bid, or null when there was none. */
  private async releaseActiveBid(
    m: EntityManager,
    nft: Nft,
    status: 'outbid' | 'released',
  ): Promise<NftBid | null> {
    if (!nft.currentBidId) return null;
    const bid = await m.findOne(NftBid, {
      where: { id: nft.currentBidId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!bid || bid.status !== 'active') return null;
    await this.ledger.release(
      `nft-bid-release-${bid.id}`,
      { type: 'user', id: bid.userId },
      BOOK,
      nft.currency,
      bid.amount,
      { reason: 'nft_bid_release', refType: 'nft_bid', refId: bid.id },
      m,
    );
    bid.status = status;
    bid.settledAt = this.clock.now();
    await m.save(bid);
    return bid;
  }

  /** The row, locked, open for purchase and bids now; else 10020 (sold, ended, withdrawn, past its end). */
  private async lockListed(m: EntityManager, nftId: string): Promise<Nft> {
    const nft = await m.findOne(Nft, { where: { id: nftId }, lock: { mode: 'pessimistic_write' } });
    if (!nft) throw new AppException(ErrorCode.NotFound);
    if (nft.status !== 'listed' || nft.endAt.getTime() <= this.clock.now().getTime())
      throw new AppException(ErrorCode.CollectibleStatusWrong);
    return nft;
  }

  private async inTransaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new AppException(ErrorCode.InsufficientBalance);
      throw error;
    }
  }

  /** An overdue loan freezes the account: no purchase or bid, as no plan, order or withdrawal. */
  private async assertNotFrozen(userId: string) {
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
  }

  private realBookOnly(book: Book) {
    if (book !== BOOK) throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNotAllowed');
  }

  private userAccount(userId: string, currency: string, kind: 'available' | 'frozen'): AccountRef {
    return { owner: { type: 'user', id: userId }, book: BOOK, currency, kind };
  }

  private charityPool(nft: Nft): AccountRef {
    return {
      owner: { type: 'system', id: SystemAccount.CharityPool },
      book: BOOK,
      currency: nft.currency,
      kind: 'main',
    };
  }

  private outbidNotice(bid: NftBid, nft: Nft): NotificationInput {
    return {
      userId: bid.userId,
      type: 'nft',
      key: `nft-bid-returned-${bid.id}`,
      title: 'message.nftOutbidTitle',
      body: 'message.nftOutbidBody',
      params: { name: nft.name, amount: bid.amount.toFixed(), currency: nft.currency },
      refType: 'nft',
      refId: nft.id,
    };
  }

  private soldNotice(nft: Nft, userId: string, kind: 'buy' | 'auction'): NotificationInput {
    return {
      userId,
      type: 'nft',
      key: `nft-sold-${nft.id}`,
      title: kind === 'buy' ? 'message.nftBoughtTitle' : 'message.nftWonTitle',
      body: 'message.nftDonatedBody',
      params: { name: nft.name, amount: nft.soldPrice?.toFixed() ?? '', currency: nft.currency },
      refType: 'nft',
      refId: nft.id,
    };
  }
}
