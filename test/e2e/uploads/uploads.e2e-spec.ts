import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { authHeader, useTenantWithOwner } from '@test/support/factories';
import { expectInvalid } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

const PATH = '/api/v1/merchant/uploads';
const dataDir = mkdtempSync(join(tmpdir(), 'sf-uploads-'));

/** A 1600×900 JPEG stored sideways (EXIF orientation 6: shown turned 90° clockwise, so 900×1600) with a camera and GPS position. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Leaky 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 5/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 12/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG of a few hundred bytes whose header declares 20000×20000 pixels (400 megapixels once decoded). */
function decompressionBomb(): Buffer {
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    }
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(200_000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The path part of a served upload URL (APP_URL is not this test server's address). */
const pathOf = (url: string) => new URL(url).pathname;

describe('Image uploads', () => {
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  const shop = useTenantWithOwner(t);
  const otherShop = useTenantWithOwner(t);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const upload = (token: string, bytes: Buffer, filename: string, contentType = 'image/jpeg') =>
    t.http().post(PATH).set(authHeader(token)).attach('file', bytes, { filename, contentType });

  it('201: a JPEG with EXIF and GPS is turned upright, stripped and served as WebP in several widths', async () => {
    const res = await upload(shop.token, await photoWithGps(), 'holiday.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: expect.stringMatching(new RegExp(`^http://localhost:3000/uploads/${shop.tenant.id}/[0-9a-f]{64}\\.webp$`)),
        width: 900,
        height: 1600,
        variants: [
          { width: 320, height: 569, url: expect.any(String) },
          { width: 640, height: 1138, url: expect.any(String) },
          { width: 900, height: 1600, url: res.body.data.url },
        ],
      },
    });

    for (const variant of res.body.data.variants as Array<{ width: number; height: number; url: string }>) {
      const served = await fetch(`${t.baseUrl}${pathOf(variant.url)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: variant.width,
        height: variant.height,
      });
      expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, orientation: meta.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(body.includes('TestCam')).toBe(false);
    }

    const [row] = await t.db.query('SELECT tenant_id, key, width, height, bytes, variants FROM uploads WHERE id = $1', [res.body.data.id]);
    expect(row).toMatchObject({
      tenant_id: shop.tenant.id,
      width: 900,
      height: 1600,
      key: pathOf(res.body.data.url).slice('/uploads/'.length),
    });
    expect(row.bytes).toBeGreaterThan(0);
    expect(row.variants).toHaveLength(3);
  });

  it('accepts PNG and WebP, never enlarging a small image', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 4, background: '#2980b9' } })
      .png()
      .toBuffer();
    const pngRes = await upload(shop.token, png, 'logo.png', 'image/png');
    expect(pngRes.status).toBe(201);
    expect(pngRes.body.data).toMatchObject({ width: 500, height: 250 });
    expect(pngRes.body.data.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 500]);

    const webp = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#27ae60' } })
      .webp()
      .toBuffer();
    // The declared type and the name do not matter: the bytes do.
    const webpRes = await upload(shop.token, webp, 'picture.bin', 'application/octet-stream');
    expect(webpRes.status).toBe(201);
    expect(webpRes.body.data).toMatchObject({ width: 200, height: 100 });
    expect(webpRes.body.data.variants).toHaveLength(1);
  });

  it('422 at file for a text file named .jpg, a truncated JPEG and a missing file', async () => {
    const text = await upload(shop.token, Buffer.from('just some text, not a picture\n'.repeat(20)), 'photo.jpg');
    expectInvalid(text, ['file']);
    expect(text.body.errors.file).toEqual(['The file must be a JPEG, PNG or WebP image.']);

    const jpeg = await photoWithGps();
    const truncated = await upload(shop.token, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg');
    expectInvalid(truncated, ['file']);
    expect(truncated.body.errors.file).toEqual(['The file must be a JPEG, PNG or WebP image.']);

    const missing = await t.http().post(PATH).set(authHeader(shop.token)).field('note', 'no file');
    expectInvalid(missing, ['file']);
    const empty = await t.http().post(PATH).set(authHeader(shop.token)).send({});
    expectInvalid(empty, ['file']);
    const broken = await t
      .http()
      .post(PATH)
      .set(authHeader(shop.token))
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nno closing boundary');
    expectInvalid(broken, ['file']);
    const two = await upload(shop.token, Buffer.from('a'), 'a.jpg').attach('extra', Buffer.from('b'), 'b.jpg');
    expectInvalid(two, ['file']);

    const spanish = await upload(shop.token, Buffer.from('nope'), 'x.jpg').set('Accept-Language', 'es');
    expect(spanish.body.errors.file).toEqual(['El archivo debe ser una imagen JPEG, PNG o WebP.']);
  });

  it('422 at file for a body over 5 MB, without reading it all', async () => {
    const res = await upload(shop.token, Buffer.alloc(6 * 1024 * 1024, 0xff), 'huge.jpg');
    expectInvalid(res, ['file']);
    expect(res.body.errors.file).toEqual(['The file may not be greater than 5 MB.']);
    // Just over the limit, within the multipart allowance: multer stops keeping bytes at 5 MB.
    const justOver = await upload(shop.token, Buffer.alloc(5 * 1024 * 1024 + 10 * 1024, 0xff), 'big.jpg');
    expectInvalid(justOver, ['file']);
    expect(justOver.body.errors.file).toEqual(['The file may not be greater than 5 MB.']);
  });

  it('422 at file for a decompression bomb, quickly and without decoding it', async () => {
    const started = Date.now();
    const res = await upload(shop.token, decompressionBomb(), 'bomb.png', 'image/png');
    expectInvalid(res, ['file']);
    expect(res.body.errors.file).toEqual(['The image may not have more than 40 megapixels.']);
    expect(Date.now() - started).toBeLessThan(2000);
    // The process still answers.
    expect((await t.http().get('/health')).status).toBe(200);
  });

  it("keeps each shop's files apart: the same image uploaded by another shop never replaces the first's", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8e44ad' } })
      .png()
      .toBuffer();
    const mine = await upload(shop.token, png, 'same.png', 'image/png');
    const theirs = await upload(otherShop.token, png, 'same.png', 'image/png');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(pathOf(mine.body.data.url)).toMatch(new RegExp(`^/uploads/${shop.tenant.id}/`));
    expect(pathOf(theirs.body.data.url)).toMatch(new RegExp(`^/uploads/${otherShop.tenant.id}/`));
    expect(mine.body.data.url).not.toBe(theirs.body.data.url);
    expect((await t.http().get(pathOf(mine.body.data.url))).status).toBe(200);
    // A name that is not a stored file, or a path that tries to leave the folder, is a 404.
    expect((await t.http().get(`/uploads/${shop.tenant.id}/${'0'.repeat(64)}.webp`)).status).toBe(404);
    expect((await t.http().get(`/uploads/${shop.tenant.id}/..%2F..%2Fapp-key`)).status).toBe(404);
  });

  it('lets a product and the shop use an upload URL', async () => {
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#16a085' } })
      .png()
      .toBuffer();
    const { url } = (await upload(shop.token, png, 'p.png', 'image/png')).body.data;
    const product = await t
      .http()
      .post('/api/v1/merchant/products')
      .set(authHeader(shop.token))
      .send({ name: 'Pictured', price: 5, image_url: url });
    expect(product.status).toBe(201);
    expect(product.body.data.image_url).toBe(url);
    const profile = await t.http().patch('/api/v1/merchant/shop').set(authHeader(shop.token)).send({ logo_url: url });
    expect(profile.status).toBe(200);
    expect(profile.body.data.logo_url).toBe(url);
    // Any other http:// URL is still refused.
    const foreign = await t
      .http()
      .post('/api/v1/merchant/products')
      .set(authHeader(shop.token))
      .send({ name: 'x', price: 1, image_url: 'http://elsewhere.test/a.webp' });
    expectInvalid(foreign, ['image_url']);
  });

  it('401 without a token', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await t.http().post(PATH).attach('file', png, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });
});
