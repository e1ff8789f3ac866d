import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { In, type DataSource } from 'typeorm';
import { Clock } from '@app/common';
import { Charity } from './entities/charity.entity';
import type { Nft } from './entities/nft.entity';

/** What customers see of a collectible: never who bid or who owns it, only whether it is them. */
@Injectable()
export class NftViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The lowest acceptable next bid: the starting bid, or anything above the current one. */
  minNextBid(nft: Nft): Decimal {
    return nft.currentBid ?? nft.startBid;
  }

  charityView(c: Charity) {
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      website: c.website,
      donated: c.donated.toFixed(),
    };
  }

  async customerView(nft: Nft, viewerId?: string) {
    return (await this.customerViews([nft], viewerId))[0];
  }

  async customerViews(rows: Nft[], viewerId?: string, myBids?: Map<string, string>) {
    const charities = await this.charities(rows);
    const now = this.clock.now().getTime();
    return rows.map((n) => {
      const charity = charities.get(n.charityId);
      const open = n.status === 'listed' && n.endAt.getTime() > now;
      return {
        id: n.id,
        name: n.name,
        description: n.description,
        image: n.imageUrl,
        contractAddress: n.contractAddress,
        tokenId: n.tokenId,
        creator: n.creator,
        chain: n.chain,
        currency: n.currency,
        price: n.price?.toFixed() ?? null,
        startBid: n.startBid.toFixed(),
        currentBid: n.currentBid?.toFixed() ?? null,
        bidCount: n.bidCount,
        endTime: n.endAt.toISOString(),
        remainingSeconds: open ? Math.ceil((n.endAt.getTime() - now) / 1000) : 0,
        // 'live' while purchases and bids are taken; 'closing' past the end until the job closes it.
        status: n.status === 'listed' ? (open ? 'live' : 'closing') : n.status,
        canBuy: open && n.price !== null && !(n.currentBid && n.currentBid.gte(n.price)),
        canBid: open,
        donated: n.donated.toFixed(),
        charity: charity ? this.charityView(charity) : null,
        ...(viewerId
          ? {
              owned: n.ownerId === viewerId,
              soldPrice: n.ownerId === viewerId ? (n.soldPrice?.toFixed() ?? null) : null,
              soldAt: n.ownerId === viewerId ? (n.soldAt?.toISOString() ?? null) : null,
              myBid: myBids?.get(n.id) ?? null,
            }
          : {}),
      };
    });
  }

  private async charities(rows: Nft[]): Promise<Map<number, Charity>> {
    const ids = [...new Set(rows.map((r) => r.charityId))];
    if (ids.length === 0) return new Map();
    const list = await this.dataSource.getRepository(Charity).findBy({ id: In(ids) });
    return new Map(list.map((c) => [c.id, c]));
  }
}
