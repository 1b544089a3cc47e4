import { randomUUID } from 'node:crypto';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { useTestApp } from '@test/support/test-app';

/** A product's page in a real browser (storefront.md, "Product pages"): the shop page's cart and script. */
describeWithBrowser('Product pages in a real browser (storefront.md)', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('on a phone: opened from the shop page, adds to the same cart, no sideways scrolling, no serious axe violation', async () => {
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Café Niño' } });
    await createLocation(t, shop.tenant.id, { name: 'Centro' });
    await createProduct(t, shop.tenant.id, {
      name: 'Café molido de altura, bolsa de un kilogramo tostado medio',
      price: '250.00',
      description: 'Tostado cada semana en Marcala. '.repeat(20),
    });
    await createProduct(t, shop.tenant.id, { name: 'Taza', price: '80.00' });

    const page = await browser.newPage({ viewport: PHONE, locale: 'es-HN' });
    await page.goto(`${t.baseUrl}/s/${slug}`);
    await page.getByRole('link', { name: 'Taza' }).click();
    await page.getByRole('heading', { level: 1, name: 'Taza' }).waitFor();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('region', { name: 'Carrito' }).getByText('L 80.00').first().waitFor();
    await page.getByRole('link', { name: 'Volver a la tienda' }).click();
    await page.getByRole('link', { name: /Café molido de altura/ }).click();
    await page.getByRole('heading', { level: 1, name: /Café molido de altura/ }).waitFor();
    expect(page.url()).toMatch(/\/p\/\d+-cafe-molido-de-altura-bolsa-de-un-kilogramo-tostado-medio$/);
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    const cart = page.getByRole('region', { name: 'Carrito' });
    // The same cart as the shop page: both products, their subtotal, and the way to checkout.
    await cart.getByText('L 330.00').waitFor();
    await cart.getByRole('link', { name: 'Finalizar compra' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);

    await cart.getByRole('link', { name: 'Finalizar compra' }).click();
    await page.waitForURL(`**/s/${slug}/checkout`);
    await page.locator('[data-summary="total"]').getByText('L 330.00').waitFor();
  });
});
