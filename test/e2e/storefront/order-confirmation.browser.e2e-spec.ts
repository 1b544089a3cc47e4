import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { createCoupon, createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { useTestApp } from '@test/support/test-app';

const INSTRUCTIONS = 'Banco Atlántida, cuenta 200-1234567-8, a nombre de Inversiones Sol y Luna S. de R.L.';

/** The confirmation after checkout and the order's status page, in a real browser on a phone (docs/storefront.md). */
describeWithBrowser('Hosted checkout: the full confirmation and the status link', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('places an order by bank transfer, shows lines, totals, the transfer details and branch, and follows the status link', async () => {
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: `Tienda ${slug}` } });
    await t.db.query(
      `UPDATE tenants SET payment_methods = '{cash,bank_transfer}', bank_transfer_instructions = $2, phone = '+504 2222-3333', whatsapp = '+50499990000' WHERE id = $1`,
      [shop.tenant.id, INSTRUCTIONS],
    );
    /** The shop's contact, as both pages show it: "Llamar" (tel:) and WhatsApp (wa.me). */
    const expectShopContact = async (within: Locator) => {
      expect(await within.getByRole('link', { name: 'Llamar +504 2222-3333' }).getAttribute('href')).toBe('tel:+50422223333');
      expect(await within.getByRole('link', { name: 'WhatsApp +50499990000' }).getAttribute('href')).toBe('https://wa.me/50499990000');
    };
    const location = await createLocation(t, shop.tenant.id, { name: 'Centro', isPrimary: true, deliveryFee: '50.00' });
    await t.db.query(`UPDATE locations SET address = 'Calle Real 12, Tegucigalpa' WHERE id = $1`, [location.id]);
    const longName = 'Camiseta de algodón orgánico bordada a mano en Copán Ruinas'.repeat(2);
    await createProduct(t, shop.tenant.id, { name: longName, price: '250.00' });
    const coupon = await createCoupon(t, shop.tenant.id, { couponType: 'percentage', value: '10' });

    const page = await browser.newPage({ viewport: PHONE, locale: 'es' });
    await page.goto(`${t.baseUrl}/s/${slug}`);
    const addButton = page.getByRole('article', { name: longName }).getByRole('button', { name: /agregar al carrito/i });
    await addButton.click();
    await addButton.click();
    await page.getByRole('region', { name: 'Carrito' }).getByRole('link', { name: 'Finalizar compra' }).click();
    await page.waitForURL(`**/s/${slug}/checkout`);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+50499998888');
    await page.getByRole('textbox', { name: 'Cupón' }).fill(coupon.code);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.locator('[data-summary="discount"]').getByText('L -50.00').waitFor();
    await page.getByRole('group', { name: 'Forma de pago' }).getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await page.getByRole('button', { name: 'Realizar pedido' }).click();

    const confirmation = page.locator('[data-confirmation]');
    await confirmation.getByRole('heading', { name: /gracias/i }).waitFor();
    const [order] = await t.db.query<Array<{ order_number: string }>>('SELECT order_number FROM orders WHERE tenant_id = $1', [
      shop.tenant.id,
    ]);
    await confirmation.getByText(order.order_number, { exact: true }).waitFor();
    await confirmation.getByText(`2 × ${longName}`).waitFor();
    const amounts = async (selector: string) => (await confirmation.locator(selector).textContent())?.trim();
    expect(await amounts('[data-order-subtotal]')).toBe('L 500.00');
    expect(await amounts('[data-order-discount]')).toBe('L -50.00');
    expect(await amounts('[data-order-delivery]')).toBe('L 0.00');
    expect(await amounts('[data-order-total]')).toBe('L 450.00');
    await confirmation.getByText('Transferencia bancaria', { exact: true }).waitFor();
    await confirmation.getByText(INSTRUCTIONS).waitFor();
    await confirmation.getByText('Centro, Calle Real 12, Tegucigalpa').waitFor();
    await expectShopContact(page.locator('body'));
    const statusLink = confirmation.getByRole('link', { name: 'Ver el estado del pedido' });
    await statusLink.waitFor();
    expect(await statusLink.getAttribute('href')).toMatch(
      new RegExp(`^/s/${slug}/orders/${order.order_number}\\?token=[A-Za-z0-9_-]{32}$`),
    );
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    await statusLink.click();
    await page.waitForURL(`**/s/${slug}/orders/${order.order_number}?token=*`);
    await page.getByRole('heading', { level: 1, name: `Pedido #${order.order_number}` }).waitFor();
    await page.getByText('Recibido: la tienda aún no lo confirma').waitFor();
    await page.getByText(INSTRUCTIONS).waitFor();
    await page.getByText('Pedido recibido').waitFor();
    await page.getByText('L 450.00').waitFor();
    await page.getByText('Centro, Calle Real 12, Tegucigalpa').waitFor();
    await expectShopContact(page.locator('body'));
    expect(await page.getByText('Ana López').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);
  });
});
