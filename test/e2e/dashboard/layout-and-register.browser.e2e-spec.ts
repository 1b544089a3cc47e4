import type { Page } from 'playwright-core';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { dashboardUrl, DASHBOARD_TOKEN_KEY, openSignedIn } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';

const NAV_LINKS = ['Overview', 'Orders', 'Products', 'Categories', 'Coupons', 'Locations', 'Exports', 'Shop profile'];

describeWithBrowser('Dashboard: the layout', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const navigation = (page: Page) => page.getByRole('navigation', { name: /main/i });
  /** The orders list's request (`GET /api/v1/orders`, with or without a query). */
  const ordersList = (url: URL) => url.pathname === '/api/v1/orders';
  const navigationLink = (page: Page, name: string) => navigation(page).getByRole('link', { name, exact: true });

  it('shows the navigation, the unread count in the Notifications button and Sign out at 1280 px', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, t, token, '/');
    await page.getByRole('heading', { name: /overview/i }).waitFor();

    for (const name of NAV_LINKS) await navigation(page).getByRole('link', { name, exact: true }).waitFor();
    expect(
      await navigation(page)
        .getByRole('link', { name: /administration/i })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: /^menu$/i }).count()).toBe(0);
    await page.getByRole('button', { name: /^notifications, 0 unread$/i }).waitFor();
    await page.getByRole('button', { name: /sign out/i }).waitFor();

    await navigation(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: /^orders$/i }).waitFor();
    expect(await navigation(page).getByRole('link', { name: 'Orders', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousAxeViolations(page);
  });

  it('puts the links behind "Menu" at 375 px, with no sideways scrolling', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, token, '/');
    await page.getByRole('heading', { name: /overview/i }).waitFor();

    const menu = page.getByRole('button', { name: /^menu$/i });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await navigation(page).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of NAV_LINKS) await navigation(page).getByRole('link', { name, exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    // Choosing a page closes the menu.
    await navigation(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: /^orders$/i }).waitFor();
    expect(await navigation(page).count()).toBe(0);
  });

  it('shows "Administration" to a super admin only', async () => {
    const { token } = await createTenantWithOwner(t, { owner: { isSuperAdmin: true } });
    const page = await browser.newPage();
    await openSignedIn(page, t, token, '/');
    await navigation(page)
      .getByRole('link', { name: /administration/i })
      .waitFor();
  });

  it('signs out: the token is revoked on the server and forgotten in the browser', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, token, '/orders');
    await page.getByRole('heading', { name: /^orders$/i }).waitFor();

    await page.getByRole('button', { name: /sign out/i }).click();
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();
    await page.getByText(/you are signed out/i).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toBeNull();
    expect((await t.http().get('/api/v1/user').set(authHeader(token))).status).toBe(401);

    // The signed-in pages are closed now.
    await page.goto(dashboardUrl(t, '/orders'));
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();
  });

  it('goes back to sign-in with a message when the token stops working (401)', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, token, '/');
    await page.getByRole('heading', { name: /overview/i }).waitFor();

    // Revoked elsewhere (another tab signed out, an admin changed the role): the next call gets 401.
    expect((await t.http().delete('/api/v1/auth/token').set(authHeader(token))).status).toBe(204);
    await navigation(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();
    await page.getByText(/your session has ended/i).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toBeNull();
  });

  it('says when the server cannot be reached (503, network error) and retries until it answers', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, token, '/');
    await page.getByRole('heading', { name: /overview/i }).waitFor();

    // The orders list answers 503 (a database outage), then nothing at all (the network is gone).
    let outage: 'unavailable' | 'offline' | null = 'unavailable';
    await page.route(ordersList, (route) =>
      outage === 'unavailable'
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
            body: '{"message":"Service unavailable."}',
          })
        : outage === 'offline'
          ? route.abort('internetdisconnected')
          : route.continue(),
    );
    await navigationLink(page, 'Orders').click();
    const banner = page.getByRole('alert').filter({ hasText: /cannot reach the server/i });
    await banner.waitFor();
    expect(await banner.getByRole('button', { name: /retry/i }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);

    outage = 'offline';
    await banner.getByRole('button', { name: /retry/i }).click();
    await banner.waitFor();

    // Back: the banner's retries get the list, and the banner goes.
    outage = null;
    await page
      .getByRole('table', { name: /^orders$/i })
      .or(page.getByText(/no orders yet/i))
      .waitFor({ timeout: 15_000 });
    await banner.waitFor({ state: 'hidden' });
  });

  it('says when to try again after a 429, from Retry-After', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, token, '/');
    await page.getByRole('heading', { name: /overview/i }).waitFor();
    await page.route(ordersList, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '42', 'Content-Type': 'application/json' },
        body: '{"message":"Too Many Attempts."}',
      }),
    );
    await navigationLink(page, 'Orders').click();
    const banner = page.getByRole('alert').filter({ hasText: /too many requests/i });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/try again in (42|41) s/i);
  });

  it('switches to Spanish with the "Language" control and remembers it', async () => {
    const { token } = await createTenantWithOwner(t);
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await openSignedIn(page, t, token, '/');
    await page.getByRole('combobox', { name: /language/i }).selectOption('es');
    await page.getByRole('heading', { name: /resumen/i }).waitFor();
    await page.getByRole('button', { name: /cerrar sesión/i }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /resumen/i }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
  });
});

describeWithBrowser('Dashboard: creating a shop', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  /** The form control labelled `label` (a required field's label ends with an asterisk). */
  const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
  const fill = async (page: Page, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  };

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('creates the shop and its owner, signs them in and lands on Overview (%s)', async (_size, viewport) => {
    const email = `owner-${Date.now()}-${viewport.width}@example.test`;
    const page = await browser.newPage({ viewport });
    await page.goto(dashboardUrl(t, '/sign-in'));
    await page.getByRole('link', { name: /create a shop/i }).click();
    await page.getByRole('heading', { name: /create your shop/i }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await fill(page, {
      'Your name': 'Rosa Díaz',
      Email: email,
      Password: 'bread2026',
      'Confirm password': 'bread2026',
      'Shop name': 'Panadería Rosa',
    });
    await page.getByRole('button', { name: /create shop/i }).click();
    await page.getByRole('heading', { name: /overview/i }).waitFor();

    const token = await page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_TOKEN_KEY);
    const me = await t.http().get('/api/v1/user').set(authHeader(token!));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, name: 'Rosa Díaz', role: 'owner' });
    expect(me.body.tenant_id).toEqual(expect.any(String));
  });

  it("shows the API's field errors at their fields", async () => {
    const { user } = await createUser(t);
    const page = await browser.newPage();
    await page.goto(dashboardUrl(t, '/register'));
    const messageAt = async (label: string) => {
      const control = field(page, label);
      await page.waitForFunction((element) => element?.getAttribute('aria-invalid') === 'true', await control.elementHandle());
      return page.locator(`[id="${(await control.getAttribute('aria-describedby'))!.split(' ')[0]}"]`).textContent();
    };

    await fill(page, {
      'Your name': 'Rosa',
      Email: `rosa-${Date.now()}@example.test`,
      Password: 'short',
      'Confirm password': 'short',
      'Shop name': 'Panadería',
    });
    await page.getByRole('button', { name: /create shop/i }).click();
    expect(await messageAt('Password')).toMatch(/at least 8 characters/i);
    expect(await field(page, 'Shop name').getAttribute('aria-invalid')).not.toBe('true');
    await expectNoSeriousAxeViolations(page);

    // An address that already has an account: refused at the Email field.
    await fill(page, { Email: user.email, Password: 'bread2026', 'Confirm password': 'bread2026' });
    await page.getByRole('button', { name: /create shop/i }).click();
    expect(await messageAt('Email')).toMatch(/taken|already/i);
    expect(await field(page, 'Password').getAttribute('aria-invalid')).not.toBe('true');
    expect(page.url()).toBe(dashboardUrl(t, '/register'));

    await fill(page, { 'Confirm password': 'different1' });
    await page.getByRole('button', { name: /create shop/i }).click();
    expect(await messageAt('Confirm password')).toMatch(/passwords do not match/i);
  });

  it("shows the API's field errors at their fields in the page's language", async () => {
    const { user } = await createUser(t);
    const page = await browser.newPage({ locale: 'es-HN' });
    await page.goto(dashboardUrl(t, '/register'));
    const messageAt = async (label: string) => {
      const control = field(page, label);
      await page.waitForFunction((element) => element?.getAttribute('aria-invalid') === 'true', await control.elementHandle());
      return page.locator(`[id="${(await control.getAttribute('aria-describedby'))!.split(' ')[0]}"]`).textContent();
    };

    await fill(page, {
      'Su nombre': 'Rosa',
      'Correo electrónico': `rosa-${Date.now()}@example.test`,
      Contraseña: 'short',
      'Confirmar contraseña': 'short',
      'Nombre de la tienda': 'Panadería',
    });
    await page.getByRole('button', { name: /crear tienda/i }).click();
    expect(await messageAt('Contraseña')).toBe('La contraseña debe tener al menos 8 caracteres.');

    await fill(page, { 'Correo electrónico': user.email, Contraseña: 'bread2026', 'Confirmar contraseña': 'bread2026' });
    await page.getByRole('button', { name: /crear tienda/i }).click();
    expect(await messageAt('Correo electrónico')).toBe('El valor de email ya está en uso.');
    expect(page.url()).toBe(dashboardUrl(t, '/register'));
  });
});
