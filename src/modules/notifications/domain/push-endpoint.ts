import { parse as legacyParse } from 'node:url';

/**
 * Which push endpoints the service posts to (decisions §12, §15): `https://` URLs of a push service
 * named in `PUSH_ALLOWED_HOSTS`, on a port of `PUSH_ALLOWED_PORTS`, so a subscription can never make
 * the server call an arbitrary host or port (no SSRF). The rules are checked when a subscription is
 * registered and again before each push, so a host taken off the list is no longer called even for
 * subscriptions stored before.
 *
 * The rules are read with WHATWG `URL`, but the `web-push` library sends with node's legacy
 * `url.parse`, which reads some URLs otherwise (`https://127.0.0.1;.notify.windows.com/x` is a host
 * of `*.notify.windows.com` to the one and 127.0.0.1 to the other). So the host must be a plain DNS
 * name, and a URL the two parsers disagree on (protocol, host, port, path) is refused; what is
 * stored is the re-serialised URL, which both read alike.
 */

export interface PushEndpointRules {
  /** PUSH_ALLOWED_HOSTS, as `parseAllowedPushHosts` reads it. */
  hosts: readonly string[];
  /** PUSH_ALLOWED_PORTS, as `parseAllowedPushPorts` reads it. */
  ports: readonly number[];
}

const HTTPS_PORT = 443;
/** Letters, digits, `-` and `.`: nothing a URL parser could read as the end of the host. */
const PLAIN_DNS_HOST = /^[a-z0-9.-]+$/;

/** `PUSH_ALLOWED_HOSTS` (validated at start-up) as lower-case entries; `*.example.com` matches any subdomain, not the apex. */
export function parseAllowedPushHosts(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

/** `PUSH_ALLOWED_PORTS` (validated at start-up) as numbers. */
export function parseAllowedPushPorts(value: string): number[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(Number);
}

export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** Why `endpoint` is refused, or null when it may be pushed to (stored as `canonicalPushEndpoint` gives it). */
export function pushEndpointProblem(endpoint: string, rules: PushEndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a valid URL.';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https:// URL.';
  // Credentials in the URL would be sent to the push service as an Authorization header of our own.
  // An empty user name (`https://@host/`) counts: the legacy parser sees userinfo there.
  const legacy = legacyRead(endpoint);
  if (url.username !== '' || url.password !== '' || (legacy !== null && legacy.auth !== null)) {
    return 'The endpoint must not contain credentials.';
  }
  if (!PLAIN_DNS_HOST.test(url.hostname)) return 'The endpoint host must be a plain DNS name (letters, digits, "-" and ".").';
  if (!rules.ports.includes(portOf(url.port))) return 'The endpoint must use a port of PUSH_ALLOWED_PORTS.';
  if (!readAlike(url, legacy) || !readAlike(new URL(url.href), legacyRead(url.href))) {
    return 'The endpoint is read differently by URL parsers: send it in its plain form.';
  }
  if (!isAllowedPushHost(url.hostname, rules.hosts)) return 'The endpoint is not on an allowed push service.';
  return null;
}

/** The form an endpoint is stored and sent in: WHATWG's serialisation (host lower-cased, the default port left out). */
export function canonicalPushEndpoint(endpoint: string): string {
  return new URL(endpoint).href;
}

function portOf(port: string | null): number {
  return port ? Number(port) : HTTPS_PORT;
}

type LegacyUrl = ReturnType<typeof legacyParse>;

/** The URL as `web-push` reads it; null when that parser gives up on it. */
function legacyRead(endpoint: string): LegacyUrl | null {
  try {
    return legacyParse(endpoint);
  } catch {
    return null;
  }
}

/** The two parsers agree on where a request to this URL goes and what it asks for. */
function readAlike(url: URL, legacy: LegacyUrl | null): boolean {
  return (
    legacy !== null &&
    legacy.protocol === url.protocol &&
    (legacy.hostname ?? '').toLowerCase() === url.hostname &&
    portOf(legacy.port) === portOf(url.port) &&
    (legacy.path ?? '/') === `${url.pathname}${url.search}`
  );
}
