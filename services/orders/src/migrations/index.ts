import { CreateSmartPlans1764100001000 } from './1764100001000-CreateSmartPlans';

export const ORDERS_MIGRATIONS = [CreateSmartPlans1764100001000];
