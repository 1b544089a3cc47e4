import type { TestApp } from './test-app';
import { waitFor } from './wait';

/** The log line a `log` transport (MAIL_URL=log / SMS_URL=log) wrote for a message to `to`. */
export function loggedMessage(t: TestApp, kind: 'mail' | 'sms', to: string): Promise<Record<string, unknown>> {
  return waitFor(() => t.logs.find((line) => (line[kind] as { to?: string } | undefined)?.to === to), {
    what: `the ${kind} to ${to} in the log`,
  });
}

/** Everything the app has logged so far, as text: for proving that a secret appears nowhere. */
export const allLogText = (t: TestApp) => t.logs.map((line) => JSON.stringify(line)).join('\n');
