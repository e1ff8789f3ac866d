/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { Clock } from '@app/common';
import { consoleMessages } from '../../web-admin/src/i18n/language';
import { SECTIONS } from '../../web-admin/src/menu-sections';
import { verifiedUser } from '../e2e/reliability/reliability-fixtures';
import { adminToken, demo, fundReal, real, tick } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import { SCREENSHOTS, signInToConsole, startConsoleSession, type ConsoleSession } from './browser-support';

// A reviewer's survey of the console, not a check: with VISUAL_SURVEY=1 it seeds a little of
// everything (KYC, deposits, withdrawals, orders, plans, loans, NFTs, support conversations) and
// takes a screenshot of every list, detail and form and of the dashboard, at 1280x800 and on a
// phone, in English, Arabic and Chinese (VISUAL_LANGS to change), into screenshots/visual/, with a
// report of what a script can see (English lines in another language, text cut off, the page wider
// than the screen, ISO timestamps) in screenshots/visual/report.json. The findings it led to are
// asserted in web-admin-visual.e2e-spec.ts.
const enabled = process.env.VISUAL_SURVEY === '1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const API_PATHS: Record<string, string> = {
  conversations: 'support/conversations',
  'ledger-accounts': 'ledger/accounts',
  'ledger-transfers': 'ledger/transfers',
};

/** Every text of a language's console messages. */
function texts(code: string): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      for (const part of node.split('||||')) out.add(part.trim());
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(consoleMessages(loadConsoleLanguage(code)));
  return out;
}

(enabled ? describe : describe.skip)('web-admin visual survey (VISUAL_SURVEY=1)', () => {
  let session: ConsoleSession;
  let api: string;
  const email = `${uniqueName('visual-admin')}@example.com`;
  const password = 'visual-survey-password';
  const dir = path.join(SCREENSHOTS, 'visual');
  const report: Record<string, Record<string, unknown>> = {};

  const http = () => session.run.t.http();
  const auth = () => ({ Authorization: `Bearer ${api}` });
  const deposit = async (u: RegisteredUser, amount: string) => {
    const txHash = `0x${uniqueName('').padEnd(64, 'a')}`;
    const res = await http()
      .post('/swx/customer/user/recharge')
      .set(real(u))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', amount)
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG, 'voucher.png');
    if (res.body.code !== 20002) throw new Error(JSON.stringify(res.body));
    return String(res.body.result.id);
  };
  const kyc = async (u: RegisteredUser, first: string, last: string) => {
    const req = http().post('/swx/customer/user/identification').set(real(u));
    const fields = {
      firstName: first,
      lastName: last,
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: '12 St James Square, London SW1Y 4JH',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    for (const k of ['front', 'back', 'inHand', 'signature']) void req.attach(k, PNG, `${k}.png`);
    expect((await req).body).toMatchObject({ code: 20001 });
  };
  const withdraw = async (u: RegisteredUser, amount: string) => {
    await http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: u.email, scene: 'withdrawPassword' });
    const code = await lastCode(session.run.t, u.email);
    await http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(u))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const res = await http().post('/swx/customer/user/withdrawal').set(real(u)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount,
      withdrawPassword: 'withdraw-secret',
    });
    expect(res.body.code).toBe(20003);
    return String(res.body.result.id);
  };
  const firstId = async (resource: string) => {
    const res = await http()
      .get(`/swx/admin/${API_PATHS[resource] ?? resource}`)
      .query({ range: '[0,0]' })
      .set(auth());
    return res.body.result?.[0]?.id as string | number | undefined;
  };

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    session = await startConsoleSession(email, password, ['super_admin']);
    api = await adminToken(session.run.t);
    const t = session.run.t;

    // Customers: one waiting in every queue, one with decided requests, one borrower.
    const ada = await registerUser(t);
    await fundReal(t, ada, '1000');
    await kyc(ada, 'Ada', 'Lovelace');
    await deposit(ada, '150.5');
    await withdraw(ada, '40.25');
    const grace = await registerUser(t);
    await fundReal(t, grace, '2500');
    await kyc(grace, 'Grace', 'Hopper');
    const gk = await http().get('/swx/customer/user/getIdentification').set(real(grace));
    await http().post(`/swx/admin/kyc/${gk.body.result.id}/approve`).set(auth());
    const approved = await deposit(grace, '1234.56');
    await http().post(`/swx/admin/recharges/${approved}/approve`).set(auth());
    const rejected = await deposit(grace, '199');
    await http()
      .post(`/swx/admin/recharges/${rejected}/reject`)
      .set(auth())
      .send({ reason: 'The voucher shows a different transaction hash' });
    const w = await withdraw(grace, '100');
    await http()
      .post(`/swx/admin/withdrawals/${w}/reject`)
      .set(auth())
      .send({ reason: 'Address on a blocklist' });

    // Orders of every kind.
    const product = (
      (await http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        cycles: number[];
      }[]
    )[0];
    expect(
      (
        await http()
          .post('/swx/customer/order/buySmart')
          .set(real(ada))
          .send({ productId: product.id, amount: '300', days: product.cycles[0] })
      ).body.code,
    ).toBe(20004);
    await tick(t, 'BTCUSDT', '65000.5');
    for (const direction of ['sell', 'buy']) {
      expect(
        (
          await http()
            .post('/swx/customer/order/buyU')
            .set(demo(ada))
            .send({ code: 'BTCUSDT', direction, lots: '0.1', leverage: 10 })
        ).body.code,
      ).toBe(20004);
    }
    expect(
      (
        await http()
          .post('/swx/customer/order/buyOptions')
          .set(demo(ada))
          .send({ code: 'BTCUSDT', productId: 1, direction: 'up', amount: '10' })
      ).body.code,
    ).toBe(20004);
    expect(
      (
        await http()
          .post('/swx/customer/order/submit')
          .set(demo(ada))
          .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' })
      ).body.code,
    ).toBe(200);
    // A trade: a sell and a buy that cross, on the demo book.
    const bob = await registerUser(t);
    await http()
      .post('/swx/customer/order/submit')
      .set(demo(bob))
      .send({ symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '64000', quantity: '0.001' });
    await http()
      .post('/swx/customer/order/submit')
      .set(demo(grace))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '64000', quantity: '0.001' });
    // A loan.
    const borrower = await verifiedUser(t, api, '1000');
    const loan = await http()
      .post('/swx/customer/user/loan')
      .set(real(borrower))
      .send({ amount: '200', termDays: 7, agree: true });
    expect(loan.body.result?.status).toBe('repaying');
    // An adjustment waiting for its approval.
    await http().post('/swx/admin/adjustments').set(auth()).send({
      ownerType: 'user',
      ownerId: ada.id,
      book: 'real',
      currency: 'USDT',
      direction: 'debit',
      amount: '5.5',
      reason: 'Fee charged twice on 12 March, refunded',
    });
    // An NFT.
    const clock = t.app.get(Clock);
    const nft = await http()
      .post('/swx/admin/nfts')
      .set(auth())
      .send({
        name: 'Coral Dawn',
        imageUrl: '/swx/customer/index/nftImage/coral-dawn.svg',
        contractAddress: '0x5f3a9b0e4c1d2e7f8a6b3c9d0e1f2a3b4c5d6e7f',
        tokenId: '4412',
        creator: 'Test Studio',
        chain: 'Ethereum',
        charityId: 1,
        price: '300',
        startBid: '100',
        endTime: new Date(clock.now().getTime() + 3 * 3600_000).toISOString(),
      });
    expect(nft.body.code).toBe(200);
    // Support: a conversation waiting, one answered.
    await http()
      .post('/swx/customer/user/supportMessage')
      .set(real(ada))
      .send({ body: 'Hello, my deposit of 150.5 USDT is not showing yet', clientId: 'c1' });
    await http()
      .post('/swx/customer/user/supportMessage')
      .set(real(grace))
      .send({ body: 'Why was my withdrawal rejected?', clientId: 'c2' });
    const conv = await http()
      .get('/swx/admin/support/conversations')
      .query({ filter: JSON.stringify({ userId: grace.id }) })
      .set(auth());
    const convId = conv.body.result?.[0]?.id;
    if (convId) {
      await http()
        .post(`/swx/admin/support/conversations/${convId}/reply`)
        .set(auth())
        .send({ body: 'The address is on a blocklist; please use another one.' });
    }
  }, 240_000);
  afterAll(async () => {
    writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 1));
    await session?.close();
  });

  async function routes(): Promise<[string, string][]> {
    const out: [string, string][] = [['dashboard', '/']];
    // Every list of the menu, section by section.
    const lists = SECTIONS.flatMap(([, resources]) => resources);
    for (const r of lists) out.push([`${r}-list`, `/${r}`]);
    const shows = ['kyc', 'recharges', 'withdrawals', 'users', 'conversations', 'adjustments'];
    for (const r of shows) {
      const id = await firstId(r);
      if (id !== undefined) out.push([`${r}-show`, `/${r}/${encodeURIComponent(String(id))}/show`]);
    }
    const edits = [
      'nfts',
      'charities',
      'instruments',
      'coinNetworks',
      'planProducts',
      'options-products',
      'loanProducts',
      'parameters',
      'contents',
      'announcements',
      'levels',
      'admins',
    ];
    for (const r of edits) {
      const id = await firstId(r);
      if (id !== undefined) out.push([`${r}-edit`, `/${r}/${encodeURIComponent(String(id))}`]);
    }
    const creates = [
      'nfts',
      'charities',
      'instruments',
      'planProducts',
      'options-products',
      'loanProducts',
      'contents',
      'announcements',
      'levels',
      'adjustments',
      'admins',
    ];
    for (const r of creates) out.push([`${r}-create`, `/${r}/create`]);
    out.push(['two-factor', '/two-factor'], ['password', '/password']);
    return out;
  }

  async function survey(page: Page, lang: string, viewport: string, list: [string, string][]) {
    const english = texts('en');
    const own = texts(lang);
    await page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), lang);
    for (const [name, route] of list) {
      await page.goto(`/admin${route}`);
      await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
      await page.waitForTimeout(400);
      const key = `${lang}-${viewport}-${name}`;
      await page.screenshot({ path: path.join(dir, `${key}.png`), fullPage: true });
      const found = await page.evaluate(() => {
        const root = document.documentElement;
        const out: Record<string, unknown> = {};
        if (root.scrollWidth > root.clientWidth + 1)
          out.pageWider = `${root.scrollWidth} > ${root.clientWidth}`;
        const cut: string[] = [];
        for (const el of Array.from(
          document.querySelectorAll<HTMLElement>(
            'h1,h2,h3,h6,button,label,th,td,.MuiChip-label,.MuiTab-root',
          ),
        )) {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || el.offsetParent === null) continue;
          if (
            el.scrollWidth > el.clientWidth + 1 &&
            style.overflowX !== 'auto' &&
            style.overflowX !== 'scroll'
          )
            cut.push(`${el.tagName.toLowerCase()} "${el.innerText.slice(0, 40)}"`);
        }
        if (cut.length) out.cut = cut.slice(0, 15);
        const text = document.body.innerText;
        const iso = text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g);
        if (iso) out.iso = [...new Set(iso)].slice(0, 5);
        out.lines = text.split('\n').map((l) => l.trim());
        return out;
      });
      const lines = found.lines as string[];
      delete found.lines;
      if (lang !== 'en') {
        const untranslated = [...new Set(lines.filter((l) => l && english.has(l) && !own.has(l)))];
        if (untranslated.length) found.english = untranslated;
        const latinWords = [
          ...new Set(
            lines.filter((l) => /[a-z]{3,}/.test(l) && /^[A-Za-z][a-z ,.'()/-]+$/.test(l) && !english.has(l)),
          ),
        ];
        if (latinWords.length) found.latinLines = latinWords.slice(0, 20);
      }
      const raw = [...new Set(lines.filter((l) => /^[a-z]+(_[a-z]+)+$|^[a-z]+\.[a-z_.]+$/.test(l)))];
      if (raw.length) found.rawCodes = raw.slice(0, 15);
      if (Object.keys(found).length) report[key] = found;
    }
  }

  async function phone(): Promise<BrowserContext> {
    return session.run.browser.newContext({
      baseURL: session.run.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
  }

  const langs = (process.env.VISUAL_LANGS ?? 'en,ar,zh').split(',');
  it.each(langs)(
    '%s: every page at 1280x800 and 390x844',
    async (lang) => {
      const list = await routes();
      await survey(session.page, lang, 'desktop', list);
      const ctx = await phone();
      try {
        const page = await ctx.newPage();
        await signInToConsole(page, email, password);
        await survey(page, lang, 'phone', list);
      } finally {
        await ctx.close();
      }
    },
    900_000,
  );
});
