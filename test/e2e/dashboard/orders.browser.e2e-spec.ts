import type { Page } from 'playwright-core';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { insertOrder } from '@test/support/exports';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp, type TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** A shop with a product, and `count` orders written straight to the database, one minute apart (the last the newest). */
async function shopWithOrders(t: TestApp, count: number, status: (index: number) => string = () => 'pending') {
  const shop = await createShop(t);
  const product = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
  const start = Date.now() - count * 60_000;
  const orders: Array<{ id: number; orderNumber: string; status: string }> = [];
  for (let index = 0; index < count; index++) {
    const placed = await insertOrder(t, shop.tenant.id, {
      createdAt: new Date(start + index * 60_000),
      status: status(index),
      customerName: `Customer ${index}`,
      items: [{ productId: product.id, name: 'Sourdough loaf', price: '85.00', quantity: 1 + (index % 3) }],
    });
    orders.push({ ...placed, status: status(index) });
  }
  return { ...shop, product, orders: orders.reverse() };
}

const ordersTable = (page: Page) => page.getByRole('table', { name: /^orders$/i });
const orderRows = (page: Page) => ordersTable(page).locator('tbody tr');

describeWithBrowser('Dashboard: the orders page', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists the orders newest first, 20 at a time with "Load more", and filters by status (%s)', async (_size, viewport) => {
    const shop = await shopWithOrders(t, 25, (index) => (index % 5 === 0 ? 'delivered' : 'pending'));
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/orders');

    await page.getByRole('heading', { name: /^orders$/i }).waitFor();
    await ordersTable(page).waitFor();
    const headers = await ordersTable(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Order', 'Date', 'Customer', 'Total', 'Status']);
    await expectRowCount(page, 20);
    expect(await orderRows(page).first().getByRole('link').textContent()).toBe(`#${shop.orders[0].orderNumber}`);
    expect(await orderRows(page).first().textContent()).toContain('Customer 24');
    expect(await orderRows(page).first().textContent()).toMatch(/L 85\.00|L 170\.00|L 255\.00/);
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: /load more/i }).click();
    await expectRowCount(page, 25);
    expect(await page.getByRole('button', { name: /load more/i }).count()).toBe(0);
    expect(await orderRows(page).last().getByRole('link').textContent()).toBe(`#${shop.orders[24].orderNumber}`);

    await page.getByRole('combobox', { name: /status/i }).selectOption({ label: 'Delivered' });
    await expectRowCount(page, 5);
    for (const text of await orderRows(page).allTextContents()) expect(text).toContain('Delivered');
    expect(page.url()).toContain('status=delivered');

    // Each number links to its order's page.
    const newestDelivered = shop.orders.find((order) => order.status === 'delivered')!;
    await orderRows(page)
      .first()
      .getByRole('link', { name: `#${newestDelivered.orderNumber}` })
      .click();
    await page.getByRole('heading', { name: `Order #${newestDelivered.orderNumber}` }).waitFor();
    expect(page.url()).toBe(`${t.baseUrl}/dashboard/orders/${newestDelivered.id}`);
  });

  it('searches by customer name (accents aside) and by order number, the term kept in the URL across a reload', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
    const numbers: string[] = [];
    for (const [name, phone] of [
      ['Ana López', '+504 9999-1234'],
      ['José Núñez', '+504 3333-5678'],
      ['Marta Reyes', '+504 2222-0000'],
    ]) {
      const placed = await placeOrder(
        t,
        shop.tenant.id,
        orderBody([{ product_id: product.id }], { customer_name: name, customer_phone: phone }),
      );
      expect(placed.status).toBe(201);
      numbers.push(String(placed.body.data.order_number));
    }
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/orders');
    await expectRowCount(page, 3);

    const searchbox = page.getByRole('searchbox', { name: /^search$/i });
    await searchbox.fill('lopez');
    await waitFor(() => page.url().includes('search=lopez'), { what: 'the search in the URL' });
    await expectRowCount(page, 1);
    expect(await orderRows(page).first().textContent()).toContain('Ana López');

    await page.reload();
    await page.getByRole('banner').waitFor();
    await expectRowCount(page, 1);
    expect(await page.getByRole('searchbox', { name: /^search$/i }).inputValue()).toBe('lopez');
    expect(await orderRows(page).first().textContent()).toContain('Ana López');

    await page.getByRole('searchbox', { name: /^search$/i }).fill(`#${numbers[1]}`);
    await orderRows(page)
      .first()
      .getByRole('link', { name: `#${numbers[1]}` })
      .waitFor();
    await expectRowCount(page, 1);
    expect(await orderRows(page).first().textContent()).toContain('José Núñez');

    await page.getByRole('searchbox', { name: /^search$/i }).fill('nobody');
    await page.getByText(/no orders match/i).waitFor();
    await page.getByRole('searchbox', { name: /^search$/i }).fill('');
    await expectRowCount(page, 3);
    await waitFor(() => !page.url().includes('search='), { what: 'the search gone from the URL' });
    await expectNoSeriousAxeViolations(page);
  });

  it('shows an order placed anywhere at the top within 3 s, without a reload, with a notice "New order {number}"', async () => {
    const shop = await shopWithOrders(t, 3);
    const page = await browser.newPage();
    const realtime = realtimeConnection(page);
    await openSignedIn(page, t, shop.token, '/orders');
    await expectRowCount(page, 3);
    // The realtime connection is up before the order is placed (else the event would have nobody to reach).
    await waitFor(() => realtime.connected, { what: "the page's Socket.IO connection" });

    const placed = await placeOrder(
      t,
      shop.tenant.id,
      orderBody([{ product_id: shop.product.id, quantity: 2 }], { customer_name: 'Live Shopper' }),
    );
    expect(placed.status).toBe(201);
    const number = String(placed.body.data.order_number);
    const placedAt = Date.now();

    await page.getByText(new RegExp(`New order #?${number}`)).waitFor({ timeout: 3000 });
    await orderRows(page)
      .first()
      .getByRole('link', { name: `#${number}` })
      .waitFor({ timeout: Math.max(1, 3000 - (Date.now() - placedAt)) });
    expect(Date.now() - placedAt).toBeLessThan(3000);
    await expectRowCount(page, 4);
    expect(await orderRows(page).first().textContent()).toContain('Live Shopper');
  });
});

describeWithBrowser('Dashboard: an order page', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  async function placedOrder() {
    const shop = await createShop(t);
    const bread = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
    const coffee = await createProduct(t, shop.tenant.id, { name: 'Coffee beans', price: '250.00' });
    const placed = await placeOrder(
      t,
      shop.tenant.id,
      orderBody(
        [
          { product_id: bread.id, quantity: 2 },
          { product_id: coffee.id, quantity: 1 },
        ],
        { customer_name: 'María Reyes', customer_phone: '+50499990000' },
      ),
    );
    expect(placed.status).toBe(201);
    return { ...shop, order: placed.body.data as { id: number; order_number: string } };
  }

  const statusOptions = (page: Page) =>
    page
      .getByRole('combobox', { name: /^status$/i })
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows the customer, lines, totals and payment, and offers only the allowed next statuses (%s)', async (_size, viewport) => {
    const { token, order } = await placedOrder();
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, token, `/orders/${order.id}`);

    await page.getByRole('heading', { name: new RegExp(`order #${order.order_number}`, 'i') }).waitFor();
    const items = page.getByRole('table', { name: /items/i });
    expect(await items.getByRole('columnheader').allTextContents()).toEqual(['Product', 'Quantity', 'Price', 'Line total']);
    expect(await items.locator('tbody tr').allTextContents()).toEqual(['Sourdough loaf2L 85.00L 170.00', 'Coffee beans1L 250.00L 250.00']);
    const main = page.getByRole('main');
    for (const text of [
      'María Reyes',
      '+50499990000',
      'Subtotal',
      'L 420.00',
      'Delivery fee',
      'L 0.00',
      'Unpaid',
      'Pending',
      'Status history',
    ])
      expect(await main.textContent()).toContain(text);
    expect(await statusOptions(page)).toEqual(['confirmed', 'processing', 'ready', 'delivered']);
    await page.getByRole('button', { name: /cancel order/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("opens from the new-order notification's link (the URL the Web Push payload carries as data.url)", async () => {
    const { token, order } = await placedOrder();
    const url = await waitFor(
      async () => {
        const list = await t.http().get('/api/v1/notifications').set(authHeader(token));
        const found = (list.body.data as Array<{ type: string; data: { order_id?: number; url?: string } }>).find(
          (notification) => notification.type === 'new_order' && notification.data.order_id === order.id,
        );
        return found?.data.url;
      },
      { what: 'the new-order notification' },
    );
    const { pathname } = new URL(url);
    expect(pathname).toBe(`/dashboard/orders/${order.id}`);

    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, token, pathname.replace(/^\/dashboard/, ''));
    await page.getByRole('heading', { name: new RegExp(`order #${order.order_number}`, 'i') }).waitFor();
    // A reload of the deep link opens the same page.
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(`order #${order.order_number}`, 'i') }).waitFor();
  });

  it('changes the status with the keyboard alone, and the history and the next statuses follow', async () => {
    const { token, order } = await placedOrder();
    const page = await browser.newPage();
    await openSignedIn(page, t, token, `/orders/${order.id}`);
    const select = page.getByRole('combobox', { name: /^status$/i });
    await select.waitFor();

    await tabUntil(page, async () => select.evaluate((element) => element === document.activeElement));
    // A closed <select> takes arrow keys: pending → (choose) → Confirmed → Processing.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('processing');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/update status/i);
    await page.keyboard.press('Enter');

    await page.getByText(/status updated to processing/i).waitFor();
    await page.getByText(/pending → processing/i).waitFor();
    expect(await statusOptions(page)).toEqual(['ready', 'delivered']);
    const stored = await t.http().get(`/api/v1/orders/${order.id}`).set(authHeader(token));
    expect(stored.body.data.status).toBe('processing');
  });

  it('cancels only after the dialog is confirmed; a refusal of the API is shown as its message', async () => {
    const { token, order } = await placedOrder();
    const page = await browser.newPage();
    await openSignedIn(page, t, token, `/orders/${order.id}`);

    await page.getByRole('button', { name: /cancel order/i }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`cancel order #${order.order_number}`, 'i') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /keep the order/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await t.http().get(`/api/v1/orders/${order.id}`).set(authHeader(token))).body.data.status).toBe('pending');

    await page.getByRole('button', { name: /cancel order/i }).click();
    await dialog.getByRole('button', { name: /yes, cancel/i }).click();
    await page.getByText(new RegExp(`order #${order.order_number} cancelled`, 'i')).waitFor();
    await page.getByText(/can no longer change/i).waitFor();
    expect(await page.getByRole('combobox', { name: /^status$/i }).count()).toBe(0);
    expect((await t.http().get(`/api/v1/orders/${order.id}`).set(authHeader(token))).body.data.status).toBe('cancelled');

    // Another order, delivered behind the page's back: moving it now is refused (422), and the page says why.
    const second = await placedOrder();
    await openSignedIn(page, t, second.token, `/orders/${second.order.id}`);
    await page.getByRole('combobox', { name: /^status$/i }).selectOption('ready');
    const delivered = await t
      .http()
      .patch(`/api/v1/orders/${second.order.id}/status`)
      .set(authHeader(second.token))
      .send({ status: 'delivered' });
    expect(delivered.status).toBe(200);
    await page.getByRole('button', { name: /update status/i }).click();
    const alert = page.getByRole('alert').filter({ hasText: /delivered/i });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/cannot/i);
  });

  it('works in Spanish: headings, labels and the status change', async () => {
    const { token, order } = await placedOrder();
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, token, `/orders/${order.id}`);

    await page.getByRole('heading', { name: new RegExp(`pedido #${order.order_number}`, 'i') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    for (const name of ['Resumen', 'Pedidos', 'Productos', 'Cupones', 'Sucursales', 'Exportaciones', 'Perfil de la tienda'])
      await page.getByRole('navigation').getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: /cerrar sesión/i }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Pedidos' }).click();
    await page.getByRole('searchbox', { name: /^buscar$/i }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: new RegExp(`pedido #${order.order_number}`, 'i') }).waitFor();
    // The owner was told of the order: its notification is counted, in Spanish, in the button's name.
    await page.getByRole('button', { name: /^notificaciones, \d+ sin leer$/i }).waitFor();
    expect(
      await page
        .getByRole('table', { name: /artículos/i })
        .getByRole('columnheader')
        .allTextContents(),
    ).toEqual(['Producto', 'Cantidad', 'Precio', 'Total de línea']);
    await page.getByRole('combobox', { name: /^estado$/i }).selectOption({ label: 'Confirmado' });
    await page.getByRole('button', { name: /actualizar estado/i }).click();
    await page.getByText(/estado cambiado a confirmado/i).waitFor();
    await page.getByRole('button', { name: /cancelar pedido/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});

/** Whether the page's Socket.IO connection was accepted (the server's CONNECT packet, `40`, arrived over its WebSocket). */
function realtimeConnection(page: Page): { connected: boolean } {
  const state = { connected: false };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) state.connected = true;
    });
  });
  return state;
}

async function expectRowCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(([expected]) => document.querySelectorAll('table[aria-label] tbody tr').length === expected, [count] as const);
}

/** Presses Tab until `focused()` holds (at most 40 presses). */
async function tabUntil(page: Page, focused: () => Promise<boolean>): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}
