import { createCategory, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: categories', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const categories = (tenantId: string) =>
    t.db.query<Array<{ name: string; slug: string }>>('SELECT name, slug FROM categories WHERE tenant_id = $1 ORDER BY position, id', [
      tenantId,
    ]);

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('creates, renames and deletes a category (%s)', async (_size, viewport) => {
    const shop = await createTenantWithOwner(t);
    const drinks = await createCategory(t, shop.tenant.id, 'Bebidas');
    await createProduct(t, shop.tenant.id, { name: 'Horchata', categoryId: drinks.id });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/categories');

    await page.getByRole('heading', { name: /^categories$/i }).waitFor();
    const table = page.getByRole('table', { name: /^categories$/i });
    await table
      .getByRole('row', { name: /bebidas/i })
      .getByText('1', { exact: true })
      .waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining(['Name', 'Products']));
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    // New: a name the shop has already is refused at the field.
    await page.getByRole('button', { name: /new category/i }).click();
    let dialog = page.getByRole('dialog', { name: /new category/i });
    const name = dialog.getByRole('textbox', { name: /^name/i });
    await name.fill('BEBIDAS');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await dialog.getByText(/has already been taken/).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Postres');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await table.getByRole('row', { name: /postres/i }).waitFor();
    expect(await categories(shop.tenant.id)).toEqual([
      { name: 'Bebidas', slug: expect.any(String) },
      { name: 'Postres', slug: 'postres' },
    ]);
    expect(await scrollsSideways(page)).toBe(false);

    // Rename.
    await page.getByRole('button', { name: /rename category postres/i }).click();
    dialog = page.getByRole('dialog', { name: /rename postres/i });
    await waitFor(async () => (await dialog.getByRole('textbox', { name: /^name/i }).inputValue()) === 'Postres', {
      what: 'the category in its form',
    });
    await dialog.getByRole('textbox', { name: /^name/i }).fill('Postres de la casa');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await table.getByRole('row', { name: /postres de la casa/i }).waitFor();
    expect((await categories(shop.tenant.id))[1]).toEqual({ name: 'Postres de la casa', slug: 'postres-de-la-casa' });

    // Delete, after the confirmation; its products stay, without a category.
    await page.getByRole('button', { name: /delete category bebidas/i }).click();
    const confirm = page.getByRole('dialog', { name: /delete bebidas/i });
    await confirm.getByText(/products stay in the shop/i).waitFor();
    await confirm.getByRole('button', { name: /yes, delete it/i }).click();
    await page.getByText(/category bebidas deleted/i).waitFor();
    await waitFor(async () => (await table.getByRole('row', { name: /bebidas/i }).count()) === 0, { what: 'Bebidas gone from the list' });
    expect(await categories(shop.tenant.id)).toEqual([{ name: 'Postres de la casa', slug: 'postres-de-la-casa' }]);
    expect(await t.db.query('SELECT category_id FROM products WHERE tenant_id = $1', [shop.tenant.id])).toEqual([{ category_id: null }]);
  });

  it('links the page from the navigation, and a product takes its category from the "Category" combobox', async () => {
    const shop = await createTenantWithOwner(t);
    const drinks = await createCategory(t, shop.tenant.id, 'Bebidas');
    await createCategory(t, shop.tenant.id, 'Postres');
    const product = await createProduct(t, shop.tenant.id, { name: 'Horchata' });
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, t, shop.token, '/');

    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^categories$/i })
      .click();
    await page.getByRole('heading', { name: /^categories$/i }).waitFor();

    await openSignedIn(page, t, shop.token, `/products/${product.id}`);
    const category = page.getByRole('combobox', { name: /^category/i });
    await waitFor(async () => (await category.locator('option').count()) === 3, { what: 'the categories as options' });
    expect(await category.locator('option').allTextContents()).toEqual(['No category', 'Bebidas', 'Postres']);
    await category.selectOption({ label: 'Bebidas' });
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/product saved/i).waitFor();
    expect(await t.db.query('SELECT category_id FROM products WHERE id = $1', [product.id])).toEqual([{ category_id: drinks.id }]);

    // Shown again on the next visit, and cleared with "No category".
    await openSignedIn(page, t, shop.token, `/products/${product.id}`);
    await waitFor(async () => (await page.getByRole('combobox', { name: /^category/i }).inputValue()) === String(drinks.id), {
      what: 'the saved category in the form',
    });
    await page.getByRole('combobox', { name: /^category/i }).selectOption({ label: 'No category' });
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/product saved/i).waitFor();
    await waitFor(async () => (await t.db.query('SELECT category_id FROM products WHERE id = $1', [product.id]))[0].category_id === null, {
      what: 'the category cleared',
    });
  });
});
