import { DataSource } from 'typeorm';
import { createTenantWithOwner } from '@test/support/factories';
import { eventually } from '@test/support/fake-servers';
import { createTestApp } from '@test/support/test-app';

describe('Analytics intake survives a stopped worker', () => {
  it('keeps accepted events queued while no worker runs, and stores them all once one starts', async () => {
    // An API-only process: it accepts and queues, but stores nothing itself.
    const api = await createTestApp({ role: 'api' });
    let worker: Awaited<ReturnType<typeof createTestApp>> | undefined;
    try {
      const { tenant } = await createTenantWithOwner(api);
      const responses = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          api.http().post('/api/v1/analytics/track').send({ tenant_id: tenant.id, type: 'call', metadata: { i } }),
        ),
      );
      expect(responses.every((res) => res.status === 202)).toBe(true);
      const stored = async () =>
        (
          (await api.get(DataSource).query('SELECT count(*)::int AS n FROM analytics_events WHERE tenant_id = $1', [tenant.id]))[0] as {
            n: number;
          }
        ).n;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await stored()).toBe(0);

      worker = await createTestApp({ role: 'worker' });
      await eventually(async () => (await stored()) === 120, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stored()).toBe(120);
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
