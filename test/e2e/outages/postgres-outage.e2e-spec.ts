import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { runMigrations } from '@infra/database/run-migrations';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useStarted } from '@test/support/lifecycle';
import { describeIf, requirements } from '@test/support/conditions';
import { usePostgresServer } from '@test/support/private-servers';
import { handshake, useRealtimeClients } from '@test/support/socket-clients';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** The response and how long the service took to give it; a request that hangs fails the test. */
async function timed(request: Test): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const res = await request.timeout(10_000);
  return { res, ms: Date.now() - started };
}

const UNAVAILABLE = { message: 'Service temporarily unavailable.' };
describeIf(requirements.postgresBinaries)('PostgreSQL outage (decisions §13)', () => {
  jest.setTimeout(90_000);
  let postgresDown = false;
  // Runs before the hooks below stop the app: an app never closes against a server a failed test left stopped.
  afterAll(async () => {
    if (postgresDown) await postgres.restart();
  });
  const postgres = usePostgresServer();
  // The schema, before the app starts on it.
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const t = useTestApp(() => ({
    // API only, with queues of its own: no worker of this app takes another suite's jobs.
    role: 'api',
    logLevel: 'info',
    // No token cache: every request and handshake below meets PostgreSQL's absence itself (a token
    // verified in the last AUTH_TOKEN_CACHE_MS would let a Socket.IO handshake through).
    env: { DATABASE_URL: postgres.url, QUEUE_PREFIX: `pg-outage-${randomUUID().slice(0, 8)}`, AUTH_TOKEN_CACHE_MS: '0' },
  }));
  const realtime = useRealtimeClients();

  it('stopped hard: orders and lists 503 with Retry-After within 2 s, readiness 503 within 1 s; serving again within 2 s of its return', async () => {
    const { tenant, location, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: null });
    const order = () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { location_id: location.id }));
    const list = () => t.http().get('/api/v1/orders').set(authHeader(token));
    const ready = () => t.http().get('/health/ready');

    // Positive controls: the same requests while PostgreSQL is up.
    expect((await order()).status).toBe(201);
    expect((await list()).status).toBe(200);
    expect((await ready()).status).toBe(200);

    await postgres.stopImmediately();
    postgresDown = true;

    const readiness = await timed(ready());
    expect(readiness.res.status).toBe(503);
    expect(readiness.ms).toBeLessThan(1_000);
    expect((await t.http().get('/health/live')).status).toBe(200);

    for (const [what, send] of [
      ['order', order],
      ['list', list],
      ['order again', order],
      ['list again', list],
    ] as const) {
      const { res, ms } = await timed(send());
      expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 503, body: UNAVAILABLE });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(ms).toBeLessThan(2_000);
    }
    // The Socket.IO handshake checks its token in PostgreSQL too: refused as retryable, not hung.
    const handshakeStarted = Date.now();
    expect(await handshake(realtime.connect(t.baseUrl, { auth: { token } }))).toEqual({
      connected: false,
      message: UNAVAILABLE.message,
      data: undefined,
    });
    expect(Date.now() - handshakeStarted).toBeLessThan(2_000);

    await postgres.restart();
    postgresDown = false;
    const back = Date.now();
    await waitFor(async () => (await order().timeout(2_000)).status === 201, {
      timeoutMs: 2_000,
      intervalMs: 100,
      what: 'orders to be placed again',
    });
    expect(Date.now() - back).toBeLessThan(2_500);
    expect((await list()).status).toBe(200);
    await waitFor(async () => (await ready().timeout(2_000)).status === 200, { timeoutMs: 2_000, what: 'readiness 200' });

    // The pool's outage is one JSON line through the app's logger, and one when it is back.
    const lines = (msg: string) => t.logs.filter((line) => line.msg === msg && line.dependency === 'postgres');
    expect(lines('Connection lost; retrying')).toHaveLength(1);
    expect(lines('Connection restored')).toHaveLength(1);
    // With the store on PostgreSQL, rate limiting went on in memory through the outage (decisions §13), and back.
    const rateLimiterLines = t.get(KeyValueStore).mode === 'postgres' ? 1 : 0;
    expect(t.logs.filter((line) => String(line.msg).startsWith('Rate-limit store unreachable'))).toHaveLength(rateLimiterLines);
    // It goes back to the store on the first counted request once the store answers again.
    await waitFor(
      async () => {
        await list();
        return t.logs.filter((line) => String(line.msg).startsWith('Rate-limit store is back')).length === rateLimiterLines;
      },
      { what: 'the rate limiter to count in the store again' },
    );
  });
});
