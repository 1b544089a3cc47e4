import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import { EXPORTS_QUEUE, PRODUCE_JOB_OPTIONS } from '@modules/exports/jobs/exports.queue';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { parseCsv } from '@test/support/exports';
import { placeOrder } from '@test/support/http-clients';
import { useStarted } from '@test/support/lifecycle';
import { freePort, useTestApp, type TestApp } from '@test/support/test-app';

/** A shop with two orders (Ana's and Carlos's). */
async function shopWithOrders(t: TestApp) {
  const shop = await createShop(t);
  const product = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
  const numbers: string[] = [];
  for (const customer_name of ['Ana López', 'Carlos Mejía']) {
    const res = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 2 }], { customer_name }));
    expect(res.status).toBe(201);
    numbers.push(res.body.data.order_number as string);
  }
  return { ...shop, numbers };
}

const table = (page: Page) => page.getByRole('table', { name: /^exports$/i });

/** The CSV behind a row's "Download" link, as the browser saves it. */
async function downloadFrom(page: Page, row: ReturnType<Page['locator']>, link = /^download$/i) {
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: link }).click()]);
  return { name: file.suggestedFilename(), csv: parseCsv(readFileSync(await file.path(), 'utf8')) };
}

describeWithBrowser('Dashboard: exports', () => {
  // A fixed port, so that APP_URL (the base of the signed download links) is this app's own address.
  const port = useStarted(async () => ({ value: await freePort() }));
  const t = useTestApp(() => ({ port: port.value, env: { APP_URL: `http://127.0.0.1:${port.value}` } }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('exports the orders: the row turns Ready and "Download" saves the CSV (%s)', async (_size, viewport) => {
    const shop = await shopWithOrders(t);
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/exports');
    await page.getByRole('heading', { name: /^exports$/i }).waitFor();
    await page.getByText(/no exports yet/i).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: /export orders/i }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /orders export requested/i })
      .waitFor();
    const row = table(page).locator('tbody tr');
    await row.getByText(/^ready$/i).waitFor();
    // The link is signed by a read of its own, once the row says Ready.
    await row.getByRole('link', { name: /^download$/i }).waitFor();
    expect(await row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe('Orders');
    expect(cells[3]).toMatch(/^Download2 rows$/);

    const { name, csv } = await downloadFrom(page, row);
    expect(name).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
    // A file for people, in the page's language.
    expect(csv.header.slice(0, 3)).toEqual(['Order', 'Placed at', 'Status']);
    expect(csv.header).toContain('Branch');
    expect(csv.rows.map((order) => order.Order).sort()).toEqual([...shop.numbers].sort());
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('turns a row Ready live when the worker finishes it (Socket.IO export.ready), without a reload', async () => {
    const shop = await shopWithOrders(t);
    // A file asked for, its job not yet run (as while the worker is busy with others).
    const [{ id }] = await t.db.query<Array<{ id: string }>>(
      `INSERT INTO export_files (tenant_id, user_id, kind, params, expires_at)
       VALUES ($1, $2, 'orders_export', '{}', now() + interval '7 days') RETURNING id`,
      [shop.tenant.id, shop.owner.id],
    );
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/exports');
    const row = table(page).locator(`tbody tr[data-export-id="${id}"]`);
    await row.getByText(/^queued$/i).waitFor();
    expect(await row.getByRole('link', { name: /download/i }).count()).toBe(0);
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    await t
      .get<Queue>(getQueueToken(EXPORTS_QUEUE))
      .add('produce', { fileId: id, tenantId: shop.tenant.id }, { ...PRODUCE_JOB_OPTIONS, jobId: id });
    // Well before the page's 30 s fallback poll: the event did it.
    await row.getByText(/^ready$/i).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    const { csv } = await downloadFrom(page, row);
    expect(csv.rows).toHaveLength(2);
  });

  it('asks for a sales report of the chosen days, and shows a refusal at its field', async () => {
    const shop = await shopWithOrders(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/exports');
    const from = page.getByLabel(/^from$/i);
    const to = page.getByLabel(/^to$/i);

    // From after To: the API's 422, shown at the field and tied to it.
    await from.fill('2026-03-10');
    await to.fill('2026-03-01');
    await page.getByRole('button', { name: /sales report/i }).click();
    const invalid = page.locator('input[aria-invalid="true"]');
    await invalid.first().waitFor();
    const described = await invalid.first().getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    expect(((await page.locator(`[id="${described!.split(' ').pop()}"]`).textContent()) ?? '').length).toBeGreaterThan(3);
    expect(await table(page).count()).toBe(0);

    const today = new Intl.DateTimeFormat('en-CA').format(new Date());
    const weekAgo = new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() - 6 * 86_400_000));
    await from.fill(weekAgo);
    await to.fill(today);
    await page.getByRole('button', { name: /sales report/i }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /sales report requested/i })
      .waitFor();
    const row = table(page).locator('tbody tr');
    await row.getByText(/^ready$/i).waitFor();
    await row.getByRole('link', { name: /^download$/i }).waitFor();
    expect((await row.locator('td').allTextContents())[1]).toBe('Sales report');
    const { name, csv } = await downloadFrom(page, row);
    expect(name).toBe(`sales-${weekAgo}-to-${today}.csv`);
    expect(csv.rows).toHaveLength(7);
  });

  it('speaks Spanish', async () => {
    const shop = await shopWithOrders(t);
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, shop.token, '/exports');
    await page.getByRole('heading', { name: /^exportaciones$/i }).waitFor();
    await page.getByRole('button', { name: /exportar pedidos/i }).click();
    await page
      .getByRole('table', { name: /^exportaciones$/i })
      .getByText(/^lista$/i)
      .waitFor();
    await page.getByRole('link', { name: /^descargar$/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
    const { csv } = await downloadFrom(page, page.getByRole('table', { name: /^exportaciones$/i }).locator('tbody tr'), /^descargar$/i);
    expect(csv.header.slice(0, 4)).toEqual(['Pedido', 'Fecha', 'Estado', 'Estado del pago']);
    expect(csv.rows.map((order) => order.Pedido).sort()).toEqual([...shop.numbers].sort());
    expect(csv.rows[0].Fecha).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-06:00$/);
  });
});
