/** 180 days: how long a browser keeps to HTTPS for the host once told (docs/security.md, "Response headers and the HTTP edge"). */
export const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The headers every answer of the service carries (docs/security.md, "Response headers and the HTTP edge"):
 * `X-Content-Type-Options: nosniff` always, so no answer (an API error, a CSV, a script) is ever
 * taken by a browser for another type than the one it says; `Strict-Transport-Security` only in
 * production behind an `https` APP_URL, where the public address is HTTPS and telling a browser so
 * cannot lock it out of a plain-HTTP development server.
 */
export function securityHeaders(env: { NODE_ENV: string; APP_URL: string }): ReadonlyArray<readonly [name: string, value: string]> {
  const headers: Array<readonly [string, string]> = [['X-Content-Type-Options', 'nosniff']];
  if (env.NODE_ENV === 'production' && /^https:\/\//i.test(env.APP_URL)) headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}
