export * from './orders.module';
export * from './migrations';
export * from './spot/matching';
export { SmartSettlementService } from './smart/smart-settlement.service';
