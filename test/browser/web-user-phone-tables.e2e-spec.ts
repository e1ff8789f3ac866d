/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import { place } from '../e2e/spot/spot-support';
import { cutOffOn, mobileContext } from './browser-support';
import {
  demoHeaders,
  depositReal,
  realHeaders,
  registerUser,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  tick,
  userContext,
  type MoneyRun,
} from './web-user-support';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A cell of a record table as the phone draws it. */
interface Cell {
  id: string;
  visible: boolean;
  /** Its data-label, and the text of its column's header (hidden on a phone). */
  label: string | null;
  header: string;
  /** The generated label (td::before): its content as computed. */
  labelContent: string;
  cell: Box;
  paddingStart: number;
  paddingEnd: number;
  /** What the value draws: its lines of text and inline boxes (badges, buttons), clipped to what shows. */
  value: Box[];
  /** The label's box, read through the DevTools protocol (a ::before is no DOM element). */
  labelBox: Box | null;
}

const PAYOUT_TX = `0x${'5c2e'.repeat(16)}`;

const boxOfQuad = (q: number[]): Box => {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
};

/** Every cell of the table's body, with its label's box and its value's boxes. */
async function cellsOf(page: Page, table: Locator, name: string): Promise<Cell[]> {
  const cells = await table.evaluate((t, prefix) => {
    const headers = Array.from(t.querySelectorAll('thead th')).map((th) => th.textContent.trim());
    const found: Omit<Cell, 'labelBox'>[] = [];
    Array.from(t.querySelectorAll<HTMLTableRowElement>('tbody tr')).forEach((tr, row) => {
      Array.from(tr.cells).forEach((td, column) => {
        const id = `${prefix}:${row}:${column}`;
        td.dataset.probe = id;
        const box = td.getBoundingClientRect();
        const style = getComputedStyle(td);
        const rtl = style.direction === 'rtl';
        // The part of an element's box left visible by its clipping ancestors inside the cell.
        const clip = (rect: DOMRect, from: Element): Box | null => {
          let left = rect.left;
          let right = rect.right;
          for (let el: Element | null = from; el && el !== td; el = el.parentElement) {
            if (getComputedStyle(el).overflowX === 'visible') continue;
            const r = el.getBoundingClientRect();
            left = Math.max(left, r.left);
            right = Math.min(right, r.right);
          }
          return right - left > 0.5 && rect.height > 0
            ? { x: left, y: rect.top, width: right - left, height: rect.height }
            : null;
        };
        const value: Box[] = [];
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent!.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects())) {
            const part = clip(rect, node.parentElement!);
            if (part) value.push(part);
          }
        }
        for (const el of Array.from(td.querySelectorAll('*'))) {
          // Badges and other inline boxes, and buttons (a flex item is no inline box).
          const boxed = /^inline-(block|flex|grid)$/.test(getComputedStyle(el).display);
          if (!boxed && el.tagName !== 'BUTTON') continue;
          const part = clip(el.getBoundingClientRect(), el.parentElement!);
          if (part) value.push(part);
        }
        const before = getComputedStyle(td, '::before');
        found.push({
          id,
          visible: td.offsetParent !== null && style.display !== 'none' && box.width > 0,
          label: td.getAttribute('data-label'),
          header: headers[column] ?? '',
          labelContent: before.display === 'none' ? 'none' : before.content,
          cell: { x: box.left, y: box.top, width: box.width, height: box.height },
          paddingStart: parseFloat(rtl ? style.paddingRight : style.paddingLeft),
          paddingEnd: parseFloat(rtl ? style.paddingLeft : style.paddingRight),
          value,
        });
      });
    });
    return found;
  }, name);

  // The label boxes: the DevTools protocol lists a ::before as a pseudo node of its cell. Its boxes
  // are placed against the cell's box in the same coordinates, then moved to the page's.
  const cdp = await page.context().newCDPSession(page);
  try {
    type DomNode = {
      nodeId: number;
      attributes?: string[];
      children?: DomNode[];
      pseudoElements?: (DomNode & { pseudoType?: string })[];
    };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: DomNode };
    const probes = new Map<string, DomNode>();
    const walk = (node: DomNode) => {
      const attrs = node.attributes ?? [];
      const at = attrs.indexOf('data-probe');
      if (at >= 0 && at % 2 === 0) probes.set(attrs[at + 1], node);
      node.children?.forEach(walk);
    };
    walk(root);
    const quad = async (nodeId: number) =>
      boxOfQuad(
        ((await cdp.send('DOM.getBoxModel', { nodeId })) as { model: { border: number[] } }).model.border,
      );
    const result: Cell[] = [];
    for (const c of cells) {
      const node = probes.get(c.id);
      const before = node?.pseudoElements?.find((p) => p.pseudoType === 'before');
      let labelBox: Box | null = null;
      if (node && before && c.visible) {
        const [cellQuad, labelQuad] = [await quad(node.nodeId), await quad(before.nodeId)];
        labelBox = {
          x: c.cell.x + (labelQuad.x - cellQuad.x),
          y: c.cell.y + (labelQuad.y - cellQuad.y),
          width: labelQuad.width,
          height: labelQuad.height,
        };
      }
      result.push({ ...c, labelBox });
    }
    return result;
  } finally {
    await cdp.detach();
  }
}

/**
 * What is wrong with the table's stacked layout: the header row showing, a cell outside the window,
 * a labelled column's cell without its label (the header's text) at the start side with its value
 * beside it at the end side, a button lower than 40 px.
 */
async function stackProblems(page: Page, table: Locator, name: string, dir: 'ltr' | 'rtl') {
  const problems: string[] = [];
  const width = page.viewportSize()!.width;
  if (await table.locator('thead').isVisible()) problems.push(`${name}: the header row shows`);
  const cells = (await cellsOf(page, table, name)).filter((c) => c.visible);
  if (!cells.length) problems.push(`${name}: no cell`);
  for (const c of cells) {
    if (c.cell.x < -0.5 || c.cell.x + c.cell.width > width + 0.5)
      problems.push(`${c.id}: the cell is outside the window (${c.cell.x}, ${c.cell.width})`);
    if (!c.header) {
      // The actions: no header text, so no label.
      if (c.label !== null) problems.push(`${c.id}: a label "${c.label}" on a column without header`);
      continue;
    }
    if (c.label !== c.header) problems.push(`${c.id}: label "${c.label}" is not its header "${c.header}"`);
    if (c.labelContent !== JSON.stringify(c.header)) {
      problems.push(`${c.id}: the label drawn is ${c.labelContent}`);
      continue;
    }
    const label = c.labelBox;
    if (!label || label.width < 1 || label.height < 1) {
      problems.push(`${c.id}: no label box`);
      continue;
    }
    // The value's parts on the label's line.
    const line = c.value.filter((v) => v.y < label.y + label.height - 2 && v.y + v.height > label.y + 2);
    if (!line.length) {
      problems.push(`${c.id}: nothing beside the label "${c.header}"`);
      continue;
    }
    const left = Math.min(...line.map((v) => v.x));
    const right = Math.max(...line.map((v) => v.x + v.width));
    const cellLeft = c.cell.x;
    const cellRight = c.cell.x + c.cell.width;
    const slack = 3;
    if (dir === 'ltr') {
      if (label.x - cellLeft > c.paddingStart + slack) problems.push(`${c.id}: label not at the left`);
      if (left < label.x + label.width - 0.5) problems.push(`${c.id}: the value is not right of its label`);
      if (cellRight - right > c.paddingEnd + slack) problems.push(`${c.id}: value not at the right`);
    } else {
      if (cellRight - (label.x + label.width) > c.paddingStart + slack)
        problems.push(`${c.id}: label not at the right`);
      if (right > label.x + 0.5) problems.push(`${c.id}: the value is not left of its label`);
      if (left - cellLeft > c.paddingEnd + slack) problems.push(`${c.id}: value not at the left`);
    }
    // Every line of the value (an order number under its code, a payout under its state) ends on the
    // same side too, a left-to-right number inside a right-to-left page included.
    const lines: { top: number; bottom: number; left: number; right: number }[] = [];
    for (const v of [...c.value].sort((a, b) => a.y - b.y)) {
      const middle = v.y + v.height / 2;
      const same = lines.find((l) => middle >= l.top && middle <= l.bottom);
      if (same) {
        same.left = Math.min(same.left, v.x);
        same.right = Math.max(same.right, v.x + v.width);
        same.bottom = Math.max(same.bottom, v.y + v.height);
      } else lines.push({ top: v.y, bottom: v.y + v.height, left: v.x, right: v.x + v.width });
    }
    for (const l of lines) {
      const gap = dir === 'ltr' ? cellRight - l.right : l.left - cellLeft;
      if (gap > c.paddingEnd + slack)
        problems.push(
          `${c.id}: a line of the value ${Math.round(gap)}px away from the ${dir === 'ltr' ? 'right' : 'left'}`,
        );
    }
  }
  for (const button of await table.locator('button').all()) {
    const box = await button.boundingBox();
    if (box && box.height < 40 - 0.5)
      problems.push(`${name}: button "${await button.innerText()}" ${box.height}px`);
  }
  return problems;
}

/** Every record list on the page scrolls nothing sideways, and the page itself neither. */
async function sidewaysOn(page: Page): Promise<string[]> {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.table-scroll'))
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `.table-scroll ${el.scrollWidth} > ${el.clientWidth}`),
  );
  return [...wide, ...(await cutOffOn(page))];
}

/**
 * A table once its first row is drawn: what is wrong with it as cards and with the page's width.
 * Then it is scrolled into view (unless the whole page is taken) and photographed.
 */
async function checkStacked(
  page: Page,
  table: Locator,
  name: string,
  dir: 'ltr' | 'rtl',
  shotName: string,
  fullPage = false,
): Promise<string[]> {
  await table.locator('tbody tr').first().waitFor();
  const problems = [...(await stackProblems(page, table, name, dir)), ...(await sidewaysOn(page))];
  if (!fullPage) await table.scrollIntoViewIfNeeded();
  await shot(page, shotName, fullPage);
  return problems;
}

/* The record tables of the user app on a phone (390 px): each row is a card of label and value lines,
   in English and in Arabic (labels on the right), and none of them scrolls sideways. */
describe('web-user record tables on a phone', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000');
    // A withdrawal paid out (a long transaction hash to copy) and one waiting for review.
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const withdraw = async (amount: string) => {
      const res = await run.t.http().post('/swx/customer/user/withdrawal').set(realHeaders(user)).send({
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        amount,
        withdrawPassword: 'withdraw-secret',
      });
      if (res.body.code !== 20003) throw new Error(JSON.stringify(res.body));
      return res.body.result.id as string;
    };
    const paid = await withdraw('150');
    for (const [step, body] of [
      ['approve', {}],
      ['complete', { reference: PAYOUT_TX }],
    ] as const) {
      const res = await run.t
        .http()
        .post(`/swx/admin/withdrawals/${paid}/${step}`)
        .set('Authorization', run.admin)
        .send(body);
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    }
    await withdraw('120');
    // On the demo book: an open U position, a waiting limit order, an open option (the longest period).
    for (const body of [
      { code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 },
      { code: 'BTCUSDT', direction: 'sell', lots: '0.05', leverage: 5, limitPrice: '90000' },
    ]) {
      const res = await run.t.http().post('/swx/customer/order/buyU').set(demoHeaders(user)).send(body);
      if (![200, 20004].includes(res.body.code)) throw new Error(JSON.stringify(res.body));
    }
    const products = (await run.t.http().get('/swx/customer/order/listOptionsProducts')).body.result as {
      id: number;
      periodSeconds: number;
      minAmount: string;
    }[];
    const longest = products.reduce((a, b) => (b.periodSeconds > a.periodSeconds ? b : a));
    const option = await run.t
      .http()
      .post('/swx/customer/order/buyOptions')
      .set(demoHeaders(user))
      .send({ code: 'BTCUSDT', productId: longest.id, direction: 'up', amount: longest.minAmount });
    if (![200, 20004].includes(option.body.code)) throw new Error(JSON.stringify(option.body));
    // On the real book: a coin limit buy resting far below the market.
    const order = await place(run.t, user, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.001',
    });
    if (order.state !== 'open') throw new Error(JSON.stringify(order));
    // A smart plan and an API key (real account).
    const bought = await run.t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(realHeaders(user))
      .send({ productId: 1, amount: '200', days: 3 });
    if (bought.body.code !== 20004) throw new Error(JSON.stringify(bought.body));
    const key = await run.t
      .http()
      .post('/swx/customer/user/apiKeys')
      .set({ Authorization: `Bearer ${user.token}` })
      .send({ label: 'Price alerts bot', scopes: ['read', 'trade'] });
    if (key.body.code !== 200) throw new Error(JSON.stringify(key.body));
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it.each([
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const)(
    '%s: withdrawals, deposits, balances and funding details are cards of labelled lines',
    async (lang, dir) => {
      const context = await userContext(run, user, { real: true, mobile: true, lang });
      const page = await context.newPage();
      const suffix = lang === 'en' ? '' : `-${lang}`;
      const problems: string[] = [];

      await page.goto('/profile/withdraw');
      const withdrawals = page.getByTestId('withdrawal-list');
      await withdrawals.getByTestId('payout').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      expect(await withdrawals.locator('tbody tr').count()).toBe(2);
      problems.push(...(await stackProblems(page, withdrawals, 'withdrawals', dir)));
      problems.push(...(await sidewaysOn(page)));
      // The paid-out hash: cut with an ellipsis inside its card, its copy button in the window.
      const reference = withdrawals.getByTestId('payout-reference');
      expect(await reference.textContent()).toBe(PAYOUT_TX);
      expect(await reference.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await withdrawals.locator('tbody tr').last().scrollIntoViewIfNeeded();
      const copy = withdrawals.getByTestId('copy-payout-reference');
      const copyBox = (await copy.boundingBox())!;
      expect(copyBox.x).toBeGreaterThanOrEqual(0);
      expect(copyBox.x + copyBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await withdrawals.scrollIntoViewIfNeeded();
      await shot(page, `phone-table-withdrawals${suffix}`);

      await page.goto('/profile/records?tab=recharges');
      const recharges = page.getByTestId('recharge-list');
      problems.push(
        ...(await checkStacked(page, recharges, 'deposits', dir, `phone-table-deposits${suffix}`)),
      );

      await page.goto('/profile/balance');
      const accounts = page.getByTestId('coin-accounts');
      problems.push(
        ...(await checkStacked(page, accounts, 'balances', dir, `phone-table-balances${suffix}`)),
      );

      await page.goto('/zjxq');
      const funding = page.locator('.table-stack');
      problems.push(...(await checkStacked(page, funding, 'funding', dir, `phone-table-funding${suffix}`)));

      expect(problems).toEqual([]);
    },
  );

  it.each([
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const)(
    '%s: U positions, open options and coin orders are cards of labelled lines',
    async (lang, dir) => {
      const problems: string[] = [];
      const suffix = lang === 'en' ? '' : `-${lang}`;
      const demo = await userContext(run, user, { mobile: true, lang });
      const page = await demo.newPage();
      await page.goto('/orders');
      const positions = page.getByTestId('u-list-current');
      await positions.locator('tbody tr[data-state="open"]').waitFor();
      await positions.locator('tbody tr[data-state="waiting"]').first().waitFor();
      problems.push(
        ...(await checkStacked(page, positions, 'positions', dir, `phone-table-positions${suffix}`, true)),
      );

      await page.getByTestId('my-orders').getByRole('tab').nth(1).click();
      const options = page.getByTestId('options-list-current');
      problems.push(
        ...(await checkStacked(page, options, 'options', dir, `phone-table-options${suffix}`, true)),
      );
      await demo.close();

      // The coin orders: on a phone, cards of their own (a label beside each figure).
      const real = await userContext(run, user, { real: true, mobile: true, lang });
      const spot = await real.newPage();
      await spot.goto('/trade/spot?symbol=BTCUSDT');
      const card = spot.getByTestId('spot-list-current').locator('li[data-state="open"]').first();
      await card.waitFor();
      problems.push(...(await sidewaysOn(spot)));
      const pairs = await card.locator('dl.spot-card-grid').evaluate((dl) => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            top: r.top,
            bottom: r.bottom,
            text: (el as HTMLElement).innerText,
          };
        };
        return Array.from(dl.querySelectorAll('dt')).map((dt) => ({
          label: box(dt),
          value: box(dt.nextElementSibling!),
        }));
      });
      expect(pairs.length).toBeGreaterThan(0);
      for (const { label, value } of pairs) {
        if (!label.text.trim() || label.right - label.left < 1)
          problems.push(`spot: an empty label beside ${value.text}`);
        if (label.top >= value.bottom || value.top >= label.bottom)
          problems.push(`spot: ${label.text} not beside its value`);
        if (dir === 'ltr' ? label.right > value.left + 0.5 : label.left < value.right - 0.5)
          problems.push(
            `spot: ${label.text} not on the ${dir === 'ltr' ? 'left' : 'right'} of ${value.text}`,
          );
      }
      const cancel = await card.getByTestId('spot-cancel').boundingBox();
      expect(cancel!.height).toBeGreaterThanOrEqual(34);
      await card.scrollIntoViewIfNeeded();
      await shot(spot, `phone-table-spot${suffix}`);

      expect(problems).toEqual([]);
    },
  );

  it.each([
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const)(
    '%s: smart plans, API keys and loan products are cards of labelled lines',
    async (lang, dir) => {
      const problems: string[] = [];
      const suffix = lang === 'en' ? '' : `-${lang}`;
      const context = await userContext(run, user, { real: true, mobile: true, lang });
      const page = await context.newPage();
      await page.goto('/trading?tab=mine');
      const plans = page.getByTestId('plans-smart');
      problems.push(...(await checkStacked(page, plans, 'plans', dir, `phone-table-plans${suffix}`)));

      await page.goto('/profile/security');
      const keys = page.getByTestId('key-list');
      problems.push(...(await checkStacked(page, keys, 'keys', dir, `phone-table-keys${suffix}`)));
      await context.close();

      // The loan products, as a visitor sees them.
      const visitor = await mobileContext(run);
      await visitor.addInitScript((language) => {
        sessionStorage.setItem('showboard', '1');
        localStorage.setItem('lang', language);
      }, lang);
      const loan = await visitor.newPage();
      await loan.goto('/loan');
      const products = loan.locator('table.table-stack');
      problems.push(
        ...(await checkStacked(loan, products, 'loan products', dir, `phone-table-loan-products${suffix}`)),
      );

      expect(problems).toEqual([]);
    },
  );

  it('keeps the desktop tables: header row, one line per row', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    const withdrawals = page.getByTestId('withdrawal-list');
    await withdrawals.getByTestId('payout').waitFor();
    expect(await withdrawals.locator('thead').isVisible()).toBe(true);
    const layout = await withdrawals.evaluate((table) => {
      const row = table.querySelector('tbody tr')!;
      const cells = Array.from(row.querySelectorAll('td'));
      return {
        display: getComputedStyle(table).display,
        tops: new Set(cells.map((td) => Math.round(td.getBoundingClientRect().top))).size,
        labels: cells.map((td) => getComputedStyle(td, '::before').content),
        fits: table.parentElement!.scrollWidth <= table.parentElement!.clientWidth,
      };
    });
    expect(layout).toEqual({ display: 'table', tops: 1, labels: Array(6).fill('none'), fits: true });
    await withdrawals.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-table-withdrawals');
  });
});
