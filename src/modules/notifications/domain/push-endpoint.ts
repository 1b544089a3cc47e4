/**
 * Which push endpoints the service posts to (decisions §12): `https://` URLs of a push service named
 * in `PUSH_ALLOWED_HOSTS`, so a subscription can never make the server call an arbitrary host (no
 * SSRF). The list is checked when a subscription is registered and again before each push, so a host
 * taken off the list is no longer called even for subscriptions stored before.
 */

/** `PUSH_ALLOWED_HOSTS` (validated at start-up) as lower-case entries; `*.example.com` matches any subdomain, not the apex. */
export function parseAllowedPushHosts(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * Why `endpoint` is refused, or null when it may be pushed to. The port is not checked: the host
 * names the push service, and a self-hosted one may listen anywhere.
 */
export function pushEndpointProblem(endpoint: string, allowed: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a valid URL.';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https:// URL.';
  // Credentials in the URL would be sent to the push service as an Authorization header of our own.
  if (url.username !== '' || url.password !== '') return 'The endpoint must not contain credentials.';
  if (!isAllowedPushHost(url.hostname, allowed)) return 'The endpoint is not on an allowed push service.';
  return null;
}
