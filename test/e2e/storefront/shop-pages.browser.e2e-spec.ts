import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createCoupon, createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { describeWithBrowser, DESKTOP, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** A shopper in a real browser (storefront.md): the cart, the checkout, the confirmation. */
describeWithBrowser('Hosted shop pages in a real browser (storefront.md)', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  async function openShop(options: { locations?: number; products: Array<{ name: string; price: string; stock?: number }> }) {
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: `Tienda ${slug}`, slogan: 'Hecho en Honduras' } });
    const locations = [];
    for (let i = 0; i < (options.locations ?? 1); i++)
      locations.push(
        await createLocation(t, shop.tenant.id, { name: i === 0 ? 'Centro' : `Sucursal ${i}`, isPrimary: i === 0, deliveryFee: '50.00' }),
      );
    const products = [];
    for (const product of options.products) products.push(await createProduct(t, shop.tenant.id, product));
    return { slug, tenantId: shop.tenant.id, locations, products };
  }

  const ordersOf = (tenantId: string) =>
    t.db.query<Array<{ order_number: string; total: string; discount_amount: string; coupon_code: string | null; customer_name: string }>>(
      'SELECT order_number, total, discount_amount, coupon_code, customer_name FROM orders WHERE tenant_id = $1',
      [tenantId],
    );

  const addToCart = async (page: Page, productName: string, label: RegExp) =>
    page.getByRole('article', { name: productName }).getByRole('button', { name: label }).click();

  it('buys two products; a lost answer and a double click on "Place order" make exactly one order', async () => {
    const shop = await openShop({
      products: [
        { name: 'Espresso', price: '40.00' },
        { name: 'Muffin', price: '60.00' },
      ],
    });
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await expectNoSeriousAxeViolations(page);
    await addToCart(page, 'Espresso', /add to cart/i);
    await addToCart(page, 'Espresso', /add to cart/i);
    await addToCart(page, 'Muffin', /add to cart/i);
    const cart = page.getByRole('region', { name: 'Cart' });
    await cart.getByText('L 140.00').waitFor();
    expect(await cart.getByRole('spinbutton', { name: 'Quantity of Espresso' }).inputValue()).toBe('2');
    await cart.getByRole('link', { name: 'Checkout' }).click();

    await page.waitForURL(`**/s/${shop.slug}/checkout`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+50499998888');
    await page.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    // One pickup location: chosen without asking.
    await expect(page.getByRole('combobox', { name: 'Location' }).count()).resolves.toBe(0);
    await page.getByText('Pick up at').waitFor();
    await page.locator('[data-summary="total"]').getByText('L 140.00').waitFor();
    await expectNoSeriousAxeViolations(page);

    // The first attempt reaches the service, but its answer is lost on the way back.
    let lost = false;
    await page.route('**/api/v1/orders', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('alert').getByText('The order could not be placed').waitFor();
    expect(await ordersOf(shop.tenantId)).toHaveLength(1);

    // The shopper tries again, impatiently.
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await page.getByRole('heading', { name: /thank you/i }).waitFor();
    const orders = await ordersOf(shop.tenantId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ total: '140.00', customer_name: 'Ana López' });
    await page.getByText(orders[0].order_number, { exact: true }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(':cart')))).toEqual([]);
    await expectNoSeriousAxeViolations(page);

    // A reload shows the confirmation again and places nothing.
    await page.reload();
    await page.getByRole('heading', { name: /thank you/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toHaveLength(1);

    // The analytics storefront.md lists.
    await waitFor(
      async () => {
        const [views] = await t.db.query(`SELECT count(*)::int AS n FROM interactions WHERE tenant_id = $1 AND type = 'view'`, [
          shop.tenantId,
        ]);
        const events = await t.db.query(`SELECT type, product_id FROM analytics_events WHERE tenant_id = $1`, [shop.tenantId]);
        const conversions = await t.db.query(`SELECT transaction_id, value FROM analytics_conversions WHERE tenant_id = $1`, [
          shop.tenantId,
        ]);
        expect(views.n).toBeGreaterThanOrEqual(2);
        expect(events.filter((event: { type: string }) => event.type === 'cart_add')).toHaveLength(3);
        expect(events.filter((event: { type: string }) => event.type === 'purchase')).toHaveLength(1);
        expect(events.filter((event: { type: string }) => event.type === 'location_view')).toHaveLength(1);
        expect(conversions).toEqual([{ transaction_id: orders[0].order_number, value: '140.00' }]);
        return true;
      },
      { what: 'the view interactions, cart_add, location_view and purchase events and the conversion' },
    );
  });

  it('applies a coupon: its message at the coupon field, the discount in the summary and on the order; a bad one refused there', async () => {
    const shop = await openShop({ products: [{ name: 'Camisa', price: '200.00' }] });
    const coupon = await createCoupon(t, shop.tenantId, { couponType: 'percentage', value: '10' });
    const page = await browser.newPage({ viewport: PHONE, locale: 'es-HN' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await addToCart(page, 'Camisa', /agregar al carrito/i);
    await page.getByRole('region', { name: 'Carrito' }).getByRole('link', { name: 'Finalizar compra' }).click();
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Luis');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50488887777');

    await page.getByRole('textbox', { name: 'Cupón' }).fill('NOEXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.locator('#coupon_code-error').getByText('Este cupón no existe.').waitFor();

    await page.getByRole('textbox', { name: 'Cupón' }).fill(coupon.code.toLowerCase());
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.locator('#coupon_code-error').getByText(`Cupón ${coupon.code} aplicado: L 20.00 de descuento.`).waitFor();
    await page.locator('[data-summary="discount"]').getByText('L -20.00').waitFor();
    await page.getByRole('radio', { name: 'Entrega a domicilio' }).check();
    await page.getByRole('textbox', { name: 'Dirección' }).fill('Col. Palmira, casa 12');
    await page.locator('[data-summary="total"]').getByText('L 230.00').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('heading', { name: /gracias/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([
      expect.objectContaining({ coupon_code: coupon.code, discount_amount: '20.00', total: '230.00' }),
    ]);
  });

  it('names a product sold out meanwhile (never the units left), at the cart and the form; field errors at their fields', async () => {
    const shop = await openShop({
      locations: 2,
      products: [
        { name: 'Pan dulce', price: '15.00', stock: 3 },
        { name: 'Café molido', price: '90.00', stock: 8 },
      ],
    });
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'es' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await addToCart(page, 'Pan dulce', /agregar al carrito/i);
    await addToCart(page, 'Café molido', /agregar al carrito/i);
    // Someone else bought the last bread.
    await t.db.query('UPDATE products SET stock = 0 WHERE id = $1', [shop.products[0].id]);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await page.getByRole('alert').getByText('Pan dulce está agotado.').waitFor();
    await page.locator('#cart').getByText('Pan dulce está agotado.').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/\b[0-9]+ (unidades|disponibles)/);

    // Several locations: the shopper picks one.
    await page.getByRole('combobox', { name: 'Sucursal' }).selectOption({ label: 'Sucursal 1' });
    // Nothing filled in: the errors at their fields, the first one focused.
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.locator('#customer_name-error').getByText('Este campo es obligatorio.').waitFor();
    await page.locator('#customer_phone-error').getByText('Este campo es obligatorio.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('customer_name');

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Marta');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50477776666');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('alert').getByText('Pan dulce está agotado.').waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([]);

    // Without the bread, the order goes through.
    await page.getByRole('button', { name: 'Quitar Pan dulce' }).click();
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('heading', { name: /gracias/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([expect.objectContaining({ total: '90.00' })]);
  });

  it('keeps one checkout session for the shop’s tabs, says "not enough" while some remain, and gives held stock back on leaving', async () => {
    const shop = await openShop({ products: [{ name: 'Tamales', price: '30.00', stock: 3 }] });
    /** The live holds of the shop: the sessions holding, and how many units. */
    const holds = async () =>
      t.db.query<Array<{ session_id: string; units: number }>>(
        `SELECT session_id, sum(quantity)::int AS units FROM inventory_holds WHERE tenant_id = $1 AND expires_at > now() GROUP BY session_id`,
        [shop.tenantId],
      );
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'es' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    for (let i = 0; i < 3; i++) await addToCart(page, 'Tamales', /agregar al carrito/i);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await page.waitForURL(`**/s/${shop.slug}/checkout`);
    const sessionId = await page.evaluate((slug) => localStorage.getItem(`storefront:${slug}:session`), shop.slug);
    expect(sessionId).toEqual(expect.any(String));
    await waitFor(async () => (await holds()).length === 1 && (await holds())[0].units === 3, { what: 'the checkout’s hold' });
    expect(await holds()).toEqual([{ session_id: sessionId, units: 3 }]);

    // More than the stock: "not enough", not "sold out", and the message goes once the quantity fits.
    const quantity = page.locator('#cart').getByRole('spinbutton', { name: 'Cantidad de Tamales' });
    await quantity.fill('4');
    await quantity.dispatchEvent('change');
    await page.getByRole('alert').getByText('No hay suficientes unidades de Tamales. Reduce la cantidad.').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/agotado/i);
    await quantity.fill('3');
    await quantity.dispatchEvent('change');
    await page.getByText('No hay suficientes unidades de Tamales. Reduce la cantidad.').first().waitFor({ state: 'detached' });

    // A second tab of the shop's checkout is the same session: still one hold.
    const second = await page.context().newPage();
    const synced = second.waitForResponse((response) => response.url().endsWith('/api/v1/checkout/cart-summary'));
    await second.goto(`${t.baseUrl}/s/${shop.slug}/checkout`);
    expect((await synced).status()).toBe(200);
    expect(await second.evaluate((slug) => localStorage.getItem(`storefront:${slug}:session`), shop.slug)).toBe(sessionId);
    await waitFor(async () => (await holds()).length === 1 && (await holds())[0].units === 3, { what: 'one hold for both tabs' });
    expect(await holds()).toEqual([{ session_id: sessionId, units: 3 }]);

    // Leaving checkout without ordering gives the stock back at once.
    await second.goto(`${t.baseUrl}/s/${shop.slug}`);
    await waitFor(async () => (await holds()).length === 0, { what: 'the hold released on leaving checkout' });
    await second.close();

    // Back at checkout it is held again; emptying the cart gives it back too.
    await page.reload();
    await waitFor(async () => (await holds()).length === 1, { what: 'the hold when checkout opens again' });
    await page.locator('#cart').getByRole('button', { name: 'Quitar Tamales' }).click();
    await waitFor(async () => (await holds()).length === 0, { what: 'the hold released when the cart is emptied' });
    expect(await ordersOf(shop.tenantId)).toEqual([]);
  });

  it('still applies the coupon and places the order when this IP’s sessions and holds are all taken', async () => {
    const shop = await openShop({ products: [{ name: 'Camisa', price: '200.00', stock: 100 }] });
    const coupon = await createCoupon(t, shop.tenantId, { couponType: 'percentage', value: '10' });
    // Twenty other shoppers behind the browser's address (loopback) hold stock and have live sessions.
    const productId = shop.products[0].id;
    const others = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const session_id = `sess-${randomUUID()}`;
        const as = (path: string, body: object) =>
          t.http().post(`/api/v1/checkout/${path}`).set('X-Forwarded-For', '127.0.0.1').set('X-Tenant-ID', shop.tenantId).send(body);
        const held = await as('hold-inventory', { session_id, items: [{ product_id: productId, quantity: 1 }] });
        const stored = await as('cart-summary', { session_id, items: [{ product_id: productId, quantity: 1 }], subtotal: 200 });
        return [held.status, stored.status];
      }),
    );
    expect(others.flat()).toEqual(Array(40).fill(200));
    const page = await browser.newPage({ viewport: PHONE, locale: 'es-HN' });
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/checkout/cart-summary'));
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await addToCart(page, 'Camisa', /agregar al carrito/i);
    await page.getByRole('region', { name: 'Carrito' }).getByRole('link', { name: 'Finalizar compra' }).click();
    expect((await refused).status()).toBe(429);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Luis');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50488887777');
    await page.getByRole('textbox', { name: 'Cupón' }).fill(coupon.code);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.locator('#coupon_code-error').getByText(`Cupón ${coupon.code} aplicado: L 20.00 de descuento.`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('heading', { name: /gracias/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([expect.objectContaining({ coupon_code: coupon.code, total: '180.00' })]);
  });

  it('sends the track and the interaction of a WhatsApp and a Call click, and Share copies the link where navigator.share is absent', async () => {
    const shop = await openShop({ products: [{ name: 'Café', price: '40.00' }] });
    await t.db.query(
      `UPDATE tenants SET phone = '+504 2222-3333', whatsapp = '+50499990000', email = $2, social_links = $3 WHERE id = $1`,
      [
        shop.tenantId,
        'ventas.y.pedidos.de.la.pulperia.dona.ana@correo-de-honduras.hn',
        { instagram: 'https://www.instagram.com/pulperia.dona.ana' },
      ],
    );
    const page = await browser.newPage({ viewport: PHONE, locale: 'es-HN' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    // No Web Share API: the button copies the link instead.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    // WhatsApp opens in a new tab: answered here, not by wa.me.
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }));
    const sent: Array<{ path: string; type: string; metadata?: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && (path === '/api/v1/analytics/track' || path === '/api/v1/interactions')) {
        const body = request.postDataJSON() as { type: string; metadata?: Record<string, unknown> };
        sent.push({ path, type: body.type, metadata: body.metadata });
      }
    });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
    const contact = page.getByRole('region', { name: 'Contacto de la tienda' });

    const popup = page.waitForEvent('popup');
    await contact.getByRole('link', { name: 'WhatsApp +50499990000' }).click();
    await (await popup).close();
    // A tel: link would hand the number to the system's dialer: the test keeps the page where it is.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    await contact.getByRole('link', { name: 'Llamar +504 2222-3333' }).click();
    await waitFor(
      () => {
        const of = (path: string) => sent.filter((request) => request.path === path).map((request) => request.type);
        expect(of('/api/v1/analytics/track').sort()).toEqual(['call', 'whatsapp_click']);
        expect(of('/api/v1/interactions').sort()).toEqual(['call_click', 'view', 'whatsapp_click']);
        return true;
      },
      { what: 'the track and interaction requests of the two clicks' },
    );
    expect(sent.find((request) => request.type === 'whatsapp_click')?.metadata).toEqual({ page: 'shop' });

    const share = contact.getByRole('button', { name: 'Compartir' });
    await share.click();
    await page.locator('[data-share-status]').getByText('Enlace copiado').waitFor();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    await waitFor(
      () => {
        expect(sent.filter((request) => request.type === 'social_share')).toEqual([
          { path: '/api/v1/analytics/track', type: 'social_share', metadata: { method: 'copy_link' } },
        ]);
        return true;
      },
      { what: 'the social_share track request' },
    );

    // And the service recorded them.
    await waitFor(
      async () => {
        const events = await t.db.query(`SELECT type FROM analytics_events WHERE tenant_id = $1 ORDER BY type`, [shop.tenantId]);
        const interactions = await t.db.query(`SELECT type FROM interactions WHERE tenant_id = $1 AND type <> 'view' ORDER BY type`, [
          shop.tenantId,
        ]);
        expect(events.map((row: { type: string }) => row.type)).toEqual(['call', 'social_share', 'whatsapp_click']);
        expect(interactions.map((row: { type: string }) => row.type)).toEqual(['call_click', 'whatsapp_click']);
        return true;
      },
      { what: 'the analytics events and interactions of the clicks' },
    );
  });

  it('is bought with the keyboard alone', async () => {
    const shop = await openShop({ products: [{ name: 'Horchata', price: '25.00' }] });
    const page = await browser.newPage({ viewport: PHONE, locale: 'en-US' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    const tabTo = async (accessibleName: RegExp, max = 40) => {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          if (!active) return '';
          const labelled = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null;
          return labelled ?? active.getAttribute('aria-label') ?? active.textContent ?? '';
        });
        if (accessibleName.test(name.trim())) return;
      }
      throw new Error(`No focusable element named ${accessibleName} within ${max} tabs`);
    };
    await tabTo(/^add to cart$/i);
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Cart' }).getByText('L 25.00').first().waitFor();
    await tabTo(/^checkout$/i);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/checkout`);
    await tabTo(/^name$/i);
    await page.keyboard.type('Keyboard Shopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+50499990000');
    await tabTo(/^place order$/i, 60);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /thank you/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([expect.objectContaining({ customer_name: 'Keyboard Shopper', total: '25.00' })]);
  });

  it('fits a 375 px phone without sideways scrolling, with no serious accessibility violation, and says so when a shop is not found', async () => {
    const longName = 'Supercalifragilisticoespialidoso'.repeat(4);
    const shop = await openShop({
      products: Array.from({ length: 12 }, (_, i) => ({
        name: i === 0 ? longName : `Producto ${i + 1}`,
        price: `${(i + 1) * 10}.00`,
        stock: i === 1 ? 0 : 20,
      })),
    });
    const page = await browser.newPage({ viewport: PHONE, locale: 'es' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);
    await addToCart(page, longName, /agregar al carrito/i);
    expect(await scrollsSideways(page)).toBe(false);
    await page.goto(`${t.baseUrl}/s/${shop.slug}/checkout`);
    await page.getByRole('button', { name: 'Realizar pedido' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    const missing = await page.goto(`${t.baseUrl}/s/no-such-shop-${randomUUID().slice(0, 8)}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Tienda no encontrada' }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});
