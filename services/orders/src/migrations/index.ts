import { CreatePlans1764100001000 } from './1764100001000-CreatePlans';

export const ORDERS_MIGRATIONS = [CreatePlans1764100001000];
