/// <reference lib="dom" />
import type { RegisteredUser } from '../support/users';
import { cutOffOn } from './browser-support';
import { registerUser, shot, startMoneyRun, tick, userContext, type MoneyRun } from './web-user-support';

/** The signed-in user's pages of the desktop layout. */
const PAGES = [
  '/',
  '/market',
  '/cruuency?code=BTCUSDT&type=2&id=1',
  '/trading',
  '/loan',
  '/nfts',
  '/orders',
  '/trade/spot',
  '/profile',
  '/profile/balance',
  '/profile/balance2',
  '/profile/deposit',
  '/profile/withdraw',
  '/profile/exchange',
  '/profile/records',
  '/profile/security',
  '/profile/invite',
  '/profile/info',
  '/profile/notification',
  '/profile/address-book',
  '/profile/contact',
  '/profile/kefu',
  '/help',
  '/introduction',
];

// The desktop layout in narrower windows than the 1280 px it is drawn for (a small laptop, a tablet
// held across): 1rem shrinks with the window down to 62.5 px, and no page may get wider than it
// (English, and French whose menu names are the longest).
describe('web-user desktop layout at 1024 and 768 px', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
  });
  afterAll(async () => run?.close());

  it.each([
    ['en', 1024],
    ['en', 768],
    // The longest menu names: French did not fit at 768 px until the menu scrolled inside its bar.
    ['fr', 768],
  ] as const)('%s at %i px no page is wider than the window or cuts its texts', async (lang, width) => {
    const context = await userContext(run, user, { lang });
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const cut: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      for (const found of await cutOffOn(page)) cut.push(`${path}: ${found}`);
      if (path === '/trade/spot') await shot(page, `spot-${width}-${lang}`);
    }
    expect(cut).toEqual([]);
    await context.close();
  });

  // At 640 px: French's menu, shorter since it fits at 1280 px, still fitted at 768.
  it('fr at 640 px: the menu scrolls in its bar, the open page in view, a fade where links are hidden', async () => {
    const context = await userContext(run, user, { lang: 'fr' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 640, height: 900 });
    const menu = page.locator('nav.topnav');
    await page.goto('/');
    await page.waitForFunction(
      () => document.querySelector('nav.topnav')?.getAttribute('data-more') === 'end',
    );
    // The last link's page: the menu scrolls to it, and the fade moves to the other edge.
    // The user's name arrives after the first drawing and narrows the menu: the link stays in view.
    await page.goto('/zjxq');
    await page.getByTestId('topbar-user').filter({ hasText: user.username }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('nav.topnav')?.getAttribute('data-more') === 'start',
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    expect(
      await menu.evaluate((nav) => {
        const link = nav.querySelector('a.active')!.getBoundingClientRect();
        const box = nav.getBoundingClientRect();
        return link.left >= box.left - 1 && link.right <= box.right + 1;
      }),
    ).toBe(true);
    await shot(page, 'funding-768-fr');
    await context.close();
  });

  it('at 768 px a charity NFT card, four to a row, puts each value under its label', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/nfts');
    const card = page.locator('article.nft').first();
    const label = await card.locator('dt').first().boundingBox();
    const value = await card.locator('dd').first().boundingBox();
    expect(value!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
    await context.close();
  });

  it('at 1280 px, signed in, the menu of every language fits its bar: no link hidden past an edge', async () => {
    const overflow: Record<string, number> = {};
    for (const lang of ['en', 'de', 'fr', 'it', 'es', 'ja', 'ko', 'th', 'ar', 'zh', 'hk']) {
      const context = await userContext(run, user, { lang });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/loan');
      await page.getByTestId('topbar-user').filter({ hasText: user.username }).waitFor();
      // German cut "Kontobewegungen" at the bar's end, and on /loan scrolled "Start" out at its start.
      const wider = await page.locator('nav.topnav').evaluate((nav) => nav.scrollWidth - nav.clientWidth);
      if (wider > 0) overflow[lang] = wider;
      if (lang === 'de') await shot(page, 'topbar-1280-de');
      await context.close();
    }
    expect(overflow).toEqual({});
  });
});
