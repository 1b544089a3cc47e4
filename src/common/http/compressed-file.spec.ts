import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressibleFile, preferredCoding } from './compressed-file';

describe('preferredCoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.9', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['GZIP ; Q=0.8', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%p → %p', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('CompressibleFile', () => {
  const text = Buffer.from('body { color: red; }\n'.repeat(200));

  it('compresses text once per coding, with its own entity tag, and decodes to the same bytes', async () => {
    const file = new CompressibleFile(text, 'text/css; charset=utf-8');
    const br = await file.representation('br');
    const gzip = await file.representation('gzip');
    const identity = await file.representation(undefined);
    expect(brotliDecompressSync(br.body).equals(text)).toBe(true);
    expect(gunzipSync(gzip.body).equals(text)).toBe(true);
    expect(identity).toEqual({ body: text, coding: null, etag: expect.stringMatching(/^"[\w-]+"$/) });
    expect(new Set([br.etag, gzip.etag, identity.etag]).size).toBe(3);
    expect((await file.representation('br')).body).toBe(br.body);
  });

  it('takes the copy the build made when there is one', async () => {
    const copy = Buffer.from('built');
    const file = new CompressibleFile(text, 'text/javascript', (coding) => Promise.resolve(coding === 'br' ? copy : null));
    expect((await file.representation('br')).body).toBe(copy);
    expect(gunzipSync((await file.representation('gzip')).body).equals(text)).toBe(true);
  });

  it('sends images and fonts as they are, and anything a coding would not make smaller', async () => {
    const image = new CompressibleFile(text, 'image/png');
    expect(image.compressible).toBe(false);
    expect((await image.representation('br')).coding).toBeNull();
    const tiny = new CompressibleFile(Buffer.from('x'), 'text/plain');
    expect((await tiny.representation('gzip')).coding).toBeNull();
  });
});
