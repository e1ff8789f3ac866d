import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AppException,
  Clock,
  ErrorCode,
  listPage,
  parseIsoDateTime,
  type ListQuery,
  type NotificationInput,
} from '@app/common';
import { NftAuctionService } from '../auction/nft-auction.service';
import type {
  CharityDto,
  CreateNftDto,
  ListNftQuery,
  MyNftQuery,
  UpdateCharityDto,
  UpdateNftDto,
} from './dto/nft.dto';
import { Charity } from './entities/charity.entity';
import { NftBid } from './entities/nft-bid.entity';
import { Nft } from './entities/nft.entity';
import { NftViews } from './nft-views';

export interface AdminActor {
  id: string;
  ip: string;
}

export const NFT_SORTABLE = [
  'id',
  'name',
  'chain',
  'status',
  'endAt',
  'price',
  'currentBid',
  'donated',
  'createdAt',
];
export const CHARITY_SORTABLE = ['id', 'name', 'donated', 'active', 'createdAt'];

const CUSTOMER_SORT: Record<
  NonNullable<ListNftQuery['sort']>,
  [string, 'ASC' | 'DESC', ('NULLS LAST' | 'NULLS FIRST')?]
> = {
  endingSoon: ['n.endAt', 'ASC'],
  newest: ['n.id', 'DESC'],
  priceAsc: ['n.price', 'ASC', 'NULLS LAST'],
  priceDesc: ['n.price', 'DESC', 'NULLS LAST'],
  mostDonated: ['n.donated', 'DESC'],
};

const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** The catalogue: what customers browse and own, and the operators' audited edits. */
@Injectable()
export class NftsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly views: NftViews,
    private readonly auction: NftAuctionService,
    private readonly audit: AdminAuditService,
    private readonly clock: Clock,
  ) {}

  /** index/listNft: public catalogue with paging, filters (status, chain, charity, text) and sorting. */
  async catalogue(q: ListNftQuery) {
    const page = q.pageNum ?? 1;
    const size = q.pageSize ?? 20;
    const now = this.clock.now();
    const qb = this.dataSource.getRepository(Nft).createQueryBuilder('n');
    if (q.status === 'live') qb.where(`n.status = 'listed' AND n.end_at > :now`, { now });
    else if (q.status === 'ended')
      qb.where(`(n.status = 'ended' OR (n.status = 'listed' AND n.end_at <= :now))`, { now });
    else if (q.status === 'sold') qb.where(`n.status = 'sold'`);
    else qb.where(`n.status <> 'withdrawn'`);
    if (q.chain) qb.andWhere('lower(n.chain) = lower(:chain)', { chain: q.chain });
    if (q.charityId) qb.andWhere('n.charity_id = :charityId', { charityId: q.charityId });
    if (q.q) qb.andWhere('(n.name ILIKE :q OR n.creator ILIKE :q)', { q: escapeLike(q.q) });
    const [field, order, nulls] = CUSTOMER_SORT[q.sort ?? 'endingSoon'];
    const [rows, total] = await qb
      .orderBy(field, order, nulls)
      .addOrderBy('n.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    return { list: await this.views.customerViews(rows), total };
  }

  async getPublic(id: string, viewerId?: string) {
    const nft = await this.dataSource.getRepository(Nft).findOneBy({ id });
    if (!nft || nft.status === 'withdrawn') throw new AppException(ErrorCode.NotFound);
    return this.views.customerView(nft, viewerId);
  }

  /** user/listNft: the collectibles I own (bought or won), or those where my bid is the highest. */
  async mine(userId: string, q: MyNftQuery) {
    const page = q.pageNum ?? 1;
    const size = q.pageSize ?? 20;
    const qb = this.dataSource.getRepository(Nft).createQueryBuilder('n');
    if ((q.type ?? 'owned') === 'owned') {
      qb.where('n.owner_id = :userId', { userId }).orderBy('n.soldAt', 'DESC');
    } else {
      qb.innerJoin(NftBid, 'b', `b.id = n.current_bid_id AND b.status = 'active'`)
        .where('b.user_id = :userId', { userId })
        .orderBy('n.endAt', 'ASC');
    }
    const [rows, total] = await qb
      .addOrderBy('n.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    const myBids = new Map(
      rows.filter((n) => n.status === 'listed' && n.currentBid).map((n) => [n.id, n.currentBid!.toFixed()]),
    );
    return {
      list: await this.views.customerViews(rows, userId, q.type === 'bids' ? myBids : undefined),
      total,
    };
  }

  async charitiesPublic() {
    const rows = await this.dataSource
      .getRepository(Charity)
      .find({ where: { active: true }, order: { id: 'ASC' } });
    return rows.map((c) => this.views.charityView(c));
  }

  // --- admin ---

  async adminList(list: ListQuery): Promise<[ReturnType<NftsService['adminView']>[], number]> {
    const qb = this.dataSource.getRepository(Nft).createQueryBuilder('n');
    const f = list.filter;
    if (Array.isArray(f.id))
      qb.andWhere('n.id::text IN (:...ids)', { ids: f.id.length ? f.id.map(String) : ['-1'] });
    if (typeof f.status === 'string') qb.andWhere('n.status = :status', { status: f.status });
    if (typeof f.chain === 'string') qb.andWhere('n.chain = :chain', { chain: f.chain });
    if (typeof f.charityId === 'number' || typeof f.charityId === 'string')
      qb.andWhere('n.charity_id::text = :charityId', { charityId: String(f.charityId) });
    if (typeof f.q === 'string' && f.q)
      qb.andWhere('(n.name ILIKE :q OR n.creator ILIKE :q)', { q: escapeLike(f.q) });
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    return [rows.map((n) => this.adminView(n)), total];
  }

  async adminGet(id: string) {
    return this.adminView(await this.find(id));
  }

  /** The bids on a collectible, highest last (who bid is visible to operators only). */
  async adminBids(id: string) {
    const rows = await this.dataSource
      .getRepository(NftBid)
      .find({ where: { nftId: id }, order: { id: 'ASC' } });
    return rows.map((b) => ({
      id: b.id,
      userId: b.userId,
      amount: b.amount.toFixed(),
      status: b.status,
      createdAt: b.createdAt.toISOString(),
      settledAt: b.settledAt?.toISOString() ?? null,
    }));
  }

  async create(dto: CreateNftDto, actor: AdminActor) {
    const endAt = parseIsoDateTime(dto.endTime)!;
    if (endAt.getTime() <= this.clock.now().getTime())
      throw AppException.field('endTime', 'validation.inFuture');
    const startBid = new Decimal(dto.startBid);
    const price = dto.price ? new Decimal(dto.price) : null;
    this.checkAmounts(startBid, price);
    const saved = await this.audited(async (m) => {
      await this.charityExists(m, dto.charityId);
      const nft = await m.save(
        m.create(Nft, {
          name: dto.name,
          description: dto.description ?? '',
          imageUrl: dto.imageUrl,
          contractAddress: dto.contractAddress,
          tokenId: dto.tokenId,
          creator: dto.creator,
          chain: dto.chain,
          charityId: dto.charityId,
          currency: 'USDT',
          price,
          startBid,
          currentBid: null,
          currentBidId: null,
          bidCount: 0,
          endAt,
          status: 'listed',
          ownerId: null,
          soldPrice: null,
          soldAt: null,
          donated: new Decimal(0),
        }),
      );
      await this.record(m, actor, 'nft.created', nft.id, { name: nft.name, endTime: dto.endTime });
      return nft;
    });
    await this.auction.schedule(saved);
    return this.adminView(saved);
  }

  async update(id: string, dto: UpdateNftDto, actor: AdminActor) {
    let endChanged = false;
    const saved = await this.audited(async (m) => {
      const nft = await m.findOne(Nft, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!nft) throw new AppException(ErrorCode.NotFound);
      const changed: string[] = [];
      for (const key of [
        'name',
        'description',
        'imageUrl',
        'contractAddress',
        'tokenId',
        'creator',
        'chain',
      ] as const) {
        if (dto[key] !== undefined && dto[key] !== nft[key]) {
          nft[key] = dto[key];
          changed.push(key);
        }
      }
      if (dto.charityId !== undefined && dto.charityId !== nft.charityId) {
        // Money already given stays with the charity it was given to.
        if (nft.status === 'sold') throw new AppException(ErrorCode.CollectibleStatusWrong);
        await this.charityExists(m, dto.charityId);
        nft.charityId = dto.charityId;
        changed.push('charityId');
      }
      const price = dto.price === undefined ? nft.price : dto.price === null ? null : new Decimal(dto.price);
      const startBid = dto.startBid === undefined ? nft.startBid : new Decimal(dto.startBid);
      const endAt = dto.endTime === undefined ? nft.endAt : parseIsoDateTime(dto.endTime)!;
      const terms = {
        price: !(price === nft.price || (price && nft.price && price.eq(nft.price))),
        startBid: !startBid.eq(nft.startBid),
        endTime: endAt.getTime() !== nft.endAt.getTime(),
      };
      if (terms.price || terms.startBid || terms.endTime) {
        // The terms of a sale are fixed once it closed or reached its end time (the highest bid has
        // won, whether or not the closing job has run yet); bids already made keep their starting bid.
        if (nft.status !== 'listed' || nft.endAt.getTime() <= this.clock.now().getTime())
          throw new AppException(ErrorCode.CollectibleStatusWrong);
        if (terms.startBid && nft.bidCount > 0) throw new AppException(ErrorCode.CollectibleStatusWrong);
        if (terms.endTime && endAt.getTime() <= this.clock.now().getTime())
          throw AppException.field('endTime', 'validation.inFuture');
        this.checkAmounts(startBid, price, nft.currentBid);
        nft.price = price;
        nft.startBid = startBid;
        nft.endAt = endAt;
        endChanged = terms.endTime;
        for (const [k, v] of Object.entries(terms)) if (v) changed.push(k);
      }
      const saved = changed.length ? await m.save(nft) : nft;
      await this.record(m, actor, 'nft.updated', id, { changed });
      return saved;
    });
    if (endChanged) await this.auction.reschedule(saved);
    return this.adminView(saved);
  }

  /** Off the catalogue (audited); the highest bidder's hold goes back at once. */
  async withdraw(id: string, actor: AdminActor) {
    let notices: NotificationInput[] = [];
    const saved = await this.audited(async (m) => {
      const nft = await m.findOne(Nft, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!nft) throw new AppException(ErrorCode.NotFound);
      notices = await this.auction.withdraw(m, nft);
      await this.record(m, actor, 'nft.withdrawn', id, { name: nft.name, bidCount: nft.bidCount });
      return nft;
    });
    await this.auction.tell(notices);
    return this.adminView(saved);
  }

  async adminCharities(list: ListQuery): Promise<[ReturnType<NftsService['adminCharityView']>[], number]> {
    const qb = this.dataSource.getRepository(Charity).createQueryBuilder('c');
    const f = list.filter;
    if (Array.isArray(f.id))
      qb.andWhere('c.id::text IN (:...ids)', { ids: f.id.length ? f.id.map(String) : ['-1'] });
    if (typeof f.active === 'boolean') qb.andWhere('c.active = :active', { active: f.active });
    if (typeof f.q === 'string' && f.q) qb.andWhere('c.name ILIKE :q', { q: escapeLike(f.q) });
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    return [rows.map((c) => this.adminCharityView(c)), total];
  }

  async adminCharity(id: number) {
    const c = await this.dataSource.getRepository(Charity).findOneBy({ id });
    if (!c) throw new AppException(ErrorCode.NotFound);
    return this.adminCharityView(c);
  }

  async createCharity(dto: CharityDto, actor: AdminActor) {
    const saved = await this.audited(async (m) => {
      const c = await m.save(
        m.create(Charity, {
          name: dto.name,
          description: dto.description ?? '',
          website: dto.website ?? null,
          donated: new Decimal(0),
          active: dto.active ?? true,
        }),
      );
      await this.record(m, actor, 'charity.created', String(c.id), { name: c.name }, 'charity');
      return c;
    });
    return this.adminCharityView(saved);
  }

  async updateCharity(id: number, dto: UpdateCharityDto, actor: AdminActor) {
    const saved = await this.audited(async (m) => {
      const c = await m.findOne(Charity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!c) throw new AppException(ErrorCode.NotFound);
      const changed: string[] = [];
      for (const key of ['name', 'description', 'website', 'active'] as const) {
        if (dto[key] !== undefined && dto[key] !== c[key]) {
          (c as unknown as Record<string, unknown>)[key] = dto[key];
          changed.push(key);
        }
      }
      const out = changed.length ? await m.save(c) : c;
      await this.record(m, actor, 'charity.updated', String(id), { changed }, 'charity');
      return out;
    });
    return this.adminCharityView(saved);
  }

  adminView(n: Nft) {
    return {
      id: n.id,
      name: n.name,
      description: n.description,
      imageUrl: n.imageUrl,
      contractAddress: n.contractAddress,
      tokenId: n.tokenId,
      creator: n.creator,
      chain: n.chain,
      charityId: n.charityId,
      currency: n.currency,
      price: n.price?.toFixed() ?? null,
      startBid: n.startBid.toFixed(),
      currentBid: n.currentBid?.toFixed() ?? null,
      bidCount: n.bidCount,
      endTime: n.endAt.toISOString(),
      status: n.status,
      ownerId: n.ownerId,
      soldPrice: n.soldPrice?.toFixed() ?? null,
      soldAt: n.soldAt?.toISOString() ?? null,
      donated: n.donated.toFixed(),
      createdAt: n.createdAt.toISOString(),
      updatedAt: n.updatedAt.toISOString(),
    };
  }

  adminCharityView(c: Charity) {
    return {
      ...this.views.charityView(c),
      active: c.active,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  private async find(id: string): Promise<Nft> {
    const nft = await this.dataSource.getRepository(Nft).findOneBy({ id });
    if (!nft) throw new AppException(ErrorCode.NotFound);
    return nft;
  }

  /**
   * A buy-now price above the starting bid and above the current bid: at or below the current bid,
   * no bid could be placed (it must stay below the price) and nobody could buy (the bid already
   * offers as much), and the auction would be stuck until its end.
   */
  private checkAmounts(startBid: Decimal, price: Decimal | null, currentBid: Decimal | null = null) {
    if (startBid.lte(0)) throw AppException.field('startBid', 'validation.enterAmount');
    if (price && (price.lte(startBid) || (currentBid && price.lte(currentBid))))
      throw AppException.field('price', 'validation.invalid');
  }

  private async charityExists(m: EntityManager, id: number) {
    if (!(await m.existsBy(Charity, { id }))) throw AppException.field('charityId', 'validation.invalid');
  }

  private record(
    m: EntityManager,
    actor: AdminActor,
    action: string,
    targetId: string,
    detail: Record<string, unknown>,
    targetType = 'nft',
  ) {
    return this.audit.record({ adminId: actor.id, action, targetType, targetId, detail, ip: actor.ip }, m);
  }

  /** An edit and its audit row commit together; a duplicate (chain, contract, token) answers 409. */
  private async audited<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw new AppException(ErrorCode.Conflict);
      throw error;
    }
  }
}
