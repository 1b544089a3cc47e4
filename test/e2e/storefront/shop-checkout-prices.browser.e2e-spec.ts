import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { describeWithBrowser, DESKTOP, expectNoSeriousAxeViolations, useBrowser } from '@test/support/browser';
import { useTestApp } from '@test/support/test-app';

/** The checkout's prices and payment methods in a real browser (docs/storefront.md, "Prices" and "Payment methods"). */
describeWithBrowser('Hosted checkout: the price seen is the price paid; payment methods', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  async function openShop(payment: { methods?: string[]; instructions?: string } = {}) {
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: `Tienda ${slug}` } });
    if (payment.methods) {
      await t.db.query('UPDATE tenants SET payment_methods = $2, bank_transfer_instructions = $3 WHERE id = $1', [
        shop.tenant.id,
        payment.methods,
        payment.instructions ?? null,
      ]);
    }
    await createLocation(t, shop.tenant.id, { name: 'Centro', isPrimary: true, deliveryFee: '50.00' });
    const shirt = await createProduct(t, shop.tenant.id, { name: 'Camiseta', price: '28.50' });
    return { slug, tenantId: shop.tenant.id, shirt };
  }

  const ordersOf = (tenantId: string) =>
    t.db.query<Array<{ total: string; payment_method: string }>>('SELECT total, payment_method FROM orders WHERE tenant_id = $1', [
      tenantId,
    ]);
  // As the merchant's change does: written, then told to every process (the catalog is served from
  // memory between changes: docs/storefront.md, "Served from memory").
  const reprice = async (productId: number, price: string) => {
    const [rows] = await t.db.query<[Array<{ tenant_id: string }>, number]>(
      'UPDATE products SET price = $2 WHERE id = $1 RETURNING tenant_id',
      [productId, price],
    );
    await t.get(CatalogChanges).changed(rows[0].tenant_id);
  };

  async function toCheckout(page: Page, slug: string) {
    await page.goto(`${t.baseUrl}/s/${slug}`);
    await page
      .getByRole('article', { name: 'Camiseta' })
      .getByRole('button', { name: /agregar al carrito/i })
      .click();
    await page.getByRole('region', { name: 'Carrito' }).getByText('L 28.50').first().waitFor();
  }

  async function fillCustomer(page: Page) {
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50499998888');
  }

  it('names a price changed since the product went into the cart before "Realizar pedido", and charges the new one', async () => {
    const shop = await openShop();
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'es' });
    await toCheckout(page, shop.slug);
    // The merchant sets 32.00 while the shopper looks at the cart.
    await reprice(shop.shirt.id, '32.00');
    await page.getByRole('link', { name: 'Finalizar compra' }).click();

    await page.getByRole('status').getByText('El precio de Camiseta cambió.').waitFor();
    await page.locator('#cart').getByText('El precio de Camiseta cambió.').waitFor();
    await page.locator('[data-summary="total"]').getByText('L 32.00').waitFor();
    // The shop accepts cash only: one radio, chosen.
    expect(await page.getByRole('radio', { name: 'Efectivo' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Transferencia bancaria' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    await fillCustomer(page);
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    const confirmation = page.locator('[data-confirmation]');
    await confirmation.getByRole('heading', { name: /gracias/i }).waitFor();
    await confirmation.locator('[data-order-total]').getByText('L 32.00').waitFor();
    await confirmation.getByText('Efectivo').waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([{ total: '32.00', payment_method: 'cash' }]);
  });

  it('places nothing when the price changes while the checkout is open, names it, and places at the new total on the next press', async () => {
    const shop = await openShop();
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'es' });
    await toCheckout(page, shop.slug);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await page.locator('[data-summary="total"]').getByText('L 28.50').waitFor();
    await fillCustomer(page);

    await reprice(shop.shirt.id, '35.00');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('status').getByText('El precio de Camiseta cambió.').waitFor();
    await page.locator('[data-summary="total"]').getByText('L 35.00').waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([]);

    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    await page.getByRole('heading', { name: /gracias/i }).waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([{ total: '35.00', payment_method: 'cash' }]);
  });

  it('offers the shop’s payment methods, shows the transfer instructions when chosen, and orders with the method', async () => {
    const shop = await openShop({ methods: ['cash', 'bank_transfer'], instructions: 'Banco Atlántida\nCuenta 1234-5678' });
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${t.baseUrl}/s/${shop.slug}`);
    await page
      .getByRole('article', { name: 'Camiseta' })
      .getByRole('button', { name: /add to cart/i })
      .click();
    await page.getByRole('region', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();

    const methods = page.getByRole('group', { name: 'Payment method' });
    expect(await methods.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
    const form = page.locator('[data-checkout-form]');
    expect(await form.getByText('Cuenta 1234-5678').isVisible()).toBe(false);
    await methods.getByRole('radio', { name: 'Bank transfer' }).check();
    await form.getByText('Cuenta 1234-5678').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+50499998888');
    await page.getByRole('button', { name: 'Place order' }).click();
    const confirmation = page.locator('[data-confirmation]');
    await confirmation.getByRole('heading', { name: /thank you/i }).waitFor();
    await confirmation.getByText('Bank transfer', { exact: true }).waitFor();
    await confirmation.getByText('Cuenta 1234-5678').waitFor();
    expect(await ordersOf(shop.tenantId)).toEqual([{ total: '28.50', payment_method: 'bank_transfer' }]);
  });
});
