import { http } from '../../../api/http-client';

export type PlanKind = 'smart' | 'mining';
export interface PlanProduct {
  id: number;
  name: string;
  currency: string;
  dailyYield: string;
  dailyYieldPercent: string;
  minAmount: string;
  maxAmount: string;
  cycles: number[];
  allowRepeat: boolean;
}
export interface Plan {
  id: string;
  kind: PlanKind;
  productId: number;
  productName: string;
  currency: string;
  amount: string;
  cycleDays: number;
  dailyYield: string;
  dailyIncome: string;
  earned: string;
  estimatedCurrentIncome: string;
  daysPaid: number;
  status: 'earning' | 'completed' | 'exited';
  startedAt: string;
  endsAt: string;
  nextEarningAt: string | null;
  penalty: string | null;
  closedAt: string | null;
}
export interface ExitQuote {
  orderId: string;
  principal: string;
  penaltyPercent: string;
  penalty: string;
  returned: string;
  /** `completed`: the cycle ended as the quote paid its last day; the whole principal is back. */
  status: 'earning' | 'completed';
}
export interface ProfitTotal {
  currency: string;
  principalInPlans: string;
  incomeToday: string;
  cumulativeIncome: string;
  activePlans: number;
}

const path = (kind: PlanKind) => (kind === 'smart' ? 'Smart' : 'Mining');
export const earnApi = {
  products: (kind: PlanKind, signal?: AbortSignal) =>
    http.get<PlanProduct[]>(`order/list${path(kind)}Products`, undefined, signal),
  buy: (kind: PlanKind, body: { productId: number; amount: string; days: number }, key?: string) =>
    http.send<Plan>(`order/buy${path(kind)}`, body, key),
  mine: (kind: PlanKind, pageNum: number, signal?: AbortSignal) =>
    http.get<{ list: Plan[]; total: number }>(
      `order/list${path(kind)}Order`,
      { pageNum, pageSize: 20 },
      signal,
    ),
  exitQuote: (orderId: string) => http.post<ExitQuote>('order/smartExitQuote', { orderId }),
  exit: (orderId: string, key?: string) => http.send<ExitQuote>('order/exitSmart', { orderId }, key),
  totals: (signal?: AbortSignal) =>
    http.getBook<ProfitTotal[]>('real', 'order/getProfitTotal', undefined, signal),
};
