import type { Page } from 'playwright-core';
import { createOrderWithProduct, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn, setSwitch } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: products', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0' } }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const productRow = async (tenantId: string, name: string) =>
    (
      await t.db.query(
        'SELECT id, name, price, stock, is_active, description, image_url FROM products WHERE tenant_id = $1 AND name = $2',
        [tenantId, name],
      )
    )[0] as
      | {
          id: number;
          name: string;
          price: string;
          stock: number | null;
          is_active: boolean;
          description: string | null;
          image_url: string | null;
        }
      | undefined;

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists the products and creates one from "New product" (%s)', async (_size, viewport) => {
    const shop = await createTenantWithOwner(t);
    await createProduct(t, shop.tenant.id, { name: 'Sourdough loaf', price: '85.00', stock: 12 });
    await createProduct(t, shop.tenant.id, { name: 'Gift card', price: '500.00', stock: null, isActive: false });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/products');

    await page.getByRole('heading', { name: /^products$/i }).waitFor();
    const table = page.getByRole('table', { name: /products/i });
    for (const column of ['Name', 'Price', 'Stock', 'Active']) await table.getByRole('columnheader', { name: column }).waitFor();
    const loaf = table.getByRole('row', { name: /sourdough loaf/i });
    await loaf.getByText('L 85.00').waitFor();
    await loaf.getByText('12', { exact: true }).waitFor();
    await table
      .getByRole('row', { name: /gift card/i })
      .getByText(/not tracked/i)
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: /new product/i }).click();
    await page.getByRole('textbox', { name: /^name/i }).fill('Carrot cake');
    await page.getByRole('textbox', { name: /^price/i }).fill('420.50');
    await page.getByRole('textbox', { name: /^stock/i }).fill('4');
    await page.getByRole('textbox', { name: /^description/i }).fill('Moist carrot cake with cream cheese frosting.');
    await page.getByRole('textbox', { name: /^image url/i }).fill('https://cdn.example.com/carrot-cake.jpg');
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: /^save$/i }).click();

    await page.getByRole('heading', { name: /^products$/i }).waitFor();
    await table
      .getByRole('row', { name: /carrot cake/i })
      .getByText('L 420.50')
      .waitFor();
    expect(await productRow(shop.tenant.id, 'Carrot cake')).toMatchObject({
      price: '420.50',
      stock: 4,
      is_active: true,
      description: 'Moist carrot cake with cream cheese frosting.',
      image_url: 'https://cdn.example.com/carrot-cake.jpg',
    });
  });

  it('edits a product, and a refused field says why at the field', async () => {
    const shop = await createTenantWithOwner(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Espresso', price: '45.00', stock: 10 });
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/products');
    await page.getByRole('link', { name: 'Espresso' }).click();
    const name = page.getByRole('textbox', { name: /^name/i });
    await waitFor(async () => (await name.inputValue()) === 'Espresso', { what: 'the form to show the product' });

    // Blank name: the API's 422 message at the Name field, tied to it.
    await name.fill('   ');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.locator('input[aria-invalid="true"]').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby'))!.split(' ').filter(Boolean);
    const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(messages.join(' ')).toMatch(/name/i);

    // A picture that is not https: at the Image URL field.
    await name.fill('Double espresso');
    const image = page.getByRole('textbox', { name: /^image url/i });
    await image.fill('http://insecure.example.com/a.jpg');
    await page.getByRole('button', { name: /^save$/i }).click();
    await waitFor(async () => (await image.getAttribute('aria-invalid')) === 'true', { what: 'the Image URL field marked invalid' });
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
    await image.fill('');

    await page.getByRole('textbox', { name: /^price/i }).fill('55');
    await setSwitch(page.getByRole('switch', { name: /active/i }), false);
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/product saved/i).waitFor();
    expect(await productRow(shop.tenant.id, 'Double espresso')).toMatchObject({ id: product.id, price: '55.00', is_active: false });
  });

  it('"Write with AI" fills the description without saving it and shows the attempts left', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { name: 'Panadería La Espiga', aiCredits: 5 }, owner: PROVEN_EMAIL });
    await createProduct(t, shop.tenant.id, { name: 'Pan de yema', price: '30.00' });
    ai.reply({ json: { content: 'Soft, golden egg bread baked at dawn.' }, totalTokens: 50 });
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/products');
    await page.getByRole('link', { name: 'Pan de yema' }).click();
    await page.getByRole('button', { name: /write with ai/i }).click();

    const description = page.getByRole('textbox', { name: /description/i });
    await waitFor(async () => (await description.inputValue()) === 'Soft, golden egg bread baked at dawn.', {
      what: 'the AI text in the form',
    });
    await page.getByText(new RegExp(`${TEST_RATE_LIMITS.aiGenerate - 1} AI attempts? left`, 'i')).waitFor();
    const sent = ai.completions().at(-1)?.json as { messages: Array<{ content: string }> };
    // The shop is the business, the product what the text is about.
    expect(sent.messages[1].content).toContain('"business_name":"Panadería La Espiga"');
    expect(sent.messages[1].content).toContain('"activity":"Pan de yema"');
    // Not saved: the product is as it was until the merchant presses Save.
    expect((await productRow(shop.tenant.id, 'Pan de yema'))?.description).toBeNull();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/product saved/i).waitFor();
    expect((await productRow(shop.tenant.id, 'Pan de yema'))?.description).toBe('Soft, golden egg bread baked at dawn.');
  });

  it('"Delete product" asks first; a product orders refer to is refused with the API\'s message, another is deleted', async () => {
    const shop = await createTenantWithOwner(t);
    const used = await createProduct(t, shop.tenant.id, { name: 'Ordered bread' });
    await createOrderWithProduct(t, shop.tenant.id, used.id);
    await createProduct(t, shop.tenant.id, { name: 'Old muffin' });
    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, shop.token, `/products/${used.id}`);

    await page.getByRole('button', { name: /delete product/i }).click();
    const dialog = page.getByRole('dialog', { name: /delete ordered bread/i });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: /yes, delete/i }).click();
    const refusal = (await t.http().delete(`/api/v1/merchant/products/${used.id}`).set('Authorization', `Bearer ${shop.token}`)).body
      .message as string;
    await dialog.getByRole('alert').getByText(refusal).waitFor();
    expect(await productRow(shop.tenant.id, 'Ordered bread')).toBeDefined();

    await dialog.getByRole('button', { name: /cancel/i }).click();
    await page.getByRole('link', { name: /back to products/i }).click();
    await page.getByRole('link', { name: 'Old muffin' }).click();
    await page.getByRole('button', { name: /delete product/i }).click();
    await page
      .getByRole('dialog', { name: /delete old muffin/i })
      .getByRole('button', { name: /yes, delete/i })
      .click();
    await page.getByRole('heading', { name: /^products$/i }).waitFor();
    await page.getByRole('link', { name: 'Ordered bread' }).waitFor();
    expect(await page.getByRole('link', { name: 'Old muffin' }).count()).toBe(0);
    expect(await productRow(shop.tenant.id, 'Old muffin')).toBeUndefined();
  });

  it('refuses a negative price or a fraction of a unit at its field, in Spanish, before sending; never changes what was typed', async () => {
    const shop = await createTenantWithOwner(t);
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, shop.token, '/products/new');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/v1/merchant/products')) writes.push(request.url());
    });
    await page.getByRole('textbox', { name: /^nombre/i }).fill('Rosquillas');
    const price = page.getByRole('textbox', { name: /^precio/i });
    const stock = page.getByRole('textbox', { name: /^existencias/i });
    await price.fill('-10');
    await stock.fill('1.5');
    await page.getByRole('button', { name: /^guardar$/i }).click();

    await waitFor(async () => (await price.getAttribute('aria-invalid')) === 'true', { what: 'the price marked invalid' });
    const messageOf = async (field: typeof price) => {
      const ids = (await field.getAttribute('aria-describedby'))!.split(' ').filter(Boolean);
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    };
    expect(await messageOf(price)).toContain('Escriba 0 o más.');
    expect(await stock.getAttribute('aria-invalid')).toBe('true');
    expect(await messageOf(stock)).toContain('Escriba un número entero.');
    // What was typed stays, and nothing went to the API.
    expect(await price.inputValue()).toBe('-10.00');
    expect(await stock.inputValue()).toBe('1.5');
    expect(writes).toEqual([]);
    expect(await productRow(shop.tenant.id, 'Rosquillas')).toBeUndefined();
    await expectNoSeriousAxeViolations(page);

    // Corrected, it is saved as typed.
    await price.fill('12.50');
    await stock.fill('3');
    await page.getByRole('button', { name: /^guardar$/i }).click();
    await waitFor(async () => (await productRow(shop.tenant.id, 'Rosquillas')) !== undefined, { what: 'the product saved' });
    expect(await productRow(shop.tenant.id, 'Rosquillas')).toMatchObject({ price: '12.50', stock: 3 });
  });

  it('speaks Spanish to a browser in Spanish', async () => {
    const shop = await createTenantWithOwner(t);
    await createProduct(t, shop.tenant.id, { name: 'Pan de yema', price: '30.00', stock: 5 });
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, shop.token, '/products');
    await page.getByRole('heading', { name: /^productos$/i }).waitFor();
    const table = page.getByRole('table', { name: /productos/i });
    for (const column of ['Nombre', 'Precio', 'Existencias', 'Activo']) await table.getByRole('columnheader', { name: column }).waitFor();
    await table
      .getByRole('row', { name: /pan de yema/i })
      .getByText('L 30.00')
      .waitFor();
    await page.getByRole('button', { name: /nuevo producto/i }).click();
    for (const label of [/^nombre/i, /^descripción/i, /^precio/i, /^existencias/i, /^url de la imagen/i]) {
      await page.getByRole('textbox', { name: label }).waitFor();
    }
    await page.getByRole('button', { name: /escribir con ia/i }).waitFor();
    await page.getByRole('button', { name: /^guardar$/i }).waitFor();
  });

  it('creates a product with the keyboard alone', async () => {
    const shop = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/products');
    await page.getByRole('heading', { name: /^products$/i }).waitFor();

    await tabTo(page, 'New product');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /new product/i }).waitFor();
    await tabTo(page, 'Name');
    await typeInFocused(page, 'Keyboard cookie');
    await tabTo(page, 'Price');
    await typeInFocused(page, '12.50');
    await tabTo(page, 'Stock');
    await typeInFocused(page, '30');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: /^products$/i }).waitFor();
    await page.getByRole('link', { name: 'Keyboard cookie' }).waitFor();
    expect(await productRow(shop.tenant.id, 'Keyboard cookie')).toMatchObject({ price: '12.50', stock: 30 });
  });
});

/** Presses Tab until the focused element's accessible name (its label or text) starts with `name` (at most 40 presses). */
/**
 * Types into the focused field and waits until the field holds the text and the page has handled
 * the keystrokes, so the next Tab cannot overtake them (a loaded machine delays the page's work).
 */
async function typeInFocused(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.waitForFunction((expected) => (document.activeElement as HTMLInputElement | null)?.value === expected, text);
  // The number fields (react-number-format) put the caret back in a 0 ms timer, focusing the field
  // again: let every timer the keystrokes queued run before the next Tab.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.getAttribute('aria-labelledby');
      const label =
        (element as HTMLInputElement).labels?.[0]?.textContent ?? (labelled ? document.getElementById(labelled)?.textContent : null);
      return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    });
    if (focused.toLowerCase().startsWith(name.toLowerCase())) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}
