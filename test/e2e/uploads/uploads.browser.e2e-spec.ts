import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { createTenantWithOwner } from '@test/support/factories';
import { freePort, withTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describeWithBrowser('Dashboard: image uploads', () => {
  const browser = useBrowser();
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-uploads-browser-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  // APP_URL is this server's own address, as in a deployment: the preview loads from the page's origin.
  const withApp = async (use: Parameters<typeof withTestApp>[1]) => {
    const port = await freePort();
    return withTestApp({ port, env: { APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir } }, use);
  };

  const photo = (background: string) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();

  it('"Image" uploads the chosen picture, shows it, and the saved product uses its URL', () =>
    withApp(async (t) => {
      const shop = await createTenantWithOwner(t);
      const page = await browser.newPage({ viewport: DESKTOP });
      await openSignedIn(page, t, shop.token, '/products/new');
      await page.getByRole('textbox', { name: /^name/i }).fill('Pictured cake');
      await page.getByRole('textbox', { name: /^price/i }).fill('120');

      const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/v1/merchant/uploads') && res.request().method() === 'POST');
      await page.getByLabel(/^image$/i).setInputFiles({ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: await photo('#d35400') });
      const upload = (await (await uploaded).json()) as { data: { url: string } };
      expect(upload.data.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/uploads/${shop.tenant.id}/[0-9a-f]{64}\\.webp$`));

      const preview = page.getByRole('img', { name: /image: preview/i });
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toBe(upload.data.url);
      await waitFor(async () => (await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)) === 900, {
        what: 'the preview to load',
      });
      expect(await page.getByRole('textbox', { name: /^image url/i }).inputValue()).toBe(upload.data.url);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: /^save$/i }).click();
      await page.getByRole('heading', { name: /^products$/i }).waitFor();
      const [row] = await t.db.query('SELECT image_url FROM products WHERE tenant_id = $1 AND name = $2', [
        shop.tenant.id,
        'Pictured cake',
      ]);
      expect(row).toEqual({ image_url: upload.data.url });
    }));

  it('"Logo" in the Contact section uploads the logo, and a file that is not an image is refused at the field', () =>
    withApp(async (t) => {
      const shop = await createTenantWithOwner(t);
      const page = await browser.newPage({ viewport: DESKTOP });
      await openSignedIn(page, t, shop.token, '/shop');

      const logo = page.getByLabel(/^logo$/i);
      await logo.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a picture') });
      await page.getByText('The file must be a JPEG, PNG or WebP image.').waitFor();

      await logo.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await photo('#2c3e50') });
      await page.getByRole('img', { name: /logo: preview/i }).waitFor();
      await page.getByRole('button', { name: /update contact/i }).click();
      await page.getByText(/contact details updated/i).waitFor();
      const [row] = await t.db.query('SELECT logo_url FROM tenants WHERE id = $1', [shop.tenant.id]);
      expect(row.logo_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/uploads/${shop.tenant.id}/[0-9a-f]{64}\\.webp$`));
    }));
});
