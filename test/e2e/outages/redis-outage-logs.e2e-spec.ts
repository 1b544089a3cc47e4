import { randomUUID } from 'node:crypto';
import { createShop } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { trackEvent } from '@test/support/http-clients';
import { expectQuiet503Log, logsOf503s } from '@test/support/outage-logs';
import { useRedisServer } from '@test/support/private-servers';
import { ProbeModule } from '@test/support/probe.module';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

// One app in this file: nestjs-pino keeps the first logger it is given for the lines written outside
// a request (as the summaries are), so a second app's summaries would land in the first one's capture.
describeIf(requirements.redisServer)('Log of the 503s of a Redis outage (decisions §15)', () => {
  jest.setTimeout(60_000);
  let redisDown = false;
  afterAll(async () => {
    if (redisDown) await redis.restart();
  });
  const redis = useRedisServer();
  const t = useTestApp(() => ({
    imports: [ProbeModule],
    logLevel: 'info',
    env: { REDIS_URL: redis.url, STORE_BACKEND: 'redis', QUEUE_BACKEND: 'redis' },
  }));

  it('50 requests answered 503 (events whose queue is down, requests whose idempotency record cannot be kept) are one warning line', async () => {
    const { tenant } = await createShop(t);
    const keyed = () => t.http().post('/test-probe/work').set('Idempotency-Key', randomUUID()).send({ label: randomUUID() }).timeout(5_000);
    expect((await trackEvent(t, tenant.id)).status).toBe(202);
    expect((await keyed()).status).toBe(201);

    await redis.kill();
    redisDown = true;
    try {
      // Wait for the app to see Redis gone: a request sent before may still have been answered.
      await waitFor(async () => (await t.http().get('/health/ready')).status === 503, { what: 'readiness 503' });
      const send = async (i: number) => (await (i % 2 ? keyed() : trackEvent(t, tenant.id).timeout(5_000))).status;
      expectQuiet503Log(await logsOf503s(t, 'redis', 50, send), 'redis', 50);
    } finally {
      // Back, and every connection with it, before the app is closed.
      await redis.restart();
      redisDown = false;
      await waitFor(async () => (await t.http().get('/health/ready')).status === 200, { what: 'readiness 200' });
    }
  });
});
