import { HealthChecksService } from '@modules/health';
import { describeIf, requirements } from '@test/support/conditions';
import { useRedisServer } from '@test/support/private-servers';
import { TestApp, useTestApp } from '@test/support/test-app';

interface CheckResultBody {
  name: string;
  status: string;
  notificationMessage: string;
  meta: Record<string, unknown>;
}

/** GET /health with a fresh report: the check named, and the status code /health answered. */
async function persistenceCheck(t: TestApp): Promise<{ status: number; check: CheckResultBody | undefined }> {
  await t.get(HealthChecksService).refresh();
  const res = await t.http().get('/health');
  const results = res.body.checkResults as CheckResultBody[];
  return { status: res.status, check: results.find((result) => result.name === 'RedisPersistence') };
}

const withPrivateRedis = describeIf(requirements.redisServer);

// Queued work is "accepted = stored" only when Redis keeps it: AOF on, and no eviction (BullMQ loses
// jobs under an eviction policy). The /health report says so (decisions §13).
describe('Health: Redis persistence (decisions §13)', () => {
  describeIf(requirements.sharedRedis)('the test Redis (appendonly no)', () => {
    const t = useTestApp({ role: 'api' });

    it('warns, still 200, naming appendonly', async () => {
      const { status, check } = await persistenceCheck(t);
      expect(status).toBe(200);
      expect(check).toEqual(expect.objectContaining({ status: 'warning', meta: expect.objectContaining({ appendonly: 'no' }) }));
      expect(check?.notificationMessage).toMatch(/appendonly/);
    });
  });

  withPrivateRedis('a Redis with AOF and noeviction', () => {
    const redis = useRedisServer(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']);
    const t = useTestApp(() => ({ role: 'api', env: { REDIS_URL: redis.url } }));

    it('is ok', async () => {
      const { status, check } = await persistenceCheck(t);
      expect(status).toBe(200);
      expect(check).toEqual(
        expect.objectContaining({ status: 'ok', meta: expect.objectContaining({ appendonly: 'yes', maxmemory_policy: 'noeviction' }) }),
      );
    });
  });

  withPrivateRedis('a Redis with AOF but an eviction policy (allkeys-lru)', () => {
    const redis = useRedisServer(['--appendonly', 'yes', '--maxmemory-policy', 'allkeys-lru']);
    const t = useTestApp(() => ({ role: 'api', env: { REDIS_URL: redis.url } }));

    it('warns, still 200, naming the policy', async () => {
      const { status, check } = await persistenceCheck(t);
      expect(status).toBe(200);
      expect(check).toEqual(
        expect.objectContaining({ status: 'warning', meta: expect.objectContaining({ maxmemory_policy: 'allkeys-lru' }) }),
      );
      expect(check?.notificationMessage).toMatch(/allkeys-lru/);
    });
  });

  withPrivateRedis('a managed Redis that refuses CONFIG', () => {
    // CONFIG disabled, INFO allowed: what managed services often do. The same facts come from INFO.
    const redis = useRedisServer(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--rename-command', 'CONFIG', '']);
    const t = useTestApp(() => ({ role: 'api', env: { REDIS_URL: redis.url } }));

    it('reads INFO instead, and is ok', async () => {
      const { check } = await persistenceCheck(t);
      expect(check).toEqual(expect.objectContaining({ status: 'ok', meta: expect.objectContaining({ source: 'INFO' }) }));
    });
  });

  withPrivateRedis('a managed Redis whose user may run neither CONFIG nor INFO', () => {
    const redis = useRedisServer(['--user', 'default', 'on', 'nopass', '~*', '&*', '+@all', '-config', '-info']);
    const t = useTestApp(() => ({ role: 'api', env: { REDIS_URL: redis.url } }));

    it('warns, still 200, saying the settings could not be read and why', async () => {
      const { status, check } = await persistenceCheck(t);
      expect(status).toBe(200);
      expect(check?.status).toBe('warning');
      expect(check?.notificationMessage).toMatch(/could not be read/i);
      expect(check?.meta).toEqual(expect.objectContaining({ reason: expect.stringMatching(/NOPERM/) }));
    });
  });
});
