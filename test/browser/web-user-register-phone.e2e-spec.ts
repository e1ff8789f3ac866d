/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import {
  cutOffOn,
  desktopContext,
  mobileContext,
  screenshot,
  startBrowserRun,
  type BrowserRun,
} from './browser-support';

/** How the phone number lays out: its direction, and whether the area code comes first (on the left). */
const phoneLayout = (page: Page, name: string) =>
  page.evaluate((inputName) => {
    const input = document.querySelector<HTMLInputElement>(`input[name="${inputName}"]`)!;
    const area = input.closest('.phone-input')!.querySelector('select')!;
    return {
      direction: getComputedStyle(input).direction,
      areaFirst: area.getBoundingClientRect().right <= input.getBoundingClientRect().left,
    };
  }, name);

/* A phone number reads left to right in every language: on the sign-up page in Arabic its input
   and the area code before it are laid out left to right, as on the contact-change page. */
describe('web-user: the sign-up phone number is left to right in Arabic', () => {
  let run: BrowserRun;

  beforeAll(async () => {
    run = await startBrowserRun();
  });
  afterAll(async () => {
    await run?.close();
  });

  const inLanguage = async (context: BrowserContext, lang: string) => {
    await context.addInitScript((l) => {
      localStorage.setItem('lang', l);
      sessionStorage.setItem('showboard', '1'); // the welcome tour was seen
    }, lang);
    return context;
  };

  for (const [device, open] of [
    ['desktop', desktopContext],
    ['phone', mobileContext],
  ] as const) {
    it(`lays out the area code and number left to right on the ${device}, in Arabic and English`, async () => {
      const layouts: Record<string, unknown> = {};
      for (const lang of ['ar', 'en']) {
        const context = await inLanguage(await open(run), lang);
        const page = await context.newPage();
        await page.goto('/pass/register');
        await page.getByTestId('register-by-phone').click();
        await page.locator('input[name="phone"]').fill('5012345678');
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        layouts[lang] = await phoneLayout(page, 'phone');
        expect(await cutOffOn(page)).toEqual([]);
        await screenshot(page, `register-phone-${lang}-${device}`);
        await context.close();
      }
      expect(layouts).toEqual({
        ar: { direction: 'ltr', areaFirst: true },
        en: { direction: 'ltr', areaFirst: true },
      });
    });
  }
});
