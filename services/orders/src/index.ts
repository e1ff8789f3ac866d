export * from './orders.module';
export * from './migrations';
export * from './spot/matching';
export { PlanSettlementService } from './plans/plan-settlement.service';
