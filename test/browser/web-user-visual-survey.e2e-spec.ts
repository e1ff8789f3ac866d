/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import { passBasicKyc } from '../e2e/reliability/reliability-fixtures';
import { IPHONE_UA, SCREENSHOTS, cutOffOn, englishTexts } from './browser-support';
import {
  PNG,
  demoHeaders,
  depositReal,
  realHeaders,
  registerUser,
  setWithdrawPassword,
  startMoneyRun,
  tick,
  type MoneyRun,
} from './web-user-support';

// A reviewer's survey of the user app, not a check: with VISUAL_SURVEY=1 it seeds a user with a
// little of everything (real and demo money, an open and a closed U order, an options order, a spot
// order, a smart plan, a staking plan, a loan after KYC, a deposit and a withdrawal, notifications)
// and takes a screenshot of every route at 1280x800 and on an iPhone (390x844), in English, Arabic,
// German, Thai and Japanese (VISUAL_LANGS to change), and of the visitor's home, market, login and
// registration, into screenshots/survey-user/, with a report of what a script can see (English
// lines in another language, text cut off, the page wider than the screen, ISO timestamps) in
// screenshots/survey-user/report-<langs>.json. The findings it led to are asserted in the regular tests.
const enabled = process.env.VISUAL_SURVEY === '1';

const ROUTES: [string, string][] = [
  ['home', '/'],
  ['market', '/market'],
  ['currency', '/cruuency?code=BTCUSDT&type=2&id=1'],
  ['trading-mining', '/trading'],
  ['trading-smart', '/trading?tab=smart'],
  ['trading-mine', '/trading?tab=mine'],
  ['spot', '/trade/spot'],
  ['orders', '/orders'],
  ['loan', '/loan'],
  ['funding', '/zjxq'],
  ['nfts', '/nfts'],
  ['nfts-owned', '/nfts?tab=owned'],
  ['profile', '/profile'],
  ['balance', '/profile/balance'],
  ['balance2', '/profile/balance2'],
  ['balancebb', '/profile/balancebb'],
  ['exchange', '/profile/exchange'],
  ['deposit', '/profile/deposit'],
  ['withdraw', '/profile/withdraw'],
  ['address-book', '/profile/address-book'],
  ['records', '/profile/records'],
  ['records-withdrawals', '/profile/records?tab=withdrawals'],
  ['security', '/profile/security'],
  ['contact', '/profile/contact'],
  ['info', '/profile/info'],
  ['kefu', '/profile/kefu'],
  ['invite', '/profile/invite'],
  ['notification', '/profile/notification'],
  ['notification-announcements', '/profile/notification?tab=announcements'],
  ['help', '/help'],
  ['faq', '/help/faq'],
  ['notice', '/help/notice'],
  ['detail', '/detail?id=1&title=About'],
  ['introduction', '/introduction'],
];
const VISITOR_ROUTES: [string, string][] = [
  ['visitor-home', '/'],
  ['visitor-market', '/market'],
  ['visitor-login', '/pass/login'],
  ['visitor-register', '/pass/register'],
  ['visitor-reset', '/pass/reset'],
];

(enabled ? describe : describe.skip)('web-user visual survey (VISUAL_SURVEY=1)', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  const dir = path.join(SCREENSHOTS, 'survey-user');
  const report: Record<string, Record<string, unknown>> = {};
  const problems: string[] = [];
  const langs = (process.env.VISUAL_LANGS ?? 'en,ar,de,th,ja').split(',');

  /** Seeds through the API; a step that fails is noted, not fatal (it is a survey). */
  const step = async (name: string, fn: () => Promise<{ body: { code: number } }>, ok: number[]) => {
    const res = await fn();
    if (!ok.includes(res.body.code)) problems.push(`${name}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res as { body: { code: number; result: Record<string, unknown> } };
  };

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    run = await startMoneyRun();
    const t = run.t;
    const http = () => t.http();
    await tick(t, 'BTCUSDT', '65000.5');
    await tick(t, 'ETHUSDT', '3400.25');
    user = await registerUser(t);
    await depositReal(run, user, '5000');
    await depositReal(run, user, '1234.56789');
    // KYC passed: a notification, and the loan.
    await passBasicKyc(t, user, run.admin);
    // A deposit waiting for its review.
    const pending = http().post('/swx/customer/user/recharge').set(realHeaders(user));
    for (const [k, v] of Object.entries({
      coin: 'USDT',
      network: 'TRC20',
      amount: '250.5',
      txHash: `0x${'ab'.repeat(32)}`,
    }))
      void pending.field(k, v);
    await step('pending deposit', () => pending.attach('voucher', PNG, 'p.png'), [20002]);
    // The loan first: none is granted while a withdrawal is under review.
    // A loan taken and repaid (none may be open for a withdrawal), then one open.
    for (const amount of ['150', '200']) {
      const loan = await step(
        'loan',
        () =>
          http()
            .post('/swx/customer/user/loan')
            .set(realHeaders(user))
            .send({ amount, termDays: 7, agree: true }),
        [200, 20001, 20004, 20007],
      );
      if (amount !== '150') break;
      await step(
        'repay',
        () =>
          http()
            .post('/swx/customer/user/repayLoan')
            .set(realHeaders(user))
            .send({ loanId: loan.body.result?.id }),
        [20005],
      );
      await setWithdrawPassword(t, user, 'withdraw-secret');
      await step(
        'withdrawal',
        () =>
          http().post('/swx/customer/user/withdrawal').set(realHeaders(user)).send({
            method: 'crypto',
            coin: 'USDT',
            network: 'TRC20',
            address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
            amount: '120',
            withdrawPassword: 'withdraw-secret',
          }),
        [20003],
      );
      // Approved, so the second loan may be taken.
      const list = await http()
        .get('/swx/admin/withdrawals')
        .query({ range: '[0,0]' })
        .set('Authorization', run.admin);
      const id = (list.body.result as { id: string }[] | undefined)?.[0]?.id;
      await step(
        'approve withdrawal',
        () => http().post(`/swx/admin/withdrawals/${id}/approve`).set('Authorization', run.admin).send({}),
        [200],
      );
    }
    for (const headers of [realHeaders(user), demoHeaders(user)]) {
      // U orders: one open, one closed.
      await step(
        'U open',
        () =>
          http()
            .post('/swx/customer/order/buyU')
            .set(headers)
            .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 }),
        [20004],
      );
      const toClose = await step(
        'U to close',
        () =>
          http()
            .post('/swx/customer/order/buyU')
            .set(headers)
            .send({ code: 'BTCUSDT', direction: 'sell', lots: '0.05', leverage: 20 }),
        [20004],
      );
      await tick(t, 'BTCUSDT', '64800.75');
      await step(
        'U close',
        () =>
          http().post('/swx/customer/order/stopU').set(headers).send({ orderId: toClose.body.result?.id }),
        [20005],
      );
      await step(
        'options',
        () =>
          http()
            .post('/swx/customer/order/buyOptions')
            .set(headers)
            .send({ code: 'BTCUSDT', productId: 1, direction: 'up', amount: '10' }),
        [20004],
      );
      await step(
        'spot',
        () =>
          http()
            .post('/swx/customer/order/submit')
            .set(headers)
            .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' }),
        [200],
      );
    }
    const smart = (
      (await http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        cycles: number[];
      }[]
    )[0];
    await step(
      'smart',
      () =>
        http()
          .post('/swx/customer/order/buySmart')
          .set(realHeaders(user))
          .send({ productId: smart.id, amount: '300', days: smart.cycles[0] }),
      [20004],
    );
    const mining = (
      (await http().get('/swx/customer/order/listMiningProducts')).body.result as {
        id: number;
        currency: string;
        cycles: number[];
      }[]
    ).find((p) => p.currency === 'USDT')!;
    await step(
      'staking',
      () =>
        http()
          .post('/swx/customer/order/buyMining')
          .set(realHeaders(user))
          .send({ productId: mining.id, amount: '500', days: mining.cycles[0] }),
      [20004],
    );
    await step(
      'support',
      () =>
        http()
          .post('/swx/customer/user/supportMessage')
          .set(realHeaders(user))
          .send({ body: 'Hello, my deposit of 250.5 USDT is not showing yet', clientId: 'c1' }),
      [200],
    );
  }, 240_000);
  afterAll(async () => {
    writeFileSync(
      path.join(dir, `report-${langs.join('-')}.json`),
      JSON.stringify({ seeding: problems, pages: report }, null, 1),
    );
    await run?.close();
  });

  async function context(
    lang: string,
    phone: boolean,
    signedIn: boolean,
    real = true,
  ): Promise<BrowserContext> {
    const ctx = await run.browser.newContext({
      baseURL: run.baseUrl,
      ...(phone
        ? {
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 1,
            isMobile: true,
            hasTouch: true,
            userAgent: IPHONE_UA,
          }
        : { viewport: { width: 1280, height: 800 } }),
      locale: 'en-US',
    });
    await ctx.addInitScript(
      ([token, isReal, language]) => {
        if (sessionStorage.getItem('init')) return;
        sessionStorage.setItem('init', '1');
        sessionStorage.setItem('showboard', '1');
        if (token) {
          localStorage.setItem('token', token);
          localStorage.setItem('isLogin', '1');
        }
        localStorage.setItem('virtually', isReal ? '0' : '1');
        localStorage.setItem('lang', language);
      },
      [signedIn ? user.token : '', real, lang] as const,
    );
    return ctx;
  }

  async function survey(page: Page, lang: string, viewport: string, list: [string, string][]) {
    const english = englishTexts();
    for (const [name, route] of list) {
      await page.goto(route);
      await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
      await page.waitForTimeout(500);
      const key = `${lang}-${viewport}-${name}`;
      await page.screenshot({ path: path.join(dir, `${key}.png`), fullPage: true });
      const found: Record<string, unknown> = {};
      const cut = await cutOffOn(page);
      if (cut.length) found.cut = cut.slice(0, 15);
      const text = await page.locator('body').innerText();
      const iso = text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g);
      if (iso) found.iso = [...new Set(iso)].slice(0, 5);
      const lines = text.split('\n').map((l) => l.trim());
      if (lang !== 'en') {
        const untranslated = [...new Set(lines.filter((l) => l && english.has(l)))];
        if (untranslated.length) found.english = untranslated;
        const latin = [
          ...new Set(lines.filter((l) => /[a-z]{4,}/.test(l) && /^[A-Za-z][a-z ,.'()/:-]+$/.test(l))),
        ];
        if (latin.length) found.latinLines = latin.slice(0, 20);
      }
      const raw = [...new Set(lines.filter((l) => /^[a-z]+(_[a-z]+)+$|^[a-z]+\.[a-zA-Z_.]+$/.test(l)))];
      if (raw.length) found.rawCodes = raw.slice(0, 15);
      if (lang === 'ar') {
        const dir = await page.evaluate(() => document.documentElement.dir);
        if (dir !== 'rtl') found.dir = dir;
      }
      if (Object.keys(found).length) report[key] = found;
    }
  }

  it.each(langs)(
    '%s: every route at 1280x800 and 390x844, signed in and as a visitor',
    async (lang) => {
      for (const phone of [false, true]) {
        const viewport = phone ? 'phone' : 'desktop';
        const signed = await context(lang, phone, true);
        try {
          await survey(await signed.newPage(), lang, viewport, ROUTES);
        } finally {
          await signed.close();
        }
        const demo = await context(lang, phone, true, false);
        try {
          await survey(await demo.newPage(), lang, viewport, [
            ['demo-orders', '/orders'],
            ['demo-spot', '/trade/spot'],
          ]);
        } finally {
          await demo.close();
        }
        const visitor = await context(lang, phone, false);
        try {
          await survey(await visitor.newPage(), lang, viewport, VISITOR_ROUTES);
        } finally {
          await visitor.close();
        }
      }
    },
    900_000,
  );
});
