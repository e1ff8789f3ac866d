import { PlanProductNames1766500002000 } from './1766500002000-PlanProductNames';
import { CreatePlans1764100001000 } from './1764100001000-CreatePlans';
import { PlansFillfactor1764100002000 } from './1764100002000-PlansFillfactor';
import { PlansSettlementTuning1764100003000 } from './1764100003000-PlansSettlementTuning';
import { CreateTrading1764040004000 } from './1764040004000-CreateTrading';
import { CreateSpot1764050005000 } from './1764050005000-CreateSpot';
import { SpotSequencing1764050006000 } from './1764050006000-SpotSequencing';
import { TradingEvidence1764040004100 } from './1764040004100-TradingEvidence';
import { TradingTriggerIndexes1766300001000 } from './1766300001000-TradingTriggerIndexes';
import { PlanAccountIds1766400005000 } from './1766400005000-PlanAccountIds';
import { UOrderFeeRate1766900001000 } from './1766900001000-UOrderFeeRate';

export const ORDERS_MIGRATIONS = [
  CreatePlans1764100001000,
  PlansFillfactor1764100002000,
  PlansSettlementTuning1764100003000,
  CreateTrading1764040004000,
  TradingEvidence1764040004100,
  TradingTriggerIndexes1766300001000,
  CreateSpot1764050005000,
  SpotSequencing1764050006000,
  PlanAccountIds1766400005000,
  PlanProductNames1766500002000,
  UOrderFeeRate1766900001000,
];
