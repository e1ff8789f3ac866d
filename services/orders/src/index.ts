export * from './orders.module';
export * from './migrations';
export { TradingVolumeModule } from './u-orders/trading-volume';
export * from './spot/matching';
export { PlanSettlementService, SETTLEMENT_CHUNK } from './plans/plan-settlement.service';
