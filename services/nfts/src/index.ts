export * from './nfts.module';
export * from './migrations';
export { NftAuctionService, nftCloseJobId } from './auction/nft-auction.service';
