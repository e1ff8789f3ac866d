import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount, type JournalEntry } from '@app/ledger';
import { PriceService } from '@app/market';
import type { TestApp } from '../../support/test-app';
import type { RegisteredUser } from '../../support/users';

/** Headers of a customer on the demo (virtually: NO) or the real (YES) book. */
export const demo = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'NO' });
export const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });

/** Sets the price of a code through the market's own tick path (state, candles, pub/sub). */
export async function tick(t: TestApp, code: string, price: string): Promise<void> {
  const out = await t.app.get(PriceService).publishTick({ code, price, ts: Date.now() });
  if (!out) throw new Error(`tick ${code} ${price} was refused`);
}

/** The journal entry of a real-book deposit from the outside world, as an approved recharge posts it. */
export function depositEntry(
  userId: string,
  amount: string,
  currency = 'USDT',
  key = `fund-${randomUUID()}`,
): JournalEntry {
  return {
    key,
    reason: 'deposit',
    legs: [
      {
        from: { owner: { type: 'system', id: SystemAccount.External }, book: 'real', currency, kind: 'main' },
        to: { owner: { type: 'user', id: userId }, book: 'real', currency, kind: 'available' },
        amount,
      },
    ],
  };
}

/** A real-book deposit from the outside world, as an approved recharge would post it. */
export async function fundReal(t: TestApp, u: RegisteredUser, amount: string, currency = 'USDT') {
  await t.app.get(LedgerService).post(depositEntry(u.id, amount, currency));
}

export async function userBalance(
  t: TestApp,
  u: RegisteredUser,
  book: 'real' | 'demo',
  kind: string,
  currency = 'USDT',
): Promise<string> {
  const value = await t.app
    .get(LedgerService)
    .balance({ owner: { type: 'user', id: u.id }, book, currency, kind });
  return value.toFixed();
}

export async function adminToken(t: TestApp): Promise<string> {
  const res = await t
    .http()
    .post('/swx/admin/login')
    .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
  if (res.body.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.result.token as string;
}
