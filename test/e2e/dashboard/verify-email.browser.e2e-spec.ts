import { createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { describeWithBrowser, expectNoSeriousAxeViolations, useBrowser } from '@test/support/browser';
import { DASHBOARD_TOKEN_KEY, mailedCode, openSignedIn } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * An owner whose email is not verified (registered with a password) finds, where the AI buttons
 * are, how to verify it: "Send code", the code from the mail, "Verify"; then the AI works
 * (dashboard.md, "Verifying the email").
 */
describeWithBrowser('Dashboard: verifying the email where the AI buttons are', () => {
  const ai = useFakeAiProvider();
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0', MAIL_URL: smtp.url } }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const verifiedAt = async (userId: string) =>
    ((await t.db.query('SELECT email_verified_at FROM users WHERE id = $1', [userId]))[0] as { email_verified_at: Date | null })
      .email_verified_at;

  it('shop profile: the notice, "Send code", the code, "Verify"; then "Improve with AI" works, still signed in', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { name: 'La Espiga', aiCredits: 4 } });
    ai.reply({ json: { slogan: 'Bread worth waking up for' }, totalTokens: 50 });
    const page = await browser.newPage();
    await openSignedIn(page, t, shop.token, '/shop');

    const notice = page.getByTestId('verify-email-notice');
    await notice.getByText(/verify your email address to use ai/i).waitFor();
    expect(await notice.textContent()).toContain(shop.owner.email);
    const improve = page.getByRole('button', { name: /improve with ai/i });
    expect(await improve.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    const before = smtp.messages.length;
    await notice.getByRole('button', { name: /^send code$/i }).click();
    await notice.getByText(`Code sent to ${shop.owner.email}.`).waitFor();
    const code = await mailedCode(smtp, shop.owner.email, before);

    // A mistyped code is refused at the field, and nothing is verified.
    const codeField = notice.getByRole('textbox', { name: /^code/i });
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await notice.getByRole('button', { name: /^verify$/i }).click();
    await waitFor(async () => (await codeField.getAttribute('aria-invalid')) === 'true', { what: 'the code field marked invalid' });
    expect(await verifiedAt(shop.owner.id)).toBeNull();

    await codeField.fill(code);
    await notice.getByRole('button', { name: /^verify$/i }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await verifiedAt(shop.owner.id)).not.toBeNull();
    // The code revoked the earlier token; the dashboard goes on with the one the code gave.
    const token = await page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_TOKEN_KEY);
    expect(token).not.toBe(shop.token);
    expect(token).toMatch(/^\d+\|/);

    await improve.click();
    await page
      .getByRole('dialog', { name: /improve/i })
      .getByRole('button', { name: /start/i })
      .click();
    await page
      .getByRole('status', { name: /ai progress/i })
      .getByText(/the profile was improved/i)
      .waitFor();
    await page.getByText('AI credits: 3').waitFor();
    expect(page.url()).toContain('/dashboard/shop');
  });

  it('product form, in Spanish: the notice in Spanish; once verified, "Escribir con IA" fills the description', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { name: 'Panadería La Espiga', aiCredits: 5 } });
    await createProduct(t, shop.tenant.id, { name: 'Pan de yema', price: '30.00' });
    ai.reply({ json: { content: 'Pan suave y dorado, horneado al amanecer.' }, totalTokens: 40 });
    const page = await browser.newPage({ locale: 'es-HN' });
    await openSignedIn(page, t, shop.token, '/products');
    await page.getByRole('link', { name: 'Pan de yema' }).click();

    const notice = page.getByTestId('verify-email-notice');
    await notice.getByText(/verifique su correo electrónico para usar la ia/i).waitFor();
    const write = page.getByRole('button', { name: /escribir con ia/i });
    expect(await write.isDisabled()).toBe(true);

    const before = smtp.messages.length;
    await notice.getByRole('button', { name: /^enviar código$/i }).click();
    const code = await mailedCode(smtp, shop.owner.email, before);
    await notice.getByRole('textbox', { name: /^código/i }).fill(code);
    await notice.getByRole('button', { name: /^verificar$/i }).click();
    await notice.waitFor({ state: 'detached' });

    await write.click();
    const description = page.getByRole('textbox', { name: /descripción/i });
    await waitFor(async () => (await description.inputValue()) === 'Pan suave y dorado, horneado al amanecer.', {
      what: 'the AI text in the form',
    });
    await expectNoSeriousAxeViolations(page);
  });
});
