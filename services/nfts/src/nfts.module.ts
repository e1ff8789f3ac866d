import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueName } from '@app/queue';
import { NftAuctionProcessor, NftAuctionScheduler } from './auction/nft-auction.jobs';
import { NftAuctionService } from './auction/nft-auction.service';
import { Charity } from './catalogue/entities/charity.entity';
import { NftBid } from './catalogue/entities/nft-bid.entity';
import { NftSale } from './catalogue/entities/nft-sale.entity';
import { Nft } from './catalogue/entities/nft.entity';
import { NftViews } from './catalogue/nft-views';
import {
  AdminCharitiesController,
  AdminNftsController,
  NftCatalogueController,
  NftUserController,
} from './catalogue/nfts.controller';
import { NftsService } from './catalogue/nfts.service';

/**
 * Charity NFTs: the catalogue, purchases at the listed price, bids frozen through the ledger and
 * auctions closed by a delayed job at their end time. Needs the AccountsModule (global) for the
 * admin guard and audit trail; notifies winners through NOTIFICATIONS when the content service runs.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Nft, Charity, NftBid, NftSale]),
    BullModule.registerQueue({ name: QueueName.Nfts }),
  ],
  controllers: [NftCatalogueController, NftUserController, AdminNftsController, AdminCharitiesController],
  providers: [NftViews, NftsService, NftAuctionService, NftAuctionProcessor, NftAuctionScheduler],
  exports: [NftAuctionService],
})
export class NftsModule {}
