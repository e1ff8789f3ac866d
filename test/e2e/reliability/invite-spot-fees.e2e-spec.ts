import Decimal from 'decimal.js';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JobName, QueueName } from '@app/queue';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { balance, createPair, fund, place, waitFor, type TestPair } from '../spot/spot-support';
import { tick } from '../trading/trading-support';

/*
 * Invite rewards of spot trades. A spot settlement takes each side's fee out of what the other side
 * hands over (the seller's fee in quote leaves the buyer's held quote, the buyer's fee in base leaves
 * the seller's held base), so the account a fee transfer is debited from is the counterparty's. The
 * reward must still go to the inviter of the user who paid the fee, never to the counterparty's.
 */
describe('invite rewards of spot fees', () => {
  let t: TestApp;
  let queue: Queue;
  let pair: TestPair;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    queue = t.app.get<Queue>(getQueueToken(QueueName.Invite));
    pair = await createPair(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const scan = async () => {
    await queue.add(JobName.InviteRewardScan, {});
    await waitForQueuesDrained(t, [QueueName.Invite]);
  };
  const inviteCode = async (u: RegisteredUser) =>
    (
      await t
        .http()
        .get('/swx/customer/user/getInviteInfo')
        .set({ Authorization: `Bearer ${u.token}` })
    ).body.result.inviteCode as string;
  /** What the inviter was rewarded, per currency, and for whose fees. */
  const rewardsOf = async (inviter: RegisteredUser) => {
    const rows: { invitee_id: string; currency: string; fee: string; amount: string }[] = await t.db.query(
      `SELECT invitee_id::text, currency, fee::text, amount::text FROM accounts.invite_rewards
        WHERE inviter_id = $1 ORDER BY id`,
      [inviter.id],
    );
    return rows.map((r) => ({
      inviteeId: r.invitee_id,
      currency: r.currency,
      fee: new Decimal(r.fee).toFixed(),
      amount: new Decimal(r.amount).toFixed(),
    }));
  };

  it('rewards the inviter of the side that paid the fee: the buyer’s in base, the seller’s in quote', async () => {
    const buyersInviter = await registerUser(t);
    const sellersInviter = await registerUser(t);
    const buyer = await registerUser(t, { inviteCode: await inviteCode(buyersInviter) });
    const seller = await registerUser(t, { inviteCode: await inviteCode(sellersInviter) });
    await fund(t, seller, pair.base, '10');
    await fund(t, buyer, 'USDT', '10000');

    await place(t, seller, { symbol: pair.symbol, side: 'sell', type: 'limit', price: '100', quantity: '1' });
    const bought = await place(t, buyer, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '1',
    });
    expect(bought).toMatchObject({ state: 'filled', filled: '1' });
    // Fee 0.1%: the buyer pays 0.001 of the base coin, the seller 0.1 USDT.
    expect(await balance(t, buyer, pair.base, 'available')).toBe('0.999');
    expect(await balance(t, seller, 'USDT', 'available')).toBe('99.9');

    await scan();
    // invite_reward_rate 0.2 of each fee, to the payer's own inviter.
    expect(await rewardsOf(buyersInviter)).toEqual([
      { inviteeId: buyer.id, currency: pair.base, fee: '0.001', amount: '0.0002' },
    ]);
    expect(await rewardsOf(sellersInviter)).toEqual([
      { inviteeId: seller.id, currency: 'USDT', fee: '0.1', amount: '0.02' },
    ]);
    expect(await balance(t, buyersInviter, pair.base, 'available')).toBe('0.0002');
    expect(await balance(t, buyersInviter, 'USDT', 'available')).toBe('0');
    expect(await balance(t, sellersInviter, 'USDT', 'available')).toBe('0.02');
    expect(await balance(t, sellersInviter, pair.base, 'available')).toBe('0');
  });

  it('pays nothing for the fee of a counterparty nobody invited, and rewards the invitee’s own fee', async () => {
    const inviter = await registerUser(t);
    const invitee = await registerUser(t, { inviteCode: await inviteCode(inviter) });
    const stranger = await registerUser(t);
    await fund(t, invitee, pair.base, '10');
    await fund(t, stranger, 'USDT', '10000');

    // The invitee sells to a stranger: only the invitee's seller fee (in USDT) earns a reward.
    await place(t, invitee, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'limit',
      price: '200',
      quantity: '2',
    });
    await place(t, stranger, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'limit',
      price: '200',
      quantity: '2',
    });

    await scan();
    expect(await rewardsOf(inviter)).toEqual([
      { inviteeId: invitee.id, currency: 'USDT', fee: '0.4', amount: '0.08' },
    ]);
    expect(await balance(t, inviter, 'USDT', 'available')).toBe('0.08');
    expect(await balance(t, inviter, pair.base, 'available')).toBe('0');
  });
  it('rewards an invitee’s fees on trades with the market maker, whose own fees earn nobody anything', async () => {
    await tick(t, 'LTCUSDT', '80');
    const quoted = async () => {
      const d = (await t.http().get('/swx/customer/order/getBbDepth/LTCUSDT').set({ virtually: 'YES' })).body
        .result as { bids: unknown[]; asks: unknown[] };
      return d.bids.length > 0 && d.asks.length > 0;
    };
    await waitFor(quoted, 30_000, 'the market maker quotes LTCUSDT');
    const inviter = await registerUser(t);
    const invitee = await registerUser(t, { inviteCode: await inviteCode(inviter) });
    await fund(t, invitee, 'USDT', '1000');

    // Bought from the maker's ask: the invitee's fee (in LTC) leaves the maker's account.
    const bought = await place(t, invitee, { symbol: 'LTCUSDT', side: 'buy', type: 'market', amount: '50' });
    expect(bought.state).toBe('filled');
    expect(new Decimal(bought.fee).gt(0)).toBe(true);
    // Sold back to the maker's bid: the invitee's fee (in USDT) leaves the maker's account.
    const sold = await place(t, invitee, {
      symbol: 'LTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: new Decimal(bought.filled)
        .minus(bought.fee)
        .div(2)
        .toDecimalPlaces(3, Decimal.ROUND_DOWN)
        .toFixed(),
    });
    expect(sold.state).toBe('filled');

    await scan();
    const got = await rewardsOf(inviter);
    const share = (fee: string) => new Decimal(fee).mul('0.2').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const total = (currency: string) =>
      got
        .filter((r) => r.currency === currency)
        .reduce((sum, r) => sum.plus(r.fee), new Decimal(0))
        .toFixed();
    expect(got.every((r) => r.inviteeId === invitee.id)).toBe(true);
    expect(total('LTC')).toBe(new Decimal(bought.fee).toFixed());
    expect(total('USDT')).toBe(new Decimal(sold.fee).toFixed());
    expect(await balance(t, inviter, 'LTC', 'available')).toBe(
      got
        .filter((r) => r.currency === 'LTC')
        .reduce((sum, r) => sum.plus(share(r.fee)), new Decimal(0))
        .toFixed(),
    );
  });
});
