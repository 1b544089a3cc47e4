import { createCoupon } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn, setSwitch } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: coupons', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const couponRow = async (tenantId: string, code: string) =>
    (
      await t.db.query(
        `SELECT coupon_type, value, min_spend, usage_limit, per_customer_limit, starts_at, expires_at, is_active
           FROM coupons WHERE tenant_id = $1 AND code = $2`,
        [tenantId, code],
      )
    )[0] as Record<string, unknown> | undefined;

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists the coupons and creates one with every field of the form (%s)', async (_size, viewport) => {
    const shop = await createTenantWithOwner(t);
    await createCoupon(t, shop.tenant.id, { code: 'SUMMER5', couponType: 'fixed', value: '50.00', usageLimit: 10, timesUsed: 3 });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/coupons');

    await page.getByRole('heading', { name: /^coupons$/i }).waitFor();
    const table = page.getByRole('table', { name: /coupons/i });
    const summer = table.getByRole('row', { name: /summer5/i });
    await summer.getByText('L 50.00').waitFor();
    await summer.getByText('3 / 10').waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: /new coupon/i }).click();
    const dialog = page.getByRole('dialog', { name: /new coupon/i });
    await dialog.getByRole('textbox', { name: /^code/i }).fill('welcome10');
    await dialog.getByRole('combobox', { name: /type/i }).selectOption('percentage');
    await dialog.getByRole('textbox', { name: /^value/i }).fill('10');
    await dialog.getByRole('textbox', { name: /minimum order/i }).fill('200');
    await dialog.getByRole('textbox', { name: /^usage limit/i }).fill('50');
    await dialog.getByRole('textbox', { name: /per-customer limit/i }).fill('1');
    await dialog.getByLabel(/^starts/i).fill('2026-12-01T09:00');
    await dialog.getByLabel(/^ends/i).fill('2026-12-31T23:30');
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
    await dialog.getByRole('button', { name: /^save$/i }).click();

    await table
      .getByRole('row', { name: /welcome10/i })
      .getByText('10 %')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The local times typed are the browser's time zone's: stored as the instants the browser means by them.
    const [starts, ends] = await page.evaluate(() => [
      new Date('2026-12-01T09:00').toISOString(),
      new Date('2026-12-31T23:30').toISOString(),
    ]);
    const row = await couponRow(shop.tenant.id, 'WELCOME10');
    expect(row).toMatchObject({
      coupon_type: 'percentage',
      value: '10.00',
      min_spend: '200.00',
      usage_limit: 50,
      per_customer_limit: 1,
      is_active: true,
    });
    expect((row!.starts_at as Date).toISOString()).toBe(starts);
    expect((row!.expires_at as Date).toISOString()).toBe(ends);
  });

  it("shows the API's refusals at their fields, and edits a coupon from its code", async () => {
    const shop = await createTenantWithOwner(t);
    await createCoupon(t, shop.tenant.id, { code: 'TAKEN', couponType: 'percentage', value: '15' });
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/coupons');

    await page.getByRole('button', { name: /new coupon/i }).click();
    const dialog = page.getByRole('dialog', { name: /new coupon/i });
    await dialog.getByRole('textbox', { name: /^code/i }).fill('BIG');
    const value = dialog.getByRole('textbox', { name: /^value/i });
    await value.fill('150');
    await dialog.getByLabel(/^starts/i).fill('2026-12-10T09:00');
    await dialog.getByLabel(/^ends/i).fill('2026-12-01T09:00');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await waitFor(async () => (await value.getAttribute('aria-invalid')) === 'true', { what: 'the Value field marked invalid' });
    const describedBy = (await value.getAttribute('aria-describedby'))!.split(' ').filter(Boolean);
    const texts = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(texts.join(' ')).toMatch(/100/);
    expect(await dialog.getByLabel(/^ends/i).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: /close/i }).click();

    await page.getByRole('button', { name: /edit coupon taken/i }).click();
    const edit = page.getByRole('dialog', { name: /coupon taken/i });
    await waitFor(async () => (await edit.getByRole('textbox', { name: /^value/i }).inputValue()) === '15.00', {
      what: 'the coupon in its form',
    });
    await edit.getByRole('textbox', { name: /^value/i }).fill('20');
    await setSwitch(edit.getByRole('switch', { name: /active/i }), false);
    await edit.getByRole('button', { name: /^save$/i }).click();
    await page
      .getByRole('table', { name: /coupons/i })
      .getByRole('row', { name: /taken/i })
      .getByText('20 %')
      .waitFor();
    expect(await couponRow(shop.tenant.id, 'TAKEN')).toMatchObject({ value: '20.00', is_active: false });
  });
});
