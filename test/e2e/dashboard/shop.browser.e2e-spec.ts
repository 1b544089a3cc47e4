import { createTenantWithOwner, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { openSignedIn } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const IMPROVED = {
  description: 'Sourdough and pastries baked every morning in Tegucigalpa.',
  seo_title: 'La Espiga bakery',
  seo_description: 'Fresh bread and pastries in Tegucigalpa, baked at dawn.',
  slogan: 'Bread worth waking up for',
  tags: ['bread', 'pastries'],
};

describeWithBrowser('Dashboard: shop profile', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0' } }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const profileOf = async (tenantId: string) =>
    (
      await t.db.query(
        'SELECT name, description, slogan, seo_title, seo_description, tags, is_ai_enhanced, ai_credits FROM tenants WHERE id = $1',
        [tenantId],
      )
    )[0] as Record<string, unknown>;

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows and saves the profile, its AI credits and its public page (%s)', async (_size, viewport) => {
    const shop = await createTenantWithOwner(t, {
      tenant: { name: 'La Espiga', slogan: 'Old slogan', tags: ['bread'], aiCredits: 7 },
      owner: PROVEN_EMAIL,
    });
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, t, shop.token, '/shop');

    await page.getByRole('heading', { name: /^shop profile$/i }).waitFor();
    await page.getByText('AI credits: 7').waitFor();
    const publicPage = page.getByRole('link', { name: /public shop page/i });
    expect(await publicPage.getAttribute('href')).toMatch(new RegExp(`/s/${shop.tenant.slug}$`));
    const name = page.getByRole('textbox', { name: /^shop name/i });
    await waitFor(async () => (await name.inputValue()) === 'La Espiga', { what: 'the profile in the form' });
    expect(await page.getByRole('textbox', { name: /^slogan/i }).inputValue()).toBe('Old slogan');
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await name.fill('La Espiga Bakery');
    await page.getByRole('textbox', { name: /^description/i }).fill('Bread since 1990.');
    await page.getByRole('textbox', { name: /^slogan/i }).fill('');
    await page.getByRole('textbox', { name: /^seo title/i }).fill('La Espiga');
    await page.getByRole('textbox', { name: /^seo description/i }).fill('Bread in Tegucigalpa.');
    await page.getByRole('textbox', { name: /^tags/i }).fill('bread, cakes, , coffee');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/shop profile saved/i).waitFor();
    expect(await profileOf(shop.tenant.id)).toMatchObject({
      name: 'La Espiga Bakery',
      description: 'Bread since 1990.',
      slogan: null,
      seo_title: 'La Espiga',
      seo_description: 'Bread in Tegucigalpa.',
      tags: ['bread', 'cakes', 'coffee'],
    });
  });

  it('a refused field says why at the field', async () => {
    const shop = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/shop');
    const seoTitle = page.getByRole('textbox', { name: /^seo title/i });
    await seoTitle.waitFor();
    await seoTitle.fill('x'.repeat(300));
    await page.getByRole('button', { name: /^save$/i }).click();
    await waitFor(async () => (await seoTitle.getAttribute('aria-invalid')) === 'true', { what: 'the SEO title field marked invalid' });
    await expectNoSeriousAxeViolations(page);
  });

  it('the Contact section saves the phone, WhatsApp, email, address, logo and social links, and says at the field why a value is refused', async () => {
    const shop = await createTenantWithOwner(t);
    await t.db.query(`UPDATE tenants SET email = 'old@shop.hn', social_links = '{"tiktok": "https://www.tiktok.com/@old"}' WHERE id = $1`, [
      shop.tenant.id,
    ]);
    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, shop.token, '/shop');
    await page.getByRole('heading', { name: /^contact$/i }).waitFor();
    const field = (name: RegExp) => page.getByRole('textbox', { name });
    await waitFor(async () => (await field(/^email/i).inputValue()) === 'old@shop.hn', { what: 'the contact in the form' });
    expect(await field(/^tiktok/i).inputValue()).toBe('https://www.tiktok.com/@old');

    await field(/^phone/i).fill('+504 2222-3333');
    await field(/^whatsapp/i).fill('+50499990000');
    await field(/^email/i).fill('');
    await field(/^address/i).fill('Col. Palmira, Tegucigalpa');
    await field(/^logo url/i).fill('https://cdn.example.com/logo.png');
    await field(/^facebook/i).fill('https://www.facebook.com/shop');
    await field(/^tiktok/i).fill('');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /^update contact$/i }).click();
    await page.getByText(/contact details updated/i).waitFor();
    const [row] = await t.db.query('SELECT phone, whatsapp, email, address, logo_url, social_links FROM tenants WHERE id = $1', [
      shop.tenant.id,
    ]);
    expect(row).toEqual({
      phone: '+504 2222-3333',
      whatsapp: '+50499990000',
      email: null,
      address: 'Col. Palmira, Tegucigalpa',
      logo_url: 'https://cdn.example.com/logo.png',
      social_links: { facebook: 'https://www.facebook.com/shop' },
    });

    // The service's refusals, at their fields; nothing changes.
    await field(/^whatsapp/i).fill('9999 0000');
    await field(/^instagram/i).fill('http://instagram.com/shop');
    await page.getByRole('button', { name: /^update contact$/i }).click();
    await page.getByText(/must be an international number in E\.164 form/).waitFor();
    await page.getByText('The social_links.instagram must be an https:// URL.').waitFor();
    expect(await field(/^whatsapp/i).getAttribute('aria-invalid')).toBe('true');
    expect(await field(/^instagram/i).getAttribute('aria-invalid')).toBe('true');
    expect((await t.db.query('SELECT whatsapp FROM tenants WHERE id = $1', [shop.tenant.id]))[0]).toEqual({ whatsapp: '+50499990000' });
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('"Improve with AI" takes the optional wishes, shows the progress, then the improved fields and "AI-enhanced"', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { name: 'La Espiga', aiCredits: 4 }, owner: PROVEN_EMAIL });
    // The provider answers only once the page has shown that the job is under way.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    ai.reply(async () => {
      await released;
      return { json: IMPROVED, totalTokens: 200 };
    });
    const page = await browser.newPage({ viewport: PHONE });
    await openSignedIn(page, t, shop.token, '/shop');
    await page.getByText('AI credits: 4').waitFor();

    await page.getByRole('button', { name: /improve with ai/i }).click();
    const dialog = page.getByRole('dialog', { name: /improve/i });
    await dialog.getByRole('textbox', { name: /^tone/i }).fill('warm');
    await dialog.getByRole('textbox', { name: /target audience/i }).fill('families');
    await dialog.getByRole('textbox', { name: /keywords/i }).fill('sourdough, coffee');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: /start/i }).click();

    const progress = page.getByRole('status', { name: /ai progress/i });
    await progress.getByText(/waiting for the ai|the ai is writing/i).waitFor();
    await page.getByText('AI credits: 3').waitFor();
    release();

    await progress.getByText(/the profile was improved/i).waitFor();
    await page.getByText(/^ai-enhanced$/i).waitFor();
    const description = page.getByRole('textbox', { name: /^description/i });
    await waitFor(async () => (await description.inputValue()) === IMPROVED.description, { what: 'the improved description in the form' });
    expect(await page.getByRole('textbox', { name: /^slogan/i }).inputValue()).toBe(IMPROVED.slogan);
    expect(await page.getByRole('textbox', { name: /^tags/i }).inputValue()).toBe('bread, pastries');
    const sent = ai.completions().at(-1)?.json as { messages: Array<{ content: string }> };
    expect(sent.messages[1].content).toEqual(expect.stringContaining('"keywords":["sourdough","coffee"]'));
    expect(await profileOf(shop.tenant.id)).toMatchObject({ is_ai_enhanced: true, ai_credits: 3, slogan: IMPROVED.slogan });
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
