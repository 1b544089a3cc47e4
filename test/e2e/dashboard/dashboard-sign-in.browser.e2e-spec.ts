import { createTenantWithOwner } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { dashboardUrl, DASHBOARD_TOKEN_KEY, mailedCode, signInWithEmailCode } from '@test/support/dashboard';
import { useTestApp } from '@test/support/test-app';

describeWithBrowser('Dashboard: signing in by e-mail code', () => {
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url } }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('signs an owner in with the code mailed to them and opens the page a deep link asked for (%s)', async (_name, viewport) => {
    const { owner } = await createTenantWithOwner(t);
    const page = await browser.newPage({ viewport });

    await page.goto(dashboardUrl(t, '/orders'));
    // Not signed in: the deep link waits behind sign-in.
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();
    expect(page.url()).toBe(dashboardUrl(t, '/sign-in'));
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);

    await signInWithEmailCode(page, t, smtp, owner.email, { landsOn: /^orders$/i });
    expect(page.url()).toBe(dashboardUrl(t, '/orders'));
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toMatch(/^\d+\|/);
    expect(await page.evaluate((key) => localStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toBeNull();
    await expectNoSeriousAxeViolations(page);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('signs in with the keyboard alone', async () => {
    const { owner } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await page.goto(dashboardUrl(t, '/sign-in'));
    await page.getByRole('heading', { name: /^sign in$/i }).waitFor();

    const before = smtp.messages.length;
    await tabTo(page, 'Email');
    await page.keyboard.type(owner.email);
    await page.keyboard.press('Enter');
    const code = await mailedCode(smtp, owner.email, before);
    await page.getByRole('textbox', { name: /code/i }).waitFor();
    await tabTo(page, 'Code');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /overview/i }).waitFor();
  });

  it('keeps the token in localStorage only when "Remember this device" is ticked', async () => {
    const { owner } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await page.goto(dashboardUrl(t, '/sign-in'));
    const before = smtp.messages.length;
    await page.getByRole('textbox', { name: /email/i }).fill(owner.email);
    await page.getByRole('button', { name: /send code/i }).click();
    await page.getByRole('textbox', { name: /code/i }).fill(await mailedCode(smtp, owner.email, before));
    await page.getByRole('checkbox', { name: /remember this device/i }).check();
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByRole('heading', { name: /overview/i }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toMatch(/^\d+\|/);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_TOKEN_KEY)).toBeNull();
    // Never in the URL.
    expect(page.url()).not.toMatch(/\|/);
  });

  it('refuses a wrong code at the Code field', async () => {
    const { owner } = await createTenantWithOwner(t);
    const page = await browser.newPage();
    await page.goto(dashboardUrl(t, '/sign-in'));
    const before = smtp.messages.length;
    await page.getByRole('textbox', { name: /email/i }).fill(owner.email);
    await page.getByRole('button', { name: /send code/i }).click();
    const code = await mailedCode(smtp, owner.email, before);
    const wrong = code === '000000' ? '111111' : '000000';
    const field = page.getByRole('textbox', { name: /code/i });
    await field.fill(wrong);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.locator('[aria-invalid="true"]').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const described = await field.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    expect((await page.locator(`[id="${described!.split(' ').pop()}"]`).textContent())?.length).toBeGreaterThan(3);
  });

  /** Presses Tab until the focused element is the control labelled `label` (at most 30 presses). */
  async function tabTo(page: import('playwright-core').Page, label: string): Promise<void> {
    for (let presses = 0; presses < 30; presses++) {
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        return element?.labels?.[0]?.textContent ?? element?.getAttribute('aria-label') ?? '';
      });
      if (focused.replace(/\s*\*$/, '').trim() === label) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached "${label}"`);
  }
});
