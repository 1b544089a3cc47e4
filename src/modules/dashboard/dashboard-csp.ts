import { randomBytes } from 'node:crypto';

/** A fresh nonce for one answer of index.html: 128 random bits, base64. */
export function styleNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The dashboard's Content-Security-Policy (dashboard.md): scripts from the service only, never
 * inline or eval'd; style sheets from the service plus the style elements Mantine injects (its
 * CSS variables), which carry this answer's nonce; API calls and the Socket.IO connection to the
 * same origin (`'self'` covers ws:/wss: of the same host in CSP 3; the explicit ws/wss source is for
 * browsers that predate it); images from anywhere safe (product images are https URLs); no frames.
 */
export function dashboardCsp(nonce: string, host: string | undefined): string {
  const sameHostSockets =
    host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `connect-src 'self'${sameHostSockets}`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
