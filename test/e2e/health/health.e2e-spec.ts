import { KeyValueStore } from '@infra/store/key-value-store';
import { HealthChecksService } from '@modules/health/health-checks.service';
import { runCli } from '@test/support/cli';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { SHARED_REDIS } from '@test/support/test-env';

describe('Health (spec 4.8, decisions §11)', () => {
  // API-only apps: a worker's minute refresh (any app with workers shares the cached report) would
  // race the assertions about what is cached.
  const t = useTestApp({ role: 'api' });
  beforeAll(() => t.get(KeyValueStore).delete('health:last-report'));

  it('GET /health runs the checks when nothing is cached and answers the spatie-style report', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(new Date(res.body.finishedAt).toISOString()).toBe(res.body.finishedAt);
    expect(res.body.checkResults.map((result: { name: string }) => result.name)).toEqual([
      'Database',
      'UsedDiskSpace',
      'Cache',
      // Redis's own persistence is checked only where Redis runs (decisions §14).
      ...(SHARED_REDIS ? ['RedisPersistence'] : []),
    ]);
    // The test Redis runs without AOF, so RedisPersistence warns (test/e2e/operations/redis-persistence).
    for (const result of res.body.checkResults.filter((check: { name: string }) => check.name !== 'RedisPersistence')) {
      expect(result).toEqual(expect.objectContaining({ name: expect.any(String), status: 'ok', notificationMessage: expect.any(String) }));
    }
  });

  it('serves the cached report until it is refreshed', async () => {
    const first = await t.http().get('/health');
    const second = await t.http().get('/health');
    expect(second.body.finishedAt).toBe(first.body.finishedAt);
    await t.get(HealthChecksService).refresh();
    const third = await t.http().get('/health');
    expect(new Date(third.body.finishedAt).getTime()).toBeGreaterThan(new Date(first.body.finishedAt).getTime());
  });

  it('GET /health/live answers OK as text without checking anything', async () => {
    const res = await t.http().get('/health/live');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('OK');
  });

  it('names the store in use in the Cache check', async () => {
    const mode = t.get(KeyValueStore).mode;
    const cache = (await t.http().get('/health')).body.checkResults.find((result: { name: string }) => result.name === 'Cache');
    expect(cache).toEqual(
      expect.objectContaining({
        status: 'ok',
        meta: { store: mode },
        notificationMessage: `The cache runs on ${mode === 'redis' ? 'Redis' : 'PostgreSQL'}.`,
      }),
    );
  });

  it('GET /health/ready checks PostgreSQL, the store and the queue connections live', async () => {
    const res = await t.http().get('/health/ready');
    expect(res.status).toBe(200);
    const store = t.get(KeyValueStore).mode === 'redis' ? { redis: { status: 'up' } } : { store: { status: 'up', backend: 'postgres' } };
    expect(res.body.details).toEqual({ database: { status: 'up' }, ...store, queues: { status: 'up' } });
  });

  describe('with a disk threshold that every disk exceeds', () => {
    const failing = useTestApp({ role: 'api', env: { HEALTH_DISK_FAIL_PERCENT: '0', HEALTH_DISK_WARN_PERCENT: '0' } });

    it('answers 500 with the failed check named', async () => {
      const report = await failing.get(HealthChecksService).refresh();
      expect(report.checkResults.find((result) => result.name === 'UsedDiskSpace')?.status).toBe('failed');
      const res = await failing.http().get('/health');
      expect(res.status).toBe(500);
      const disk = res.body.checkResults.find((result: { name: string }) => result.name === 'UsedDiskSpace');
      expect(disk.status).toBe('failed');
      expect(disk.notificationMessage).toMatch(/% used/);
      // The other probes are unaffected.
      expect((await failing.http().get('/health/live')).status).toBe(200);
    });
  });

  it('warns (still 200) between the warning and failure thresholds', async () => {
    try {
      await withTestApp({ role: 'api', env: { HEALTH_DISK_WARN_PERCENT: '0', HEALTH_DISK_FAIL_PERCENT: '100' } }, async (warning) => {
        await warning.get(HealthChecksService).refresh();
        const res = await warning.http().get('/health');
        expect(res.status).toBe(200);
        expect(res.body.checkResults.find((result: { name: string }) => result.name === 'UsedDiskSpace').status).toBe('warning');
      });
    } finally {
      await t.get(HealthChecksService).refresh();
    }
  });

  it('`npm run cli -- health:check` refreshes the cached report', async () => {
    const before = (await t.http().get('/health')).body.finishedAt;
    const { code, stdout, output } = await runCli('health:check');
    // The whole output on failure: which check failed, and why.
    expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });
    expect(stdout).toMatch(/ok\s+Database/);
    expect(stdout).toMatch(/UsedDiskSpace/);
    const after = (await t.http().get('/health')).body.finishedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
  });
});
