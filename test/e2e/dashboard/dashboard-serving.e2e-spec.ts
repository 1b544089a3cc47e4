import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestApp } from '@test/support/test-app';

/** The dashboard's files at /dashboard/ (dashboard.md "Where it lives"): caching, deep links, CSP. */
describe('The dashboard served at /dashboard/', () => {
  const t = useTestApp();

  const cspOf = (header: string | undefined) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );

  it('answers index.html, never cached, with a strict CSP whose style nonce is the one the page carries', async () => {
    const first = await t.http().get('/dashboard/');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.text).toContain('<div id="root"></div>');

    const csp = cspOf(first.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src'][0]).toBe("'self'");
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['style-src']).toHaveLength(2);
    expect(csp['style-src'][0]).toBe("'self'");
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-(inline|eval)/);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(csp['style-src'][1])?.[1];
    expect(nonce).toBeDefined();
    expect(first.text).toContain(`<meta name="csp-nonce" content="${nonce}"`);
    // No inline script: every script of the page is a file of the service.
    expect(first.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const second = await t.http().get('/dashboard');
    expect(second.status).toBe(200);
    expect(cspOf(second.headers['content-security-policy'])['style-src'][1]).not.toBe(csp['style-src'][1]);
  });

  it.each(['/dashboard/orders', '/dashboard/orders/1042', '/dashboard/products/new', '/dashboard/sign-in', '/dashboard/unknown-page'])(
    'answers the app at %s, so a deep link opens on reload',
    async (path) => {
      const response = await t.http().get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain('<div id="root"></div>');
    },
  );

  it('serves the hashed files of the build for a year, and a 404 for any other name', async () => {
    const index = (await t.http().get('/dashboard/')).text;
    const files = [...index.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const response = await t.http().get(file);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(file.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // The file's own bytes.
      expect(response.text).toBe(readFileSync(join(__dirname, '../../../dist', file), 'utf8'));
    }

    for (const path of [
      '/dashboard/assets/missing-0000.js',
      '/dashboard/assets/..%2F..%2Fpackage.json',
      '/dashboard/assets/.env',
      '/dashboard/sw-missing.js',
    ]) {
      const response = await t.http().get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'No such file.' });
    }
  });

  it('serves the service worker by its fixed name at the root of /dashboard/, revalidated on every use', async () => {
    const response = await t
      .http()
      .get('/dashboard/sw.js')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Its own bytes, not a JSON rendering of them.
    expect((response.body as Buffer).equals(readFileSync(join(__dirname, '../../../dist/dashboard/sw.js')))).toBe(true);
    expect((response.body as Buffer).toString('utf8')).toContain("addEventListener('notificationclick'");
  });
});
