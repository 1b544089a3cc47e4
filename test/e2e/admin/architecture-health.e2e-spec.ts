import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { outboxRowProcessed, recordProfileEnhanced } from '@test/support/outbox-events';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

interface EventTypeHealth {
  type: string;
  recorded: number;
  dispatched: number;
  processed: number;
  pending: number;
  failed: number;
  oldest_pending_age_seconds: number | null;
}

describe('Super admin architecture health (decisions §11, §12)', () => {
  const t = useTestApp();
  const ENDPOINT = '/api/v1/admin/architecture-health';

  const healthAs = (token: string) => t.http().get(ENDPOINT).set(authHeader(token));
  const enhancedRow = async (token: string): Promise<EventTypeHealth | undefined> =>
    ((await healthAs(token)).body.data.events as EventTypeHealth[]).find((row) => row.type === 'TenantProfileEnhanced');

  it('answers 401 without a token or with an invalid one, and 403 to anyone but a super admin', async () => {
    const missing = await t.http().get(ENDPOINT);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Unauthenticated.' });
    expect((await healthAs('1|not-a-real-token')).status).toBe(401);

    const { token: ownerToken } = await createTenantWithOwner(t);
    const { token: customerToken } = await createUser(t);
    for (const token of [ownerToken, customerToken]) {
      const res = await healthAs(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(res.body.events).toBeUndefined();
    }
  });

  it('shows a super admin each event type where it stands, with the oldest pending age, and every queue', async () => {
    const { token } = await createUser(t, { isSuperAdmin: true });
    const { tenant, owner } = await createTenantWithOwner(t);
    const before = await waitFor(async () => {
      const row = await enhancedRow(token);
      // Quiet first (no event of this type in flight), so that every change below is this test's.
      return !row ? { recorded: 0, processed: 0 } : row.pending + row.dispatched === 0 && row;
    });

    const relay = t.get(OutboxRelay);
    await relay.stop();
    let outboxId: string;
    try {
      outboxId = await recordProfileEnhanced(t, tenant.id, owner.id);
      const res = await healthAs(token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data.events.find((row: EventTypeHealth) => row.type === 'TenantProfileEnhanced')).toEqual({
        type: 'TenantProfileEnhanced',
        recorded: before.recorded + 1,
        dispatched: 0,
        processed: before.processed,
        pending: 1,
        failed: expect.any(Number),
        oldest_pending_age_seconds: expect.any(Number),
      });
    } finally {
      relay.start();
    }
    await outboxRowProcessed(t, outboxId);

    const res = await healthAs(token);
    expect(res.body.data).toEqual({ generated_at: expect.any(String), events: expect.any(Array), queues: expect.any(Array) });
    expect(res.body.data.events.find((row: EventTypeHealth) => row.type === 'TenantProfileEnhanced')).toMatchObject({
      recorded: before.recorded + 1,
      processed: before.processed + 1,
      pending: 0,
      oldest_pending_age_seconds: null,
    });
    const queueNames = res.body.data.queues.map((queue: { name: string }) => queue.name);
    expect(queueNames).toEqual(expect.arrayContaining(['outbox', 'messages']));
    expect(res.body.data.queues[0]).toEqual({
      name: expect.any(String),
      waiting: expect.any(Number),
      active: expect.any(Number),
      failed: expect.any(Number),
      delayed: expect.any(Number),
    });
  });

  it('serves the page as a static shell that reveals nothing, with script and style from the app only', async () => {
    const page = await t.http().get('/admin/architecture-health');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('<script src="/admin/architecture-health.js" defer></script>');
    expect(page.text).not.toMatch(/OrderPlaced|TenantProfileEnhanced|outbox/);
    expect(page.text).not.toMatch(/<script>|style=/);

    const script = await t.http().get('/admin/architecture-health.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('/api/v1/admin/architecture-health');
    const styles = await t.http().get('/admin/architecture-health.css');
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});
