import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTenantWithOwner } from '@test/support/factories';
import { getOnTheWire, type WireResponse } from '@test/support/raw-http';
import { useTestApp } from '@test/support/test-app';

const ASSETS = join(__dirname, '../../../dist/storefront-assets');

function decoded(response: WireResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

/** The shop pages' script and style sheet compressed on the wire (docs/operations.md, "Static files"). */
describe("The shop pages' script and style sheet, brotli or gzip as the browser accepts", () => {
  const t = useTestApp();

  async function assetPaths(): Promise<string[]> {
    const { tenant } = await createTenantWithOwner(t);
    const html = (await t.http().get(`/s/${tenant.slug}`)).text;
    const paths = [...html.matchAll(/(?:href|src)="(\/storefront-assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(paths).toHaveLength(2);
    return paths;
  }

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %p with %p, with Vary and the file’s own bytes once decoded', async (accept, coding) => {
    for (const path of await assetPaths()) {
      const response = await getOnTheWire(t.baseUrl, path, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response).equals(readFileSync(join(ASSETS, path.slice('/storefront-assets/'.length))))).toBe(true);
    }
  });

  it('answers 304 to the ETag of the representation the browser holds, and 200 to another', async () => {
    const [styles] = await assetPaths();
    const br = await getOnTheWire(t.baseUrl, styles, { 'Accept-Encoding': 'br' });
    const gzip = await getOnTheWire(t.baseUrl, styles, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(br.headers.etag).not.toBe(gzip.headers.etag);

    const notModified = await t.http().get(styles).set('Accept-Encoding', 'br').set('If-None-Match', String(br.headers.etag));
    expect(notModified.status).toBe(304);
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    const changed = await getOnTheWire(t.baseUrl, styles, { 'Accept-Encoding': 'br', 'If-None-Match': String(gzip.headers.etag) });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-encoding']).toBe('br');
  });
});
