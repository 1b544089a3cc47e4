import type { Page } from 'playwright-core';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { startOutageProxy, type OutageProxy } from '@test/support/outage-proxy';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * The dashboard through an outage (docs/dashboard.md, "Outages"): the page talks to the service
 * through a relay the test cuts (startOutageProxy), so API calls, the pages' chunks and stylesheets
 * and the Socket.IO connection all fail at the network level while the service keeps running.
 */
describeWithBrowser('Dashboard: an outage', () => {
  const t = useTestApp();
  const browser = useBrowser();
  const proxies: OutageProxy[] = [];

  const newProxy = async () => {
    const proxy = await startOutageProxy(t.baseUrl);
    proxies.push(proxy);
    return proxy;
  };

  afterEach(async () => {
    for (const proxy of proxies.splice(0)) await proxy.close();
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const unreachable = (page: Page) => page.getByRole('alert').filter({ hasText: /cannot reach the server/i });
  const livePaused = (page: Page) => page.getByRole('status').filter({ hasText: /live updates paused/i });
  const crashScreen = (page: Page) => page.getByText(/unexpected application error/i);

  /** The navigation's link (below 700 px behind "Menu"), in English or Spanish. */
  async function openFromNavigation(page: Page, name: string): Promise<void> {
    const navigation = page.getByRole('navigation', { name: /^(main|principal)$/i });
    if (!(await navigation.isVisible())) await page.getByRole('button', { name: /^men[uú]$/i }).click();
    await navigation.getByRole('link', { name, exact: true }).click();
  }

  /** A mark on the page's window: still there later means the app was never reloaded. */
  const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { outageTestMark: true }));
  const stillSameWindow = (page: Page) => page.evaluate(() => (window as { outageTestMark?: boolean }).outageTestMark === true);

  /** Requests for the Overview page's code (its chunk and stylesheet), and how many failed. */
  function overviewCode(page: Page) {
    const seen = { asked: 0, failed: 0 };
    const isOverviewCode = (url: string) => /\/dashboard\/assets\/OverviewPage-[^/]+\.(js|css)$/.test(url);
    page.on('request', (request) => {
      if (isOverviewCode(request.url())) seen.asked++;
    });
    page.on('requestfailed', (request) => {
      if (isOverviewCode(request.url())) seen.failed++;
    });
    return seen;
  }

  /** For each `<link>` of the Overview page's stylesheet: whether it holds a loaded sheet. */
  const overviewStylesheets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .filter((link) => /\/assets\/OverviewPage-[^/]+\.css$/.test(link.href))
        .map((link) => link.sheet !== null),
    );

  /** Whether the page's Socket.IO connection is open now (its WebSocket frames, seen by the test). */
  function realtimeConnection(page: Page) {
    const state = { connected: false, connects: 0 };
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) {
          state.connected = true;
          state.connects++;
        }
      });
      socket.on('close', () => {
        state.connected = false;
      });
    });
    return state;
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'a page opened during an outage shows "Cannot reach the server" with "Retry", never a crash, and opens in place once the server is back (%s)',
    async (_size, viewport) => {
      const shop = await createShop(t);
      const proxy = await newProxy();
      const page = await browser.newPage({ viewport });
      const code = overviewCode(page);
      await openSignedIn(page, proxy, shop.token, '/orders');
      await page.getByRole('heading', { name: /^orders$/i }).waitFor();
      await markWindow(page);
      expect(code.asked).toBe(0);

      proxy.cut();
      await openFromNavigation(page, 'Overview');
      await unreachable(page).waitFor();
      await page.getByText(/this page could not be loaded/i).waitFor();
      expect(code.failed).toBeGreaterThan(0);
      expect(await crashScreen(page).count()).toBe(0);
      expect(await page.getByRole('banner').count()).toBe(1);
      await expectNoSeriousAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);

      // "Retry" while the server is still away: the page's code is asked for again, and fails again.
      const failedBefore = code.failed;
      await unreachable(page).getByRole('button', { name: 'Retry', exact: true }).click();
      await waitFor(() => code.failed > failedBefore, { what: 'the Overview code asked for again by Retry' });
      await unreachable(page).waitFor();
      expect(await crashScreen(page).count()).toBe(0);

      // The banner retries by itself too; right after one of its attempts, the server comes back
      // and "Retry" opens the page (its next attempt is seconds away).
      const failedByRetry = code.failed;
      await waitFor(() => code.failed > failedByRetry, { what: 'an automatic retry of the Overview code', timeoutMs: 15_000 });
      proxy.restore();
      await unreachable(page).getByRole('button', { name: 'Retry', exact: true }).click();
      await page.getByRole('heading', { name: /^overview$/i }).waitFor();
      await page.getByRole('group', { name: /^orders today$/i }).waitFor();
      await unreachable(page).waitFor({ state: 'hidden' });
      expect(await crashScreen(page).count()).toBe(0);
      expect(await stillSameWindow(page)).toBe(true);
      expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/?$/);
      // The page's stylesheet, whose earlier links failed, is loaded now (one link, with its sheet).
      expect(await overviewStylesheets(page)).toEqual([true]);
    },
  );

  it('orders placed during the outage show on the Orders page after it, without a reload', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00' });
    const proxy = await newProxy();
    const page = await browser.newPage();
    const realtime = realtimeConnection(page);
    await openSignedIn(page, proxy, shop.token, '/orders');
    await page.getByText(/no orders yet/i).waitFor();
    await waitFor(() => realtime.connected, { what: "the page's Socket.IO connection" });
    await markWindow(page);

    proxy.cut();
    await openFromNavigation(page, 'Overview');
    await unreachable(page).waitFor();
    const customers = ['Ana López', 'Carlos Mejía', 'Marta Reyes'];
    for (const customer_name of customers) {
      const placed = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }], { customer_name }));
      expect(placed.status).toBe(201);
    }

    // Back: no click, no reload. The banner's own retries open the Overview, with the new orders counted.
    proxy.restore();
    await page.getByRole('heading', { name: /^overview$/i }).waitFor({ timeout: 20_000 });
    await waitFor(async () => (await page.getByRole('group', { name: /^orders today$/i }).textContent())?.endsWith('3'), {
      what: 'Orders today to count the three orders',
      timeoutMs: 15_000,
    });
    await unreachable(page).waitFor({ state: 'hidden' });
    await openFromNavigation(page, 'Orders');
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label] tbody tr').length === 3);
    const rows = await page
      .getByRole('table', { name: /^orders$/i })
      .locator('tbody tr')
      .allTextContents();
    for (const customer of customers) expect(rows.some((row) => row.includes(customer))).toBe(true);
    expect(await stillSameWindow(page)).toBe(true);
    expect(await crashScreen(page).count()).toBe(0);
  });

  it('says it in Spanish: "No se puede conectar con el servidor", "Reintentar", "Actualizaciones en vivo en pausa"', async () => {
    const shop = await createShop(t);
    const proxy = await newProxy();
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, proxy, shop.token, '/orders');
    await page.getByRole('heading', { name: /^pedidos$/i }).waitFor();

    proxy.cut();
    await openFromNavigation(page, 'Resumen');
    const banner = page.getByRole('alert').filter({ hasText: /no se puede conectar con el servidor/i });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Reintentar', exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /actualizaciones en vivo en pausa/i })
      .waitFor();
    expect(await crashScreen(page).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    proxy.restore();
    await page.getByRole('heading', { name: /^resumen$/i }).waitFor({ timeout: 20_000 });
    await banner.waitFor({ state: 'hidden' });
  });

  it('the sign-in page, outside the layout, whose code does not load shows the banner itself and opens on "Retry"', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // Only the page's own chunk and stylesheet fail (the app's shell was loaded before).
    const signInCode = (url: URL) => /\/dashboard\/assets\/SignInPage-[^/]+\.(js|css)$/.test(url.pathname);
    let refused = 0;
    await page.route(signInCode, (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await page.goto(`${t.baseUrl}/dashboard/sign-in`);
    const banner = unreachable(page);
    await banner.waitFor();
    expect(await crashScreen(page).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    // Right after one of the banner's own retries (its next is seconds away), the code loads again
    // and "Retry" opens the page.
    const refusedBefore = refused;
    await waitFor(() => refused > refusedBefore, { what: 'an automatic retry of the sign-in code', timeoutMs: 15_000 });
    await page.unroute(signInCode);
    await banner.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();
    await banner.waitFor({ state: 'hidden' });
  });

  it('says "Live updates paused" on an idle page once its live connection has been down for more than 5 s, until it reconnects', async () => {
    const shop = await createShop(t);
    const proxy = await newProxy();
    const page = await browser.newPage();
    const realtime = realtimeConnection(page);
    await openSignedIn(page, proxy, shop.token, '/orders');
    await page.getByText(/no orders yet/i).waitFor();
    await waitFor(() => realtime.connected, { what: "the page's Socket.IO connection" });
    expect(await livePaused(page).count()).toBe(0);

    // The page is idle: it asks nothing of the API meanwhile, so only the live connection notices.
    const cutAt = Date.now();
    proxy.cut();
    await waitFor(() => !realtime.connected, { what: 'the WebSocket closed' });
    await livePaused(page).waitFor();
    expect(Date.now() - cutAt).toBeGreaterThanOrEqual(5000);
    expect(await unreachable(page).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    proxy.restore();
    await waitFor(() => realtime.connected, { what: 'the Socket.IO connection back', timeoutMs: 20_000 });
    await livePaused(page).waitFor({ state: 'hidden' });
  });
});
