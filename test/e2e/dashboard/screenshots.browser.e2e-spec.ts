import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createCategory, createCoupon, createLocation, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, PHONE, useBrowser, type Viewport } from '@test/support/browser';
import { openSignedIn, pageTrail } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { startOutageProxy } from '@test/support/outage-proxy';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * Every page of the dashboard, desktop and phone, in a shop with some data: each must open and show
 * its heading with no page error. With UPDATE_SCREENSHOTS=1 (`npm run docs:dashboard-screenshots`) it also
 * writes docs/dashboard/<page>-desktop.png and <page>-phone.png, the pictures the docs link to.
 * A new page: one line in PAGES (its name, its path, its heading), and data for it in beforeAll.
 */
const SHOTS = join(__dirname, '../../../docs/dashboard');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';

interface Shot {
  name: string;
  /** The path under /dashboard, or a function of the seeded shop. */
  path: string | ((shop: Seeded) => string);
  heading: RegExp;
  signedIn?: boolean;
  /** Signed in as a super admin (the Administration page). */
  superAdmin?: boolean;
}

interface Seeded {
  token: string;
  superAdminToken: string;
  orderIds: number[];
  productIds: number[];
}

const PAGES: Shot[] = [
  { name: 'sign-in', path: '/sign-in', heading: /^sign in$/i, signedIn: false },
  { name: 'register', path: '/register', heading: /create your shop/i, signedIn: false },
  { name: 'overview', path: '/', heading: /^overview$/i },
  { name: 'orders', path: '/orders', heading: /^orders$/i },
  { name: 'order', path: (shop) => `/orders/${shop.orderIds[0]}`, heading: /order #?\d+/i },
  { name: 'products', path: '/products', heading: /^products$/i },
  { name: 'product', path: (shop) => `/products/${shop.productIds[0]}`, heading: /sourdough loaf/i },
  { name: 'coupons', path: '/coupons', heading: /^coupons$/i },
  { name: 'locations', path: '/locations', heading: /^locations$/i },
  { name: 'categories', path: '/categories', heading: /^categories$/i },
  { name: 'shop', path: '/shop', heading: /^shop profile$/i },
  { name: 'admin', path: '/admin', heading: /^administration$/i, superAdmin: true },
  { name: 'notifications', path: '/notifications', heading: /^notifications$/i },
  { name: 'exports', path: '/exports', heading: /^exports$/i },
];

const VIEWPORTS: Array<[string, Viewport]> = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

describeWithBrowser('Dashboard: every page opens (screenshots with UPDATE_SCREENSHOTS=1)', () => {
  const t = useTestApp();
  const browser = useBrowser();
  let shop: Seeded;

  beforeAll(async () => {
    const { tenant, token } = await createShop(t);
    const bread = await createProduct(t, tenant.id, { name: 'Sourdough loaf', price: '85.00' });
    const coffee = await createProduct(t, tenant.id, { name: 'Coffee beans 500 g', price: '250.00' });
    const cake = await createProduct(t, tenant.id, { name: 'Carrot cake', price: '420.00' });
    const bakery = await createCategory(t, tenant.id, 'Bakery');
    const pantry = await createCategory(t, tenant.id, 'Pantry');
    await t.db.query('UPDATE products SET category_id = $2 WHERE id = ANY($1::int[])', [[bread.id, cake.id], bakery.id]);
    await t.db.query('UPDATE products SET category_id = $2 WHERE id = $1', [coffee.id, pantry.id]);
    const customers = ['Ana López', 'Carlos Mejía', 'María Fernanda Reyes', 'José Martínez', 'Lucía Hernández'];
    const orderIds: number[] = [];
    for (const [index, customer_name] of customers.entries()) {
      const items = [
        { product_id: bread.id, quantity: 1 + (index % 3) },
        ...(index % 2 ? [{ product_id: coffee.id, quantity: 1 }] : []),
        ...(index === 2 ? [{ product_id: cake.id, quantity: 1 }] : []),
      ];
      const placed = await placeOrder(t, tenant.id, orderBody(items, { customer_name, customer_phone: `+5049999000${index}` }));
      expect(placed.status).toBe(201);
      orderIds.unshift(placed.body.data.id);
    }
    for (const [id, status] of [
      [orderIds[4], 'delivered'],
      [orderIds[3], 'ready'],
      [orderIds[2], 'confirmed'],
    ] as const) {
      expect((await t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status })).status).toBe(200);
    }
    await createProduct(t, tenant.id, { name: 'Gift card', price: '500.00', stock: null, isActive: false });
    await createCoupon(t, tenant.id, {
      code: 'WELCOME10',
      couponType: 'percentage',
      value: '10',
      minSpend: '200.00',
      usageLimit: 100,
      timesUsed: 12,
    });
    await createCoupon(t, tenant.id, {
      code: 'FREESHIP',
      couponType: 'free_shipping',
      value: '0',
      expiresAt: new Date('2027-01-31T23:59:00Z'),
    });
    await createLocation(t, tenant.id, { name: 'Colonia Palmira', deliveryFee: '75.00', isPrimary: false });
    // Shop profile: a filled-in profile.
    const profile = {
      name: 'Panadería La Espiga',
      description: 'Sourdough, pastries and coffee, baked every morning in Tegucigalpa since 1990.',
      slogan: 'Bread worth waking up for',
      seo_title: 'La Espiga bakery in Tegucigalpa',
      seo_description: 'Fresh sourdough, pastries and coffee, baked at dawn and delivered across Tegucigalpa.',
      tags: ['bakery', 'sourdough', 'coffee'],
    };
    expect((await t.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send(profile)).status).toBe(200);
    // Exports: an orders export and a sales report, both written (Ready, with Download).
    const exportsAsked = [
      (await t.http().post('/api/v1/exports/orders').set(authHeader(token))).body.export_id as string,
      (await t.http().post('/api/v1/reports/sales').set(authHeader(token)).send({})).body.report_id as string,
    ];
    for (const id of exportsAsked) {
      await waitFor(async () => (await t.http().get(`/api/v1/exports/${id}`).set(authHeader(token))).body.data?.status === 'ready', {
        what: `export ${id} to be ready`,
      });
    }
    // Notifications: one per order (written after each order's commit) and per file; the latest read.
    await waitFor(
      async () =>
        (await t.http().get('/api/v1/notifications/count').set(authHeader(token))).body.count === customers.length + exportsAsked.length,
      {
        what: 'the new-order notifications',
      },
    );
    const [latest] = (await t.http().get('/api/v1/notifications').set(authHeader(token))).body.data as Array<{ id: string }>;
    await t.http().patch(`/api/v1/notifications/${latest.id}/read`).set(authHeader(token)).expect(200);
    const admin = await createTenantWithOwner(t, { owner: { isSuperAdmin: true } });
    shop = { token, superAdminToken: admin.token, orderIds, productIds: [bread.id, coffee.id, cake.id] };
    if (UPDATE) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  for (const shot of PAGES) {
    it.each(VIEWPORTS)(`${shot.name} (%s)`, async (size, viewport) => {
      const page = await browser.newPage({ viewport });
      const path = typeof shot.path === 'function' ? shot.path(shop) : shot.path;
      const trail = pageTrail(page);
      try {
        if (shot.signedIn === false) await page.goto(`${t.baseUrl}/dashboard${path}`);
        else await openSignedIn(page, t, shot.superAdmin ? shop.superAdminToken : shop.token, path);
        await page.getByRole('heading', { name: shot.heading }).waitFor();
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${await trail.describe()}`, { cause: error });
      } finally {
        trail.stop();
      }
      // Data drawn, spinners gone, fonts ready: the picture is of the page as a person sees it.
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
      await page.evaluate(() => document.fonts.ready);
      if (UPDATE) await page.screenshot({ path: join(SHOTS, `${shot.name}-${size}.png`), fullPage: true, animations: 'disabled' });
    });
  }

  // The outage banners (docs/dashboard.md, "Outages"): the server cut off while on Orders, then
  // Overview opened (outage-*.png); left so for 5 s, the live connection's too (live-paused-*.png).
  it.each(VIEWPORTS)('the outage banners (%s)', async (size, viewport) => {
    const proxy = await startOutageProxy(t.baseUrl);
    try {
      const page = await browser.newPage({ viewport });
      await openSignedIn(page, proxy, shop.token, '/orders');
      await page.getByRole('heading', { name: /^orders$/i }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
      proxy.cut();
      const navigation = page.getByRole('navigation', { name: /main/i });
      if (!(await navigation.isVisible())) await page.getByRole('button', { name: /^menu$/i }).click();
      await navigation.getByRole('link', { name: 'Overview', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /cannot reach the server/i })
        .waitFor();
      await page.getByText(/this page could not be loaded/i).waitFor();
      await page.evaluate(() => document.fonts.ready);
      if (UPDATE) await page.screenshot({ path: join(SHOTS, `outage-${size}.png`), fullPage: true, animations: 'disabled' });
      await page
        .getByRole('status')
        .filter({ hasText: /live updates paused/i })
        .waitFor();
      if (UPDATE) await page.screenshot({ path: join(SHOTS, `live-paused-${size}.png`), fullPage: true, animations: 'disabled' });
    } finally {
      await proxy.close();
    }
  });
});
