import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useStarted } from './lifecycle';
import { waitFor } from './wait';
import { BrowserKeys, ContentEncoding, ReceivedPush } from './web-push-receiver';

export interface AnsweredPush extends ReceivedPush {
  /** The status the fake push service answered with. */
  status: number;
}

/** One browser subscribed to the fake push service: its endpoint and keys, and what reached it. */
export interface FakeBrowser {
  endpoint: string;
  contentEncoding: ContentEncoding;
  keys: BrowserKeys;
  /** The body of `POST /api/v1/push-subscriptions` for this browser. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; contentEncoding: ContentEncoding };
  /** Every push request to this endpoint, whatever it was answered. */
  requests(): AnsweredPush[];
  /** The pushes the service accepted (2xx), decrypted and parsed as JSON. */
  accepted(): unknown[];
}

export interface FakePushService {
  /** https://127.0.0.1:<port> — the audience of the VAPID JWT. */
  origin: string;
  /** Its port: the value for PUSH_ALLOWED_PORTS. */
  port: string;
  /** The PEM of its self-signed certificate: the value for PUSH_CA_FILE. */
  caFile: string;
  requests: AnsweredPush[];
  /** A new browser subscription (its own endpoint and keys) on this service. */
  browser(contentEncoding?: ContentEncoding): FakeBrowser;
  /** Answers the next pushes to `endpoint` with these statuses, in order; 201 after them. */
  answer(endpoint: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * A Web Push service on loopback over real TLS (a self-signed certificate made with `openssl` for
 * 127.0.0.1, trusted by the app through PUSH_CA_FILE): it records every push and answers 201 Created,
 * or the statuses a test asks for.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-push-'));
  const caFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile],
    ],
    { stdio: 'ignore' },
  );
  const requests: AnsweredPush[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer({ cert: readFileSync(caFile), key: readFileSync(keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answers.get(path)?.shift() ?? 201;
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as AddressInfo).port);
  const origin = `https://127.0.0.1:${port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;

  return {
    origin,
    port,
    caFile,
    requests,
    browser(contentEncoding: ContentEncoding = 'aes128gcm'): FakeBrowser {
      const keys = new BrowserKeys();
      const endpoint = `${origin}/push/${randomUUID()}`;
      const requestsTo = () => requests.filter((push) => push.path === pathOf(endpoint));
      return {
        endpoint,
        contentEncoding,
        keys,
        subscription: { endpoint, keys: keys.keys, contentEncoding },
        requests: requestsTo,
        accepted: () =>
          requestsTo()
            .filter((push) => push.status < 300)
            .map((push) => JSON.parse(keys.decrypt(push).toString('utf8')) as unknown),
      };
    },
    answer(endpoint: string, ...statuses: number[]) {
      answers.set(pathOf(endpoint), statuses);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** A fake push service for a describe block: started in its beforeAll, closed in its afterAll. */
export function useFakePushService(): FakePushService {
  return useStarted(startFakePushService, (service) => service.close());
}

/** Resolves once `browser` has accepted `count` pushes (fails on more), answering their payloads. */
export async function pushesTo(browser: FakeBrowser, count: number): Promise<unknown[]> {
  const payloads = await waitFor(() => browser.accepted().length >= count && browser.accepted(), {
    timeoutMs: 15_000,
    what: `${count} push(es) to ${browser.endpoint}`,
  });
  expect(payloads).toHaveLength(count);
  return payloads;
}
