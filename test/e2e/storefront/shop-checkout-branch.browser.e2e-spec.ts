import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { useTestApp } from '@test/support/test-app';

/** The branch chosen at checkout for a delivery, and its fee (docs/storefront.md, "Checkout"). */
describeWithBrowser('Hosted checkout: the branch for pickup and delivery', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  /** A shop of its own: "Centro" (primary, delivery L 50.00) and, with `branches: 2`, "Norte" (delivery L 80.00). */
  async function openShop(branches: 1 | 2) {
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: `Tienda ${slug}` } });
    const centro = await createLocation(t, shop.tenant.id, {
      name: 'Centro',
      address: 'Calle Real 1',
      isPrimary: true,
      deliveryFee: '50.00',
    });
    const norte =
      branches === 2
        ? await createLocation(t, shop.tenant.id, { name: 'Norte', address: 'Colonia Palmira 12', isPrimary: false, deliveryFee: '80.00' })
        : null;
    await createProduct(t, shop.tenant.id, { name: 'Camiseta', price: '28.50' });
    return { slug, tenantId: shop.tenant.id, centro, norte };
  }

  const ordersOf = (tenantId: string) =>
    t.db.query<Array<{ delivery_type: string; location_id: string; delivery_fee: string; total: string }>>(
      'SELECT delivery_type, location_id, delivery_fee, total FROM orders WHERE tenant_id = $1',
      [tenantId],
    );

  async function toCheckout(page: Page, slug: string) {
    await page.goto(`${t.baseUrl}/s/${slug}`);
    await page
      .getByRole('article', { name: 'Camiseta' })
      .getByRole('button', { name: /agregar al carrito/i })
      .click();
    await page.getByRole('region', { name: 'Carrito' }).getByRole('link', { name: 'Finalizar compra' }).click();
    await page.locator('[data-summary="total"]').getByText('L 28.50').waitFor();
  }

  const summary = (page: Page, name: 'delivery' | 'total') => page.locator(`[data-summary="${name}"]`);

  it('lets the shopper choose the branch for a delivery, shows its fee and total, and orders from it at that total', async () => {
    const shop = await openShop(2);
    const page = await browser.newPage({ viewport: PHONE, locale: 'es' });
    await toCheckout(page, shop.slug);

    await page.getByRole('radio', { name: 'Entrega a domicilio' }).check();
    const branch = page.getByRole('combobox', { name: 'Sucursal' });
    // The primary branch until another is chosen: its fee.
    expect(await branch.isVisible()).toBe(true);
    await summary(page, 'delivery').getByText('L 50.00').waitFor();
    await summary(page, 'total').getByText('L 78.50').waitFor();

    await branch.selectOption({ label: 'Norte — Colonia Palmira 12' });
    await summary(page, 'delivery').getByText('L 80.00').waitFor();
    await summary(page, 'total').getByText('L 108.50').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50499998888');
    await page.getByRole('textbox', { name: 'Dirección' }).fill('Barrio Guadalupe, casa 4');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    const confirmation = page.locator('[data-confirmation]');
    await confirmation.getByRole('heading', { name: /gracias/i }).waitFor();
    await confirmation.getByText('L 108.50').waitFor();
    // Placed with the expected_total shown: the chosen branch's fee.
    expect(await ordersOf(shop.tenantId)).toEqual([
      { delivery_type: 'delivery', location_id: shop.norte!.id, delivery_fee: '80.00', total: '108.50' },
    ]);
  });

  it('keeps the branch chosen when switching between pickup and delivery (no fee for pickup)', async () => {
    const shop = await openShop(2);
    const page = await browser.newPage({ viewport: PHONE, locale: 'en-US' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await page
      .getByRole('article', { name: 'Camiseta' })
      .getByRole('button', { name: /add to cart/i })
      .click();
    await page.getByRole('region', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();

    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Norte — Colonia Palmira 12' });
    await summary(page, 'delivery').getByText('L 0.00').waitFor();
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await summary(page, 'delivery').getByText('L 80.00').waitFor();
    await summary(page, 'total').getByText('L 108.50').waitFor();
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await summary(page, 'total').getByText('L 28.50').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+50499998888');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: /thank you/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([
      { delivery_type: 'pickup', location_id: shop.norte!.id, delivery_fee: '0.00', total: '28.50' },
    ]);
  });

  it('with one branch asks nothing and delivers from it at its fee', async () => {
    const shop = await openShop(1);
    const page = await browser.newPage({ viewport: PHONE, locale: 'es' });
    await toCheckout(page, shop.slug);
    await page.getByRole('radio', { name: 'Entrega a domicilio' }).check();
    await summary(page, 'total').getByText('L 78.50').waitFor();
    expect(await page.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50499998888');
    await page.getByRole('textbox', { name: 'Dirección' }).fill('Barrio Guadalupe, casa 4');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('heading', { name: /gracias/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([
      { delivery_type: 'delivery', location_id: shop.centro.id, delivery_fee: '50.00', total: '78.50' },
    ]);
  });
});
