import type { Page } from 'playwright-core';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { dashboardUrl, openSignedIn } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp, type TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** A shop with a product at L 120.00 and a way to order it, as a storefront customer would. */
async function shopWithProduct(t: TestApp) {
  const shop = await createShop(t);
  const product = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '120.00' });
  const order = async (customer_name: string) => {
    const res = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }], { customer_name }));
    expect(res.status).toBe(201);
    return res.body.data as { id: number; order_number: string };
  };
  return { ...shop, order };
}

/** The user's unread count, as the API says. */
async function unreadOf(t: TestApp, token: string): Promise<number> {
  return (await t.http().get('/api/v1/notifications/count').set(authHeader(token)).expect(200)).body.count as number;
}

/** Waits until the new-order notifications of the shop's owner number `count` (they are written after the order's commit). */
function notificationsArrive(t: TestApp, token: string, count: number) {
  return waitFor(async () => (await unreadOf(t, token)) >= count, { what: `${count} unread notifications` });
}

const notificationsButton = (page: Page, unread: number) =>
  page.getByRole('button', { name: new RegExp(`^notifications, ${unread} unread$`, 'i') });

describeWithBrowser('Dashboard: notifications', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists each notification with its text and time, unread ones marked, a new order linked to its page (%s)', async (_size, viewport) => {
    const shop = await shopWithProduct(t);
    const first = await shop.order('Ana López');
    const second = await shop.order('Carlos Mejía');
    await notificationsArrive(t, shop.token, 2);
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/notifications');

    await page.getByRole('heading', { name: /^notifications$/i }).waitFor();
    await notificationsButton(page, 2).waitFor();
    const list = page.getByRole('list', { name: /your notifications/i });
    const items = list.getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    // Newest first, each with its text, its time and "Unread".
    await expect(items.nth(0).textContent()).resolves.toMatch(
      new RegExp(`New order #${second.order_number} from Carlos Mejía — L 120\\.00`),
    );
    await expect(items.nth(1).textContent()).resolves.toMatch(new RegExp(`New order #${first.order_number} from Ana López — L 120\\.00`));
    for (const index of [0, 1]) {
      expect(
        await items
          .nth(index)
          .getByText(/^unread$/i)
          .count(),
      ).toBe(1);
      expect(await items.nth(index).locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(((await items.nth(index).locator('time').textContent()) ?? '').length).toBeGreaterThan(5);
    }
    await expect(items.nth(0).getByRole('link').getAttribute('href')).resolves.toBe(`/dashboard/orders/${second.id}`);
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    // Following the link opens the order, and that notification is read.
    await items.nth(0).getByRole('link').click();
    await page.getByRole('heading', { name: new RegExp(second.order_number) }).waitFor();
    expect(page.url()).toBe(dashboardUrl(t, `/orders/${second.id}`));
    await notificationsButton(page, 1).waitFor();
    expect(await unreadOf(t, shop.token)).toBe(1);
  });

  it('counts a new order live, without a reload, and "Mark all as read" clears the count', async () => {
    const shop = await shopWithProduct(t);
    await shop.order('Ana López');
    await notificationsArrive(t, shop.token, 1);
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/notifications');
    await notificationsButton(page, 1).waitFor();
    const items = page.getByRole('list', { name: /your notifications/i }).getByRole('listitem');
    await items.first().waitFor();
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    // An order placed elsewhere: the count and the list follow by themselves.
    const live = await shop.order('María Fernanda Reyes');
    await notificationsButton(page, 2).waitFor();
    await page.getByText(new RegExp(`New order #${live.order_number} from María Fernanda Reyes`)).waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    expect(page.url()).toBe(dashboardUrl(t, '/notifications'));

    await page.getByRole('button', { name: /mark all as read/i }).click();
    await notificationsButton(page, 0).waitFor();
    await waitFor(async () => (await items.getByText(/^unread$/i).count()) === 0, { what: 'no item marked unread' });
    expect(await unreadOf(t, shop.token)).toBe(0);
    expect(await page.getByRole('button', { name: /mark all as read/i }).isDisabled()).toBe(true);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'opens a panel of the latest notifications from the header, with "Mark all as read" and a link to the page (%s)',
    async (_size, viewport) => {
      const shop = await shopWithProduct(t);
      const placed = await shop.order('José Martínez');
      await notificationsArrive(t, shop.token, 1);
      const page = await browser.newPage({ viewport });
      await openSignedIn(page, t, shop.token, '/exports');

      await notificationsButton(page, 1).click();
      // The pointer off the button: axe judges the page as it rests, not a hover tint.
      await page.mouse.move(0, viewport.height - 1);
      const panel = page.getByRole('dialog', { name: /notifications/i });
      await panel.getByText(new RegExp(`New order #${placed.order_number} from José Martínez`)).waitFor();
      expect(await panel.getByRole('button', { name: /mark all as read/i }).isEnabled()).toBe(true);
      await expectNoSeriousAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);

      // A new order while the panel is open arrives in it.
      const live = await shop.order('Lucía Hernández');
      await panel.getByText(new RegExp(`New order #${live.order_number} from Lucía Hernández`)).waitFor();
      await notificationsButton(page, 2).waitFor();

      await panel.getByRole('link', { name: /see all notifications/i }).click();
      await page.getByRole('heading', { name: /^notifications$/i }).waitFor();
      expect(page.url()).toBe(dashboardUrl(t, '/notifications'));
      // The panel closes on the way.
      await page.getByRole('dialog', { name: /notifications/i }).waitFor({ state: 'hidden' });
    },
  );

  it('speaks Spanish', async () => {
    const shop = await shopWithProduct(t);
    const placed = await shop.order('Ana López');
    await notificationsArrive(t, shop.token, 1);
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, shop.token, '/notifications');
    await page.getByRole('heading', { name: /^notificaciones$/i }).waitFor();
    await page.getByText(new RegExp(`Nuevo pedido #${placed.order_number} de Ana López — L 120\\.00`)).waitFor();
    await page.getByRole('button', { name: /marcar todas como leídas/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});
