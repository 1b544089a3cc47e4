import { createLocation } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn, setSwitch } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: locations', () => {
  const t = useTestApp();
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const locations = (tenantId: string) =>
    t.db.query<Array<{ name: string; address: string | null; delivery_fee: string; is_primary: boolean; is_active: boolean }>>(
      'SELECT name, address, delivery_fee, is_primary, is_active FROM locations WHERE tenant_id = $1 ORDER BY name',
      [tenantId],
    );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists the locations and adds a new primary one (%s)', async (_size, viewport) => {
    const shop = await createTenantWithOwner(t);
    await createLocation(t, shop.tenant.id, { name: 'Centro', deliveryFee: '50.00', isPrimary: true });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/locations');

    await page.getByRole('heading', { name: /^locations$/i }).waitFor();
    const table = page.getByRole('table', { name: /locations/i });
    await table
      .getByRole('row', { name: /centro/i })
      .getByText('L 50.00')
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: /new location/i }).click();
    const dialog = page.getByRole('dialog', { name: /new location/i });
    await dialog.getByRole('textbox', { name: /^name/i }).fill('Colonia Palmira');
    await dialog.getByRole('textbox', { name: /address/i }).fill('Avenida República de Chile, Tegucigalpa');
    await dialog.getByRole('textbox', { name: /delivery fee/i }).fill('75.5');
    await setSwitch(dialog.getByRole('switch', { name: /primary/i }), true);
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
    await dialog.getByRole('button', { name: /^save$/i }).click();

    await table
      .getByRole('row', { name: /colonia palmira/i })
      .getByText('L 75.50')
      .waitFor();
    expect(await locations(shop.tenant.id)).toEqual([
      { name: 'Centro', address: null, delivery_fee: '50.00', is_primary: false, is_active: true },
      {
        name: 'Colonia Palmira',
        address: 'Avenida República de Chile, Tegucigalpa',
        delivery_fee: '75.50',
        is_primary: true,
        is_active: true,
      },
    ]);
    // The old primary is shown as no longer primary without a reload.
    await waitFor(async () => (await table.getByRole('row', { name: /centro/i }).textContent())?.includes('No') ?? false, {
      what: 'Centro shown as not primary',
    });
  });

  it('shows a refused field at the field, and edits a location from its name', async () => {
    const shop = await createTenantWithOwner(t);
    await createLocation(t, shop.tenant.id, { name: 'Mall', deliveryFee: '40.00' });
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/locations');

    await page.getByRole('button', { name: /edit location mall/i }).click();
    const dialog = page.getByRole('dialog', { name: /location mall/i });
    const name = dialog.getByRole('textbox', { name: /^name/i });
    await waitFor(async () => (await name.inputValue()) === 'Mall', { what: 'the location in its form' });
    await name.fill('');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await waitFor(async () => (await name.getAttribute('aria-invalid')) === 'true', { what: 'the Name field marked invalid' });

    await name.fill('Mall Multiplaza');
    await setSwitch(dialog.getByRole('switch', { name: /active/i }), false);
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await page
      .getByRole('table', { name: /locations/i })
      .getByRole('row', { name: /mall multiplaza/i })
      .waitFor();
    expect(await locations(shop.tenant.id)).toMatchObject([{ name: 'Mall Multiplaza', is_active: false }]);
  });

  it("keeps a location's phone: a refused one said at the field, then saved and shown again", async () => {
    const shop = await createTenantWithOwner(t);
    const { id } = await createLocation(t, shop.tenant.id, { name: 'Mall', deliveryFee: '40.00' });
    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, shop.token, '/locations');

    await page.getByRole('button', { name: /edit location mall/i }).click();
    const dialog = page.getByRole('dialog', { name: /location mall/i });
    const phone = dialog.getByRole('textbox', { name: /^phone/i });
    await waitFor(async () => (await dialog.getByRole('textbox', { name: /^name/i }).inputValue()) === 'Mall', {
      what: 'the location in its form',
    });
    await phone.fill('12-34');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await dialog.getByText(/must be a phone number of 7 to 20 characters/).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousAxeViolations(page);

    await phone.fill('+504 2550-1111');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/location mall saved/i).waitFor();
    expect(await t.db.query('SELECT phone FROM locations WHERE id = $1', [id])).toEqual([{ phone: '+504 2550-1111' }]);

    await page.getByRole('button', { name: /edit location mall/i }).click();
    await waitFor(
      async () =>
        (await page
          .getByRole('dialog', { name: /location mall/i })
          .getByRole('textbox', { name: /^phone/i })
          .inputValue()) === '+504 2550-1111',
      {
        what: 'the saved phone in the form',
      },
    );
  });
});
