import { ANALYTICS_QUEUE, AnalyticsJob } from '@modules/analytics/jobs/analytics.queue';
import { createTenantWithOwner } from '@test/support/factories';
import { analyticsRowsOf, jobsOn } from '@test/support/queues';
import { createTestApp, TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describe('Analytics intake survives a stopped worker', () => {
  it('keeps accepted events queued while no worker runs, and stores them all once one starts', async () => {
    // An API-only process: it accepts and queues, but stores nothing itself.
    const api = await createTestApp({ role: 'api' });
    let worker: TestApp | undefined;
    try {
      const { tenant } = await createTenantWithOwner(api);
      const responses = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          api.http().post('/api/v1/analytics/track').send({ tenant_id: tenant.id, type: 'call', metadata: { i } }),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(120).fill(202));
      const stored = async () =>
        ((await api.db.query('SELECT count(*)::int AS n FROM analytics_events WHERE tenant_id = $1', [tenant.id]))[0] as { n: number }).n;
      const ofTenant = (job: AnalyticsJob) => analyticsRowsOf(job).some((row) => row.tenantId === tenant.id);

      // Every accepted event is in a job still waiting in Redis: none was taken up, none stored.
      const waiting = await jobsOn(api, ANALYTICS_QUEUE, ofTenant, ['waiting']);
      expect(waiting.flatMap((job) => analyticsRowsOf(job.data)).filter((row) => row.tenantId === tenant.id)).toHaveLength(120);
      expect(await jobsOn(api, ANALYTICS_QUEUE, ofTenant, ['active', 'delayed', 'completed', 'failed'])).toEqual([]);
      expect(await stored()).toBe(0);

      worker = await createTestApp({ role: 'worker' });
      await waitFor(async () => (await jobsOn(api, ANALYTICS_QUEUE, ofTenant)).length === 0, {
        timeoutMs: 20_000,
        what: 'the worker to finish the queued analytics jobs',
      });
      expect(await stored()).toBe(120);
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
