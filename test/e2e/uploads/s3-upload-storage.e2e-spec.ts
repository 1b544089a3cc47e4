import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateEnv } from '@config/validate-env';
import { S3UploadStorage } from '@modules/uploads/file-stores/s3-upload-storage';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Stands in for an S3-compatible store: records every request and answers 200, as S3 does to a PUT. */
async function fakeObjectStore(): Promise<{ server: Server; endpoint: string; received: ReceivedRequest[] }> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { ETag: '"etag"' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('Uploads in an S3-compatible object store', () => {
  let store: Awaited<ReturnType<typeof fakeObjectStore>>;
  beforeAll(async () => {
    store = await fakeObjectStore();
  });
  afterAll(() => new Promise((resolve) => store.server.close(resolve)));

  const settings = () => ({
    endpoint: store.endpoint,
    bucket: 'shop-images',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret-example-key',
    region: 'us-east-1',
    publicUrl: '',
  });
  const key = `0b5d3c3e-8f3a-4a57-9d4a-3f1e2b7c9a10/${'a'.repeat(64)}.webp`;

  it('PUTs the file path-style under uploads/, signed, with its type and a year of caching', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await new S3UploadStorage(settings()).put(key, body, 'image/webp');

    expect(store.received).toHaveLength(1);
    const [put] = store.received;
    expect(put.method).toBe('PUT');
    expect(put.url.split('?')[0]).toBe(`/shop-images/uploads/${key}`);
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/);
    expect(put.body.includes(body)).toBe(true);
  });

  it('gives the public URL under S3_PUBLIC_URL, or the endpoint and bucket', () => {
    expect(new S3UploadStorage(settings()).publicUrl(key)).toBe(`${store.endpoint}/shop-images/uploads/${key}`);
    expect(new S3UploadStorage({ ...settings(), publicUrl: 'https://img.example.com/' }).publicUrl(key)).toBe(
      `https://img.example.com/uploads/${key}`,
    );
  });

  it('refuses a configuration with some of the S3 variables only, naming the missing ones', () => {
    expect(() => validateEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'images' })).toThrow(
      /S3_ACCESS_KEY_ID is required when S3_ENDPOINT, S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY is required/,
    );
    expect(() => validateEnv({ S3_ENDPOINT: 'not a url', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    const env = validateEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(env.S3_REGION).toBe('us-east-1');
    expect(validateEnv({}).S3_ENDPOINT).toBe('');
  });
});
