import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getOnTheWire, type WireResponse } from '@test/support/raw-http';
import { useTestApp } from '@test/support/test-app';

const BUILD = join(__dirname, '../../../dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The bytes a response stands for, decompressed as its `Content-Encoding` says. */
function decoded(response: WireResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  expect(coding).toBeUndefined();
  return response.body;
}

/** The dashboard's files compressed on the wire (docs/operations.md, "Static files"; docs/dashboard.md). */
describe("The dashboard's files, brotli or gzip as the browser accepts", () => {
  const t = useTestApp();

  async function indexScripts(): Promise<{ modules: string[]; preloads: string[]; styles: string[] }> {
    const index = (await t.http().get('/dashboard/')).text;
    const links = (pattern: RegExp) => [...index.matchAll(pattern)].map((match) => match[1]);
    return {
      modules: links(/<script type="module"[^>]*\bsrc="([^"]+)"/g),
      preloads: links(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"/g),
      styles: links(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"/g),
    };
  }

  it('moves at most 300 KB of JavaScript on a first visit: the page’s module scripts and their preloads', async () => {
    const { modules, preloads } = await indexScripts();
    expect(modules.length).toBeGreaterThan(0);
    let transferred = 0;
    let identity = 0;
    for (const path of [...modules, ...preloads]) {
      const response = await getOnTheWire(t.baseUrl, path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      const file = readFileSync(join(BUILD, path));
      expect(decoded(response).equals(file)).toBe(true);
      transferred += response.body.length;
      identity += file.length;
    }
    expect(transferred).toBeLessThanOrEqual(300 * 1024);
    // What the budget is about: the same files uncompressed are well over it.
    expect(identity).toBeGreaterThan(300 * 1024);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %p with %p, the file’s own bytes once decoded', async (accept, coding) => {
    const { modules, styles } = await indexScripts();
    for (const path of [modules[0], styles[0]]) {
      const response = await getOnTheWire(t.baseUrl, path, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-type']).toMatch(path.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(decoded(response).equals(readFileSync(join(BUILD, path)))).toBe(true);
    }
  });

  it('gives each representation its own ETag, and answers 304 to the one the client holds', async () => {
    const [path] = (await indexScripts()).modules;
    const tags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const response = await getOnTheWire(t.baseUrl, path, { 'Accept-Encoding': accept });
      tags.set(accept, String(response.headers.etag));
    }
    expect(new Set(tags.values()).size).toBe(3);
    for (const tag of tags.values()) expect(tag).toMatch(/^"[\w-]+"$/);

    const notModified = await t.http().get(path).set('Accept-Encoding', 'br').set('If-None-Match', tags.get('br')!);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(tags.get('br'));
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    expect(notModified.headers['cache-control']).toBe(IMMUTABLE);
    expect(notModified.text ?? '').toBe('');

    // The gzip copy's tag does not stand for the brotli one.
    const other = await getOnTheWire(t.baseUrl, path, { 'Accept-Encoding': 'br', 'If-None-Match': tags.get('gzip')! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('compresses a file the build made no copy of (the service worker) once, on first request', async () => {
    const file = readFileSync(join(BUILD, 'dashboard/sw.js'));
    for (const coding of ['br', 'gzip']) {
      const response = await getOnTheWire(t.baseUrl, '/dashboard/sw.js', { 'Accept-Encoding': coding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body.length).toBeLessThan(file.length);
      expect(decoded(response).equals(file)).toBe(true);
    }
  });

  it('never serves the compressed copies by their own names', async () => {
    const [path] = (await indexScripts()).modules;
    for (const copy of [`${path}.br`, `${path}.gz`]) {
      const response = await t.http().get(copy);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'No such file.' });
    }
  });
});
