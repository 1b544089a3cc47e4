import type { Locator, Page } from 'playwright-core';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp, type TestApp } from '@test/support/test-app';

const ZONE = 'America/Tegucigalpa';

interface Overview {
  currency: string;
  today: { orders: number; sales: number };
  pending_orders: number;
  daily: Array<{ date: string; orders: number; sales: number }>;
  top_products: Array<{ product_id: number; name: string; quantity: number; sales: number }>;
}

/** A shop with three products and four orders today (one of them cancelled, one confirmed). */
async function shopWithSales(t: TestApp) {
  const shop = await createShop(t);
  const bread = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
  const coffee = await createProduct(t, shop.tenant.id, { name: 'Coffee beans 500 g', price: '250.00' });
  const cake = await createProduct(t, shop.tenant.id, { name: 'Carrot cake', price: '420.00' });
  const order = async (items: Array<{ product_id: number; quantity?: number }>) => {
    const res = await placeOrder(t, shop.tenant.id, orderBody(items));
    expect(res.status).toBe(201);
    return res.body.data as { id: number };
  };
  await order([{ product_id: bread.id, quantity: 3 }, { product_id: coffee.id }]);
  await order([{ product_id: bread.id, quantity: 2 }]);
  const confirmed = await order([{ product_id: coffee.id, quantity: 2 }]);
  const cancelled = await order([{ product_id: cake.id, quantity: 5 }]);
  for (const [id, status] of [
    [confirmed.id, 'confirmed'],
    [cancelled.id, 'cancelled'],
  ] as const) {
    await t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(shop.token)).send({ status }).expect(200);
  }
  return { ...shop, products: { bread, coffee, cake }, order };
}

async function overviewOf(t: TestApp, token: string): Promise<Overview> {
  return (await t.http().get('/api/v1/merchant/overview').query({ tz: ZONE }).set(authHeader(token)).expect(200)).body.data as Overview;
}

const money = (amount: number) => `L ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The value shown in the figure named `name` ("Orders today"). */
async function figure(page: Page, name: RegExp): Promise<string> {
  const group = page.getByRole('group', { name });
  await group.waitFor();
  return ((await group.textContent()) ?? '').trim();
}

describeWithBrowser('Dashboard: overview', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    "shows today's figures, the 30-day chart with its table and the top products, in the browser's time zone (%s)",
    async (_size, viewport) => {
      const shop = await shopWithSales(t);
      const expected = await overviewOf(t, shop.token);
      // What the orders above make: 3 orders today (the cancelled one not counted), 2 pending.
      expect(expected.today.orders).toBe(3);
      expect(expected.pending_orders).toBe(2);
      const page = await browser.newPage({ viewport, timezoneId: ZONE });
      const asked = page.waitForRequest((request) => request.url().includes('/api/v1/merchant/overview'));
      await openSignedIn(page, t, shop.token, '/');

      await page.getByRole('heading', { name: /^overview$/i }).waitFor();
      // The browser's time zone is the `tz` of the request.
      expect(new URL((await asked).url()).searchParams.get('tz')).toBe(ZONE);
      expect(await figure(page, /^orders today$/i)).toBe('Orders today3');
      expect(await figure(page, /^sales today$/i)).toBe(`Sales today${money(expected.today.sales)}`);
      expect(await figure(page, /^pending orders$/i)).toMatch(/^Pending orders2/);

      // The chart: a figure named by its caption, the drawing an image with a summary, bars drawn.
      const chart = page.getByRole('figure', { name: /^sales, last 30 days$/i });
      await chart.waitFor();
      const drawing = chart.getByRole('img', { name: /sales, last 30 days/i });
      expect(await drawing.getAttribute('aria-label')).toContain(ZONE);
      // Today's bar (the other days sold nothing).
      const canvas = chart.locator('canvas[data-drawn="true"]');
      await canvas.waitFor();
      expect(await barPixels(canvas)).toBeGreaterThan(50);
      // Its table alternative: every one of the 30 days, today's last.
      const show = chart.getByRole('button', { name: /show the sales as a table/i });
      expect(await show.getAttribute('aria-expanded')).toBe('false');
      await show.click();
      const table = chart.getByRole('table', { name: /^sales, last 30 days$/i });
      await table.waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(30);
      const today = expected.daily[29];
      expect(today.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()));
      expect(await rows.nth(29).locator('td').allTextContents()).toEqual(['3', money(today.sales)]);
      expect(await chart.getByRole('button', { name: /hide the table/i }).getAttribute('aria-expanded')).toBe('true');

      // Top products: most units first, the cancelled cake not among them.
      const top = page.getByRole('table', { name: /^top products$/i });
      const names = await top.locator('tbody tr td:first-child').allTextContents();
      expect(names).toEqual(expected.top_products.map((product) => product.name));
      expect(names).toEqual(['Sourdough loaf', 'Coffee beans 500 g']);
      expect(await top.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
        'Sourdough loaf',
        '5',
        money(expected.top_products[0].sales),
      ]);

      await expectNoSeriousAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);
    },
  );

  it('counts a new order live, without a reload', async () => {
    const shop = await shopWithSales(t);
    const page = await browser.newPage({ timezoneId: ZONE });
    await openSignedIn(page, t, shop.token, '/');
    expect(await figure(page, /^orders today$/i)).toBe('Orders today3');
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    await shop.order([{ product_id: shop.products.cake.id }]);
    const after = await overviewOf(t, shop.token);
    await page
      .getByRole('group', { name: /^orders today$/i })
      .getByText('4', { exact: true })
      .waitFor();
    expect(await figure(page, /^sales today$/i)).toBe(`Sales today${money(after.today.sales)}`);
    expect(await figure(page, /^pending orders$/i)).toMatch(/^Pending orders3/);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
  });

  it('speaks Spanish', async () => {
    const shop = await shopWithSales(t);
    const page = await browser.newPage({ locale: 'es-HN', timezoneId: ZONE });
    await openSignedIn(page, t, shop.token, '/');
    await page.getByRole('heading', { name: /^resumen$/i }).waitFor();
    expect(await figure(page, /^pedidos de hoy$/i)).toBe('Pedidos de hoy3');
    await page.getByRole('figure', { name: /^ventas, últimos 30 días$/i }).waitFor();
    await page.getByRole('table', { name: /^productos más vendidos$/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});

/** Pixels of the bars' colour (Mantine's teal 7, #0ca678) on the chart's canvas: 0 when no bar is drawn. */
function barPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] < 60 && data[i + 1] > 130 && data[i + 2] > 80 && data[i + 2] < 160 && data[i + 3] > 200) count++;
    }
    return count;
  });
}
