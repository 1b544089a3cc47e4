import { randomUUID } from 'node:crypto';
import { createTenant, createTenantWithOwner } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: administration', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const creditsOf = async (tenantId: string) =>
    ((await t.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('a super admin adds AI credits to a shop and finds the architecture-health page (%s)', async (_size, viewport) => {
    const admin = await createTenantWithOwner(t, { owner: { isSuperAdmin: true } });
    const customer = await createTenant(t, { aiCredits: 3 });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, admin.token, '/admin');

    await page.getByRole('heading', { name: /^administration$/i }).waitFor();
    expect(await page.getByRole('link', { name: /architecture health/i }).getAttribute('href')).toBe('/admin/architecture-health');
    const form = page.getByRole('form', { name: /add ai credits/i });
    await form.getByRole('textbox', { name: /^shop/i }).fill(customer.id);
    await form.getByRole('spinbutton', { name: /credits/i }).fill('25');
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
    await form.getByRole('button', { name: /add credits/i }).click();

    await form
      .getByRole('status')
      .getByText(/28 AI credits/i)
      .waitFor();
    expect(await creditsOf(customer.id)).toBe(28);

    // An unknown shop: the API's message at the Shop field.
    const shopField = form.getByRole('textbox', { name: /^shop/i });
    await shopField.fill(randomUUID());
    await form.getByRole('spinbutton', { name: /credits/i }).fill('5');
    await form.getByRole('button', { name: /add credits/i }).click();
    await waitFor(async () => (await shopField.getAttribute('aria-invalid')) === 'true', { what: 'the Shop field marked invalid' });
    await expectNoSeriousAxeViolations(page);

    // The navigation offers the page to a super admin (behind "Menu" on a phone).
    if (viewport === PHONE) await page.getByRole('button', { name: /menu/i }).click();
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /administration/i })
      .waitFor();
  });

  it('tells anyone else that they may not, and the navigation does not offer it', async () => {
    const shop = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/admin');
    await page.getByRole('heading', { name: /^administration$/i }).waitFor();
    await page
      .getByRole('alert')
      .getByText(/only super admins/i)
      .waitFor();
    expect(await page.getByRole('form', { name: /add ai credits/i }).count()).toBe(0);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /products/i })
      .waitFor();
    expect(
      await page
        .getByRole('navigation')
        .getByRole('link', { name: /administration/i })
        .count(),
    ).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });
});
