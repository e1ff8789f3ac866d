import { getQueueToken } from '@nestjs/bullmq';
import Decimal from 'decimal.js';
import type { Queue } from 'bullmq';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { waitFor } from '../market/market-support';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { adminToken, demo, fundReal, real, userBalance } from '../trading/trading-support';

const USER = '/swx/customer/user';
const INDEX = '/swx/customer/index';
const CONTRACT = '0x1111111111111111111111111111111111111111';

interface NftView {
  id: string;
  status: string;
  currentBid: string | null;
  donated: string;
  endTime: string;
  charity: { id: number; name: string; donated: string };
}

/* Real Postgres and Redis; the auction end is reached by moving the clock and promoting the NFT's own job. */
describe('charity NFTs', () => {
  let t: TestApp;
  let clock: Clock;
  let queue: Queue;
  let admin: { Authorization: string };
  let token = 0;

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
    queue = t.app.get<Queue>(getQueueToken(QueueName.Nfts));
    admin = { Authorization: `Bearer ${await adminToken(t)}` };
  });
  afterAll(async () => {
    clock.set(new Date());
    await t.close();
  });

  /** A collectible listed by an operator, for the Clean Water Collective unless told otherwise. */
  async function listNft(over: Record<string, unknown> = {}): Promise<NftView & { charityId: number }> {
    const res = await t
      .http()
      .post('/swx/admin/nfts')
      .set(admin)
      .send({
        name: `Test drop ${++token}`,
        imageUrl: '/swx/customer/index/nftImage/blue-spring.svg',
        contractAddress: CONTRACT,
        tokenId: `${Date.now()}${token}`,
        creator: 'Test Studio',
        chain: 'Ethereum',
        charityId: 1,
        price: '500',
        startBid: '100',
        endTime: new Date(clock.now().getTime() + 3600_000).toISOString(),
        ...over,
      });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.result;
  }
  const buyNft = (u: RegisteredUser, body: object, headers = real(u)) =>
    t.http().post(`${USER}/buyNft`).set(headers).send(body);
  const getNft = async (id: string): Promise<NftView> =>
    (await t.http().get(`${INDEX}/getNft/${id}`)).body.result;
  const charityPool = () =>
    t.app.get(LedgerService).balance({
      owner: { type: 'system', id: SystemAccount.CharityPool },
      book: 'real',
      currency: 'USDT',
      kind: 'main',
    });
  async function funded(amount: string) {
    const u = await registerUser(t);
    await fundReal(t, u, amount);
    return u;
  }

  it('lists the seeded catalogue with charities, filters and paging, and serves the artwork', async () => {
    const all = (await t.http().get(`${INDEX}/listNft?pageSize=100`)).body.result;
    const seeded = all.list.find((n: { name: string }) => n.name === 'Coral Dawn');
    expect(seeded).toMatchObject({
      chain: 'Polygon',
      creator: 'Reef Lab',
      price: '1200',
      status: 'live',
      canBuy: true,
      charity: { name: 'Ocean Guardians Trust' },
    });
    expect(seeded.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(seeded.remainingSeconds).toBeGreaterThan(0);
    expect(seeded).not.toHaveProperty('ownerId');
    const polygon = (await t.http().get(`${INDEX}/listNft?chain=polygon`)).body.result;
    expect(polygon.list.length).toBeGreaterThanOrEqual(2);
    expect(polygon.list.every((n: { chain: string }) => n.chain === 'Polygon')).toBe(true);
    const page = (await t.http().get(`${INDEX}/listNft?pageNum=1&pageSize=2&sort=priceDesc`)).body.result;
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect((await t.http().get(`${INDEX}/listNft?status=bogus`)).body.code).toBe(400);
    const charities = (await t.http().get(`${INDEX}/listCharity`)).body.result;
    expect(charities.map((c: { name: string }) => c.name)).toContain('Forest Restoration Alliance');

    const image = await t.http().get(seeded.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect((await t.http().get(`${INDEX}/nftImage/..%2Fnfts.module.ts`)).body.code).toBe(404);
  });

  it('buys at the listed price: the price goes to the charity pool and the donation totals rise', async () => {
    const nft = await listNft({ price: '500' });
    const buyer = await funded('800');
    const poolBefore = await charityPool();
    const charityBefore = (await getNft(nft.id)).charity.donated;

    // The demo book's play money cannot make a donation.
    expect((await buyNft(buyer, { nftId: nft.id, type: 'buy' }, demo(buyer))).body.code).toBe(403);
    const bought = await buyNft(buyer, { nftId: nft.id, type: 'buy' });
    expect(bought.body).toMatchObject({ code: 20004, result: { id: nft.id, status: 'sold', owned: true } });
    expect(await userBalance(t, buyer, 'real', 'available')).toBe('300');
    expect((await charityPool()).minus(poolBefore).toFixed()).toBe('500');
    const after = await getNft(nft.id);
    expect(after).toMatchObject({ status: 'sold', donated: '500' });
    expect(after.charity.donated).toBe(new Decimal(charityBefore).plus(500).toFixed());

    // Sold: another purchase or a bid is 10020 and moves nothing.
    const other = await funded('1000');
    expect((await buyNft(other, { nftId: nft.id, type: 'buy' })).body.code).toBe(10020);
    expect((await buyNft(other, { nftId: nft.id, type: 'bid', amount: '450' })).body.code).toBe(10020);
    expect(await userBalance(t, other, 'real', 'available')).toBe('1000');

    // Mine is mine: the buyer lists it, another user does not, and nobody sees who owns it.
    const mine = (await t.http().get(`${USER}/listNft`).set(real(buyer))).body.result;
    expect(mine.list.map((n: { id: string }) => n.id)).toEqual([nft.id]);
    expect(mine.list[0]).toMatchObject({ owned: true, soldPrice: '500' });
    expect((await t.http().get(`${USER}/listNft`).set(real(other))).body.result).toEqual({
      list: [],
      total: 0,
    });
    expect((await t.http().get(`${USER}/listNft`)).body.code).toBe(401);
    const sold = (await t.http().get(`${INDEX}/listNft?status=sold&pageSize=100`)).body.result.list;
    expect(sold.find((n: { id: string }) => n.id === nft.id)).not.toHaveProperty('owned');
  });

  it('bids: frozen through the ledger, the outbid hold released at once; low, high and unfunded bids refused', async () => {
    const nft = await listNft({ price: '500', startBid: '100' });
    const alice = await funded('1000');
    const bob = await funded('1000');
    const bid = (u: RegisteredUser, amount: string) => buyNft(u, { nftId: nft.id, type: 'bid', amount });

    expect((await bid(alice, '99.99')).body).toMatchObject({ code: 10016, result: { minBid: '100' } });
    expect((await bid(alice, '500')).body.code).toBe(10016); // at the price: buy instead
    expect((await buyNft(alice, { nftId: nft.id, type: 'bid' })).body.code).toBe(400);
    expect((await bid(alice, '150')).body).toMatchObject({
      code: 200,
      result: { currentBid: '150', bidCount: 1 },
    });
    expect(await userBalance(t, alice, 'real', 'available')).toBe('850');
    expect(await userBalance(t, alice, 'real', 'frozen')).toBe('150');

    expect((await bid(bob, '150')).body.code).toBe(10016); // must be above the current bid
    const poor = await funded('100');
    expect((await bid(poor, '160')).body.code).toBe(10092);
    expect(await userBalance(t, poor, 'real', 'available')).toBe('100');
    expect((await getNft(nft.id)).currentBid).toBe('150');

    expect((await bid(bob, '200')).body.result.currentBid).toBe('200');
    expect(await userBalance(t, alice, 'real', 'available')).toBe('1000');
    expect(await userBalance(t, alice, 'real', 'frozen')).toBe('0');
    expect(await userBalance(t, bob, 'real', 'frozen')).toBe('200');
    // Bob leads: his bids list shows it, Alice's does not.
    const bobBids = (await t.http().get(`${USER}/listNft?type=bids`).set(real(bob))).body.result.list;
    expect(bobBids).toEqual([expect.objectContaining({ id: nft.id, myBid: '200', owned: false })]);
    expect((await t.http().get(`${USER}/listNft?type=bids`).set(real(alice))).body.result.total).toBe(0);

    // A purchase at the price ends it: Bob's hold goes back, the buyer pays the price.
    expect((await buyNft(alice, { nftId: nft.id, type: 'buy' })).body.code).toBe(20004);
    expect(await userBalance(t, bob, 'real', 'frozen')).toBe('0');
    expect(await userBalance(t, bob, 'real', 'available')).toBe('1000');
    expect(await userBalance(t, alice, 'real', 'available')).toBe('500');
  });

  it('concurrent bids and purchases: one leader holds money, one buyer pays', async () => {
    const nft = await listNft({ price: '1000', startBid: '100' });
    const bidders = await Promise.all(['110', '120', '130', '140', '150'].map(() => funded('500')));
    const amounts = ['110', '120', '130', '140', '150'];
    await Promise.all(bidders.map((u, i) => buyNft(u, { nftId: nft.id, type: 'bid', amount: amounts[i] })));
    const leader = await getNft(nft.id);
    const frozen = await Promise.all(bidders.map((u) => userBalance(t, u, 'real', 'frozen')));
    // Exactly one hold remains, the leader's, equal to the current bid; every other went back.
    expect(frozen.filter((f) => f !== '0')).toEqual([leader.currentBid]);
    expect(leader.currentBid).toBe('150');

    const other = await listNft({ price: '300' });
    const buyers = await Promise.all([1, 2, 3].map(() => funded('300')));
    const answers = await Promise.all(buyers.map((u) => buyNft(u, { nftId: other.id, type: 'buy' })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([10020, 10020, 20004]);
    const left = await Promise.all(buyers.map((u) => userBalance(t, u, 'real', 'available')));
    expect(left.sort()).toEqual(['0', '300', '300']);
  });

  it('the delayed job closes the auction at its end time and awards it to the highest bidder, once', async () => {
    const nft = await listNft({
      price: null,
      startBid: '100',
      endTime: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const alice = await funded('1000');
    const bob = await funded('1000');
    expect((await buyNft(alice, { nftId: nft.id, type: 'buy' })).body.code).toBe(10020); // auction only
    await buyNft(alice, { nftId: nft.id, type: 'bid', amount: '120' });
    await buyNft(bob, { nftId: nft.id, type: 'bid', amount: '180' });
    await buyNft(alice, { nftId: nft.id, type: 'bid', amount: '250.5' });
    const poolBefore = await charityPool();
    const charityBefore = (await getNft(nft.id)).charity.donated;

    // Before the end the job changes nothing and waits again.
    const job = await queue.getJob(`nft-close-${nft.id}`);
    expect(job).toBeTruthy();
    await job!.promote();
    await new Promise((r) => setTimeout(r, 500));
    expect((await getNft(nft.id)).status).toBe('live');

    clock.advance(61_000);
    // Past the end and before the job: no more bids (10020), the catalogue shows it closing.
    expect((await buyNft(bob, { nftId: nft.id, type: 'bid', amount: '300' })).body.code).toBe(10020);
    expect((await getNft(nft.id)).status).toBe('closing');
    await (await queue.getJob(`nft-close-${nft.id}`))!.promote();
    const closed = await waitFor(async () => {
      const n = await getNft(nft.id);
      return n.status === 'sold' ? n : null;
    }, 15_000);
    expect(closed.donated).toBe('250.5');
    expect(new Decimal(closed.charity.donated).minus(charityBefore).toFixed()).toBe('250.5');
    expect((await charityPool()).minus(poolBefore).toFixed()).toBe('250.5');
    expect(await userBalance(t, alice, 'real', 'available')).toBe('749.5');
    expect(await userBalance(t, alice, 'real', 'frozen')).toBe('0');
    expect(await userBalance(t, bob, 'real', 'available')).toBe('1000');
    expect(await userBalance(t, bob, 'real', 'frozen')).toBe('0');
    const aliceOwns = (await t.http().get(`${USER}/listNft`).set(real(alice))).body.result.list;
    expect(aliceOwns).toEqual([expect.objectContaining({ id: nft.id, owned: true, soldPrice: '250.5' })]);
    expect((await t.http().get(`${USER}/listNft`).set(real(bob))).body.result.total).toBe(0);

    // The winner is told (and Bob that he was outbid), in the reader's language.
    const told = (await t.http().get(`${USER}/listNotification`).set(real(alice)).set('lang', 'de')).body
      .result;
    expect(told.list[0]).toMatchObject({
      type: 'nft',
      refId: nft.id,
      title: 'Sie haben die Auktion gewonnen',
    });
    expect(told.list[0].content).toContain('250,5 USDT');
    const bobTold = (await t.http().get(`${USER}/listNotification`).set(real(bob))).body.result;
    expect(bobTold.list[0]).toMatchObject({ title: 'You were outbid' });

    // The job running again (or the sweep) changes nothing: one award posting, one notice.
    await queue.add(JobName.NftAuctionClose, { nftId: nft.id }, { jobId: `again-${nft.id}` });
    await queue.add(JobName.NftAuctionSweep, {});
    await waitForQueuesDrained(t, [QueueName.Nfts]);
    const postings: { n: string }[] = await t.db.query(
      `SELECT count(*)::text AS n FROM ledger.journal WHERE idempotency_key = $1`,
      [`nft-award-${nft.id}`],
    );
    expect(postings[0].n).toBe('1');
    expect(await userBalance(t, alice, 'real', 'available')).toBe('749.5');
    expect(
      (await t.http().get(`${USER}/listNotification`).set(real(alice))).body.result.list.filter(
        (n: { refId: string; title: string }) => n.refId === nft.id && n.title === 'You won the auction',
      ),
    ).toHaveLength(1);
    // Closed: 10020 for everyone.
    expect((await buyNft(bob, { nftId: nft.id, type: 'bid', amount: '900' })).body.code).toBe(10020);
  });

  it('an auction without bids ends unsold; a lost job is caught by the sweep', async () => {
    const nft = await listNft({ endTime: new Date(clock.now().getTime() + 30_000).toISOString() });
    await (await queue.getJob(`nft-close-${nft.id}`))!.remove();
    clock.advance(31_000);
    await queue.add(JobName.NftAuctionSweep, {});
    await waitForQueuesDrained(t, [QueueName.Nfts]);
    expect(await waitFor(async () => (await getNft(nft.id)).status === 'ended')).toBe(true);
    const ended = (await t.http().get(`${INDEX}/listNft?status=ended&pageSize=100`)).body.result.list;
    expect(ended.map((n: { id: string }) => n.id)).toContain(nft.id);
  });

  it('an auction past its end belongs to its highest bidder: no reopening, re-pricing or withdrawing before the sweep', async () => {
    const nft = await listNft({ endTime: new Date(clock.now().getTime() + 30_000).toISOString() });
    const bidder = await funded('300');
    expect((await buyNft(bidder, { nftId: nft.id, type: 'bid', amount: '200' })).body.code).toBe(200);
    // Ended, and not closed yet (its job lost; the sweep has not come by).
    await (await queue.getJob(`nft-close-${nft.id}`))!.remove();
    clock.advance(31_000);
    const edit = (body: object) => t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).send(body);
    const reopened = await edit({ endTime: new Date(clock.now().getTime() + 3600_000).toISOString() });
    expect(reopened.body.code).toBe(10020);
    expect((await edit({ price: '900' })).body.code).toBe(10020);
    const withdrawn = await t.http().delete(`/swx/admin/nfts/${nft.id}`).set(admin);
    expect(withdrawn.body.code).toBe(10020);
    // Nothing moved: the bid still holds its money; a cosmetic edit is still possible.
    expect(await userBalance(t, bidder, 'real', 'frozen')).toBe('200');
    expect((await edit({ name: 'Renamed after the end' })).body.result).toMatchObject({
      status: 'listed',
      currentBid: '200',
    });
    await queue.add(JobName.NftAuctionSweep, {});
    await waitForQueuesDrained(t, [QueueName.Nfts]);
    expect(await waitFor(async () => (await getNft(nft.id)).status === 'sold')).toBe(true);
    expect(await userBalance(t, bidder, 'real', 'frozen')).toBe('0');
    expect(await userBalance(t, bidder, 'real', 'available')).toBe('100');
  });

  it('the buy-now price stays above the current bid, so the auction never locks', async () => {
    const nft = await listNft({ price: '500', startBid: '100' });
    const bidder = await funded('300');
    expect((await buyNft(bidder, { nftId: nft.id, type: 'bid', amount: '250' })).body.code).toBe(200);
    for (const price of ['250', '200']) {
      const res = await t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).send({ price });
      expect(res.body).toMatchObject({ code: 400, result: [{ field: 'price' }] });
    }
    const above = await t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).send({ price: '250.01' });
    expect(above.body.result).toMatchObject({ price: '250.01', currentBid: '250' });
    // Still open: somebody can buy it at that price.
    const buyer = await funded('300');
    expect((await buyNft(buyer, { nftId: nft.id, type: 'buy' })).body.code).toBe(20004);
  });

  it('an end time is a real date in the documented form and later than now, said on endTime', async () => {
    const later = new Date(clock.now().getTime() + 86_400_000);
    const year = later.getUTCFullYear() + 1;
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM nfts.nfts`))[0].n;
    // An expanded year, a week date, a day that does not exist, a time without its zone.
    for (const endTime of [
      `-${year}-01-01`,
      `+00${year}-01-01`,
      `${year}-W01-1`,
      `${year}-02-30`,
      `${year}-01-01T10:00`,
    ]) {
      const res = await t
        .http()
        .post('/swx/admin/nfts')
        .set(admin)
        .set('lang', 'en')
        .send({
          name: 'Dated drop',
          imageUrl: '/swx/customer/index/nftImage/blue-spring.svg',
          contractAddress: CONTRACT,
          tokenId: `${Date.now()}${++token}`,
          creator: 'Test Studio',
          chain: 'Ethereum',
          charityId: 1,
          startBid: '100',
          endTime,
        });
      expect(res.body).toMatchObject({ code: 400, result: [{ field: 'endTime' }] });
      expect(res.body.result[0].message).toContain('2026-01-31T09:30:00Z');
    }
    expect((await t.db.query(`SELECT count(*)::int AS n FROM nfts.nfts`))[0].n).toBe(before);

    const nft = await listNft({ endTime: `${year}-01-01T10:00:00+02:00` });
    expect(nft.endTime).toBe(`${year}-01-01T08:00:00.000Z`);
    const edit = (body: object) =>
      t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).set('lang', 'en').send(body);
    const past = await edit({ endTime: new Date(clock.now().getTime() - 60_000).toISOString() });
    expect(past.body).toMatchObject({
      code: 400,
      result: [{ field: 'endTime', message: expect.stringContaining('later than now') }],
    });
    expect((await edit({ endTime: `-${year}-01-01` })).body).toMatchObject({
      code: 400,
      result: [{ field: 'endTime' }],
    });
    expect((await getNft(nft.id)).endTime).toBe(`${year}-01-01T08:00:00.000Z`);
  });

  it('operators edit the catalogue (audited); withdrawing releases the highest bid', async () => {
    const nft = await listNft();
    const bidder = await funded('300');
    await buyNft(bidder, { nftId: nft.id, type: 'bid', amount: '200' });

    const edited = await t
      .http()
      .put(`/swx/admin/nfts/${nft.id}`)
      .set(admin)
      .send({ name: 'Renamed drop', price: '450' });
    expect(edited.body.result).toMatchObject({ name: 'Renamed drop', price: '450' });
    // The starting bid is fixed once somebody bid; a price at or below it is refused.
    expect(
      (await t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).send({ startBid: '50' })).body.code,
    ).toBe(10020);
    expect((await t.http().put(`/swx/admin/nfts/${nft.id}`).set(admin).send({ price: '90' })).body.code).toBe(
      400,
    );
    const bids = (await t.http().get(`/swx/admin/nfts/${nft.id}/bids`).set(admin)).body.result;
    expect(bids).toEqual([expect.objectContaining({ userId: bidder.id, amount: '200', status: 'active' })]);

    const withdrawn = await t.http().delete(`/swx/admin/nfts/${nft.id}`).set(admin);
    expect(withdrawn.body.result.status).toBe('withdrawn');
    expect(await userBalance(t, bidder, 'real', 'available')).toBe('300');
    expect(await userBalance(t, bidder, 'real', 'frozen')).toBe('0');
    expect((await t.http().get(`${INDEX}/getNft/${nft.id}`)).body.code).toBe(404);
    expect((await t.http().delete(`/swx/admin/nfts/${nft.id}`).set(admin)).body.code).toBe(10020);

    const audit: { action: string }[] = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'nft' AND target_id = $1 ORDER BY id`,
      [nft.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['nft.created', 'nft.updated', 'nft.withdrawn']);

    const list = await t
      .http()
      .get(`/swx/admin/nfts?range=${encodeURIComponent('[0,1]')}`)
      .set(admin);
    expect(list.headers['content-range']).toMatch(/^nfts 0-1\/\d+$/);
    const charity = await t
      .http()
      .post('/swx/admin/charities')
      .set(admin)
      .send({
        name: `Harbour Lights Hospice ${token}`,
        description: 'Palliative care at home',
        website: 'https://example.org/hl',
      });
    expect(charity.body.result).toMatchObject({ donated: '0', active: true });
    const customer = await registerUser(t);
    expect((await t.http().get('/swx/admin/nfts').set(real(customer))).body.code).toBe(401);
  });
});
