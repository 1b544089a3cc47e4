import type { Locator, Page } from 'playwright-core';
import type { FakeSmtpServer } from './fake-servers';
import type { TestApp } from './test-app';
import { waitFor } from './wait';

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
  const trail = pageTrail(page);
  try {
    await page.goto(dashboardUrl(t, path));
    // The layout's header: every signed-in page has it, whatever the width and the language.
    await page.getByRole('banner').waitFor({ timeout: 40_000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await trail.describe()}`, { cause: error });
  } finally {
    trail.stop();
  }
}

/**
 * What a page went through, for the message of a wait that timed out: its address, the text it
 * shows, the browser console's errors, and requests that failed or were answered 4xx/5xx.
 */
export function pageTrail(page: Page): { describe(): Promise<string>; stop(): void } {
  const events: string[] = [];
  const started = Date.now();
  const at = () => `+${Date.now() - started} ms`;
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' || message.type() === 'warning') events.push(`${at()} console.${message.type()}: ${message.text()}`);
  };
  const onPageError = (error: Error) => events.push(`${at()} uncaught: ${error.message}`);
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) =>
    events.push(`${at()} request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.status() >= 400) events.push(`${at()} ${response.status()} ${response.url()}`);
  };
  const onLoad = () => events.push(`${at()} load event`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  page.on('load', onLoad);
  return {
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
      page.off('load', onLoad);
    },
    async describe() {
      const text = await page
        .evaluate(() => document.body?.innerText ?? '(no body)')
        .catch((error: Error) => `(unreadable: ${error.message})`);
      return [
        `The page at ${page.url()} showed: ${JSON.stringify(text.slice(0, 400))}`,
        ...(events.length ? events.slice(0, 40) : ['(no console errors, failed requests or load event)']),
      ].join('\n');
    },
  };
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

/**
 * Turns a switch (a Mantine Switch: `role="switch"` on a visually hidden checkbox) on or off by
 * keyboard, as a person tabbing to it would, and waits until it shows the state. A forced click on
 * the hidden input could land on a dialog still opening and leave the switch as it was.
 */
export async function setSwitch(control: Locator, on: boolean): Promise<void> {
  if ((await control.isChecked()) !== on) await control.press('Space');
  await waitFor(async () => (await control.isChecked()) === on, { what: `the switch turned ${on ? 'on' : 'off'}` });
}
