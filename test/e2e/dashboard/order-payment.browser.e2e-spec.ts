import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** "Mark as paid" on the order page and the payment methods on the shop profile (dashboard.md). */
describeWithBrowser('Dashboard: recording payments and choosing payment methods', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  async function shopWithOrder() {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Pan de coco', price: '45.00' });
    const placed = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }], { payment_method: 'cash' }));
    expect(placed.status).toBe(201);
    return { ...shop, order: placed.body.data as { id: number; order_number: string } };
  }

  it('marks an unpaid order as paid: the payment and its history change, and the button goes', async () => {
    const shop = await shopWithOrder();
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await openSignedIn(page, t, shop.token, `/orders/${shop.order.id}`);
    await page.getByRole('heading', { name: `Order #${shop.order.order_number}` }).waitFor();
    await page.getByText('Unpaid').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByText('Payment received').waitFor();
    await page.getByRole('button', { name: 'Mark as paid' }).waitFor({ state: 'detached' });
    const [row] = await t.db.query('SELECT payment_status, paid_at IS NOT NULL AS stamped FROM orders WHERE id = $1', [shop.order.id]);
    expect(row).toEqual({ payment_status: 'paid', stamped: true });
  });

  it('says it in Spanish with "usted": "Marcar como pagado", and the payment methods with the transfer instructions', async () => {
    const shop = await shopWithOrder();
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'es' });
    await openSignedIn(page, t, shop.token, `/orders/${shop.order.id}`);
    await page.getByRole('button', { name: 'Marcar como pagado' }).click();
    await page.getByText('Pago recibido').waitFor();

    await page.goto(`${t.baseUrl}/dashboard/shop`);
    const methods = page.getByRole('group', { name: 'Formas de pago' });
    await methods.waitFor();
    expect(await methods.getByRole('checkbox', { name: 'Efectivo' }).isChecked()).toBe(true);
    await methods.getByRole('checkbox', { name: 'Transferencia bancaria' }).check();
    // Transfers without instructions: refused at the field, nothing sent.
    await page.getByRole('button', { name: 'Actualizar formas de pago' }).click();
    await page.getByText('Escriba las instrucciones para la transferencia.').waitFor();
    await page.getByRole('textbox', { name: 'Instrucciones para la transferencia' }).fill('Banco Atlántida, cuenta 1234-5678');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Actualizar formas de pago' }).click();
    await page.getByText('Formas de pago actualizadas.').waitFor();
    const [tenant] = await t.db.query('SELECT payment_methods, bank_transfer_instructions FROM tenants WHERE id = $1', [shop.tenant.id]);
    expect(tenant).toEqual({ payment_methods: ['cash', 'bank_transfer'], bank_transfer_instructions: 'Banco Atlántida, cuenta 1234-5678' });
  });
});
