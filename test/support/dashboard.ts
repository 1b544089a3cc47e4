import type { Page } from 'playwright-core';
import type { FakeSmtpServer } from './fake-servers';
import type { TestApp } from './test-app';

/** Where the dashboard keeps the bearer token (dashboard/src/api/session.ts). */
export const DASHBOARD_TOKEN_KEY = 'storefront.dashboard.token';

/** `${baseUrl}/dashboard<path>`: `dashboardUrl(t, '/orders/12')`. */
export function dashboardUrl(t: Pick<TestApp, 'baseUrl'>, path = '/'): string {
  return `${t.baseUrl}/dashboard${path}`;
}

/**
 * Opens a dashboard page already signed in with `token` (one the factories made): the token goes
 * into the tab's sessionStorage as the sign-in page would put it, then the page loads. For tests
 * whose subject is not signing in; the sign-in flow itself is `signInWithEmailCode`.
 */
export async function openSignedIn(page: Page, t: Pick<TestApp, 'baseUrl'>, token: string, path = '/'): Promise<void> {
  await page.goto(dashboardUrl(t, '/sign-in'));
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [DASHBOARD_TOKEN_KEY, token] as const);
  await page.goto(dashboardUrl(t, path));
  // The layout's header (every signed-in page has it, whatever the width and the language).
  await page.getByRole('banner').waitFor();
}

/** The six digits of the latest sign-in code mailed to `email` (the fake SMTP server's copy). */
export async function mailedCode(smtp: FakeSmtpServer, email: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    (message) => smtp.messages.indexOf(message) >= after && message.to.includes(email.toLowerCase()) && /\b\d{6}\b/.test(message.text),
  );
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

/**
 * The real sign-in: the email, "Send code", the code from the mail, "Sign in" (decisions §3), with
 * the page's own controls found by role and name. Starts from the sign-in page as it is (or opens
 * it), and waits for the heading of the page it lands on (Overview, or the page a deep link asked for).
 */
export async function signInWithEmailCode(
  page: Page,
  t: Pick<TestApp, 'baseUrl'>,
  smtp: FakeSmtpServer,
  email: string,
  { landsOn = /overview/i }: { landsOn?: RegExp } = {},
): Promise<void> {
  const before = smtp.messages.length;
  if (!page.url().startsWith(dashboardUrl(t, '/sign-in'))) await page.goto(dashboardUrl(t, '/sign-in'));
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: /send code/i }).click();
  const code = await mailedCode(smtp, email, before);
  await page.getByRole('textbox', { name: /code/i }).fill(code);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('heading', { name: landsOn }).waitFor();
}
