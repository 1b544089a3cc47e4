import { createLocation, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** The order page's branch and the links to the customer (docs/dashboard.md, "Orders"). */
describeWithBrowser('Dashboard: the order page shows the branch and calls or writes to the customer', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  /** A shop of its own with a second branch, and an order delivered from it. */
  async function shopWithOrder() {
    const shop = await createShop(t);
    const north = await createLocation(t, shop.tenant.id, {
      isPrimary: false,
      name: 'Sucursal Norte',
      address: 'Colonia Palmira, calle 5',
      deliveryFee: '80.00',
    });
    const product = await createProduct(t, shop.tenant.id, { name: 'Pan de coco', price: '45.00' });
    const placed = await placeOrder(
      t,
      shop.tenant.id,
      orderBody([{ product_id: product.id }], {
        customer_phone: '+504 9999-8888',
        delivery_type: 'delivery',
        customer_address: 'Barrio Abajo 3',
        location_id: north.id,
      }),
    );
    expect(placed.status).toBe(201);
    return { ...shop, order: placed.body.data as { id: number; order_number: string } };
  }

  it('shows the branch with its address, a tel: link and a WhatsApp link to the customer (English, desktop)', async () => {
    const shop = await shopWithOrder();
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await openSignedIn(page, t, shop.token, `/orders/${shop.order.id}`);
    await page.getByRole('heading', { name: `Order #${shop.order.order_number}` }).waitFor();

    const branch = page.locator('dt', { hasText: 'Branch' }).locator('xpath=following-sibling::dd[1]');
    await branch.getByText('Sucursal Norte').waitFor();
    await branch.getByText('Colonia Palmira, calle 5').waitFor();
    expect(await page.getByRole('link', { name: 'Call +504 9999-8888' }).getAttribute('href')).toBe('tel:+50499998888');
    const whatsapp = page.getByRole('link', { name: 'WhatsApp Ana López' });
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/50499998888');
    expect(await whatsapp.getAttribute('rel')).toContain('noopener');
    await expectNoSeriousAxeViolations(page);
  });

  it('says it in Spanish and fits a 375 px phone', async () => {
    const shop = await shopWithOrder();
    const page = await browser.newPage({ viewport: PHONE, locale: 'es' });
    await openSignedIn(page, t, shop.token, `/orders/${shop.order.id}`);
    await page.getByRole('heading', { name: `Pedido #${shop.order.order_number}` }).waitFor();

    const branch = page.locator('dt', { hasText: 'Sucursal' }).locator('xpath=following-sibling::dd[1]');
    await branch.getByText('Sucursal Norte').waitFor();
    expect(await page.getByRole('link', { name: 'Llamar al +504 9999-8888' }).getAttribute('href')).toBe('tel:+50499998888');
    expect(await page.getByRole('link', { name: 'WhatsApp de Ana López' }).getAttribute('href')).toBe('https://wa.me/50499998888');
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousAxeViolations(page);
  });
});
