import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { ANALYTICS_QUEUE, AnalyticsJob } from '@modules/analytics/jobs/analytics.queue';
import { createOrder, createProduct } from '@test/support/commerce-factories';
import { createTenant, createTenantWithOwner } from '@test/support/factories';
import { rateLimitOf, statusesOf, uniqueClientIp } from '@test/support/http-clients';
import { analyticsRowsOf, jobsOn } from '@test/support/queues';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

describe('Analytics intake (spec 4.4, decisions §7)', () => {
  const t = useTestApp();

  /** Posts `body` and expects a 422 that names `field`. */
  const expectRefused = async (path: string, body: object, field: string) => {
    const res = await t.http().post(path).send(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  };
  const count = async (sql: string, params: unknown[]) => ((await t.db.query(sql, params))[0] as { n: number }).n;
  /** Resolves once no analytics job of the tenant is queued, running or waiting for a retry: all it accepted is stored. */
  const queueDrainedFor = (tenantId: string) =>
    waitFor(
      async () =>
        (await jobsOn<AnalyticsJob>(t, ANALYTICS_QUEUE, (job) => analyticsRowsOf(job).some((row) => row.tenantId === tenantId))).length ===
        0,
      {
        timeoutMs: 20_000,
        what: `the analytics jobs of tenant ${tenantId} to finish`,
      },
    );

  describe('POST /api/v1/analytics/track', () => {
    it('accepts with 202 and stores the event in the background, product merged into metadata', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const product = await createProduct(t, tenant.id);
      const res = await t
        .http()
        .post('/api/v1/analytics/track')
        .send({ tenant_id: tenant.id, type: 'cart_add', product_id: product.id, metadata: { source: 'home' } });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ success: true, message: expect.any(String) });
      const row = await waitFor(
        async () => (await t.db.query('SELECT type, product_id, metadata FROM analytics_events WHERE tenant_id = $1', [tenant.id]))[0],
      );
      expect(row).toEqual({ type: 'cart_add', product_id: product.id, metadata: { source: 'home', product_id: product.id } });
    });

    it('takes the tenant by slug as well', async () => {
      const { tenant } = await createTenantWithOwner(t);
      expect((await t.http().post('/api/v1/analytics/track').send({ tenant_id: tenant.slug, type: 'call' })).status).toBe(202);
    });

    it('answers 404 { success: false } for a tenant that is not public', async () => {
      const inactive = await createTenant(t, { status: 'inactive' });
      const deleted = await createTenant(t, { deletedAt: new Date() });
      for (const tenantId of [inactive.id, deleted.id, randomUUID(), 'no-such-shop']) {
        const res = await t.http().post('/api/v1/analytics/track').send({ tenant_id: tenantId, type: 'call' });
        expect({ tenantId, status: res.status, body: res.body }).toEqual({
          tenantId,
          status: 404,
          body: { success: false, message: expect.any(String) },
        });
      }
    });

    it.each([
      [{ type: 'call' }, 'tenant_id'],
      [{ tenant_id: 'x' }, 'type'],
      [{ tenant_id: 'x', type: 'teleport' }, 'type'],
      [{ tenant_id: 'x', type: 'call', metadata: 'x' }, 'metadata'],
    ])('answers 422 for %o', (body, field) => expectRefused('/api/v1/analytics/track', body, field));

    it('refuses a product of another tenant', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const other = await createTenantWithOwner(t);
      const product = await createProduct(t, other.tenant.id);
      await expectRefused('/api/v1/analytics/track', { tenant_id: tenant.id, type: 'cart_add', product_id: product.id }, 'product_id');
    });

    it('stores exactly as many events as it accepted from a burst of 500, grouped into fewer queue writes', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const add = jest.spyOn(Queue.prototype, 'add');
      const responses = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          t.http().post('/api/v1/analytics/track').send({ tenant_id: tenant.id, type: 'social_share', metadata: { i } }),
        ),
      );
      // Any refusal named with its answer, not as one status among 500.
      const refused = responses.filter((res) => res.status !== 202).map((res) => ({ status: res.status, body: res.body as unknown }));
      expect({ refused: refused.length, first: refused.slice(0, 2) }).toEqual({ refused: 0, first: [] });
      // Every accepted event went into a batch job, and concurrent requests shared them.
      const writes = add.mock.calls
        .map(([, data]) => analyticsRowsOf(data as AnalyticsJob).filter((row) => row.tenantId === tenant.id))
        .filter((rows) => rows.length > 0);
      add.mockRestore();
      expect(writes.flat()).toHaveLength(500);
      expect(writes.length).toBeLessThan(500);
      await queueDrainedFor(tenant.id);
      expect(await count('SELECT count(*)::int AS n FROM analytics_events WHERE tenant_id = $1', [tenant.id])).toBe(500);
      expect(await count(`SELECT count(DISTINCT metadata->>'i')::int AS n FROM analytics_events WHERE tenant_id = $1`, [tenant.id])).toBe(
        500,
      );
    });
  });

  describe('POST /api/v1/analytics/conversion', () => {
    const beacon = (body: object) => t.http().post('/api/v1/analytics/conversion').send(body);
    const conversionsOf = (tenantId: string) =>
      t.db.query('SELECT transaction_id, event, value, currency, occurred_at FROM analytics_conversions WHERE tenant_id = $1', [tenantId]);

    it("stores one conversion per order, echoing the id, with the order's total and currency", async () => {
      const { tenant } = await createTenantWithOwner(t);
      const order = await createOrder(t, tenant.id, { total: '250.50' });
      const first = await beacon({ tenant_slug: tenant.slug, transaction_id: order.orderNumber, value: 250.5, currency: 'usd' });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ status: 'ok', transaction_id: order.orderNumber });
      const again = await beacon({ tenant_slug: tenant.slug, transaction_id: order.orderNumber, value: '250.50' });
      expect(again.body).toEqual({ status: 'ok', transaction_id: order.orderNumber });
      // Both were queued: once neither job is left, the table holds all they will ever store.
      await queueDrainedFor(tenant.id);
      const rows = await conversionsOf(tenant.id);
      expect(rows).toEqual([
        { transaction_id: order.orderNumber, event: 'purchase', value: '250.50', currency: 'HNL', occurred_at: expect.any(Date) },
      ]);
      expect(Math.abs(new Date(rows[0].occurred_at).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('keeps the given event and timestamp', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const order = await createOrder(t, tenant.id);
      await beacon({
        tenant_slug: tenant.slug,
        transaction_id: order.orderNumber,
        value: 140,
        event: 'conversion',
        timestamp: '2026-05-01T10:00:00Z',
      });
      const row = await waitFor(async () => (await conversionsOf(tenant.id))[0]);
      expect(row).toMatchObject({ event: 'conversion', value: '140.00', occurred_at: new Date('2026-05-01T10:00:00Z') });
    });

    it('skips a forged beacon sent before the order, and stores the real one afterwards', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const orderNumber = String(1000 + Math.floor(Math.random() * 1_000_000));
      const forged = await t
        .http()
        .post('/api/v1/analytics/conversion')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ tenant_slug: tenant.slug, transaction_id: orderNumber, value: 9_999_999_999.99, currency: 'USD' }));
      expect(forged.status).toBe(200);
      expect(forged.body).toEqual({ status: 'skipped', transaction_id: orderNumber });
      await createOrder(t, tenant.id, { orderNumber, total: '140.00' });
      const real = await beacon({ tenant_slug: tenant.slug, transaction_id: orderNumber, value: 140 });
      expect(real.body).toEqual({ status: 'ok', transaction_id: orderNumber });
      await queueDrainedFor(tenant.id);
      expect(await conversionsOf(tenant.id)).toEqual([
        expect.objectContaining({ transaction_id: orderNumber, value: '140.00', currency: 'HNL' }),
      ]);
    });

    it("skips a value other than the order's total, another shop's order number, and a beacon without a number", async () => {
      const { tenant } = await createTenantWithOwner(t);
      const other = await createTenant(t);
      const order = await createOrder(t, tenant.id, { total: '140.00' });
      const othersOrder = await createOrder(t, other.id, { total: '75.00' });
      const answers = await Promise.all([
        beacon({ tenant_slug: tenant.slug, transaction_id: order.orderNumber, value: 140.01 }),
        beacon({ tenant_slug: tenant.slug, transaction_id: order.orderNumber }),
        beacon({ tenant_slug: tenant.slug, transaction_id: othersOrder.orderNumber, value: 75 }),
        beacon({ tenant_slug: tenant.slug, value: 140 }),
      ]);
      expect(answers.map((res) => [res.status, res.body])).toEqual([
        [200, { status: 'skipped', transaction_id: order.orderNumber }],
        [200, { status: 'skipped', transaction_id: order.orderNumber }],
        [200, { status: 'skipped', transaction_id: othersOrder.orderNumber }],
        [200, { status: 'skipped', transaction_id: null }],
      ]);
      // Positive control, queued after the skipped ones: once it is stored, nothing else was.
      await beacon({ tenant_slug: tenant.slug, transaction_id: order.orderNumber, value: 140 });
      await queueDrainedFor(tenant.id);
      expect(await conversionsOf(tenant.id)).toEqual([expect.objectContaining({ transaction_id: order.orderNumber, value: '140.00' })]);
    });

    it('answers for an inactive or archived shop as for an unknown one', async () => {
      const inactive = await createTenant(t, { status: 'inactive' });
      const archived = await createTenant(t, { deletedAt: new Date() });
      const inactiveOrder = await createOrder(t, inactive.id);
      const archivedOrder = await createOrder(t, archived.id);
      const unknown = await beacon({ tenant_slug: `no-such-shop-${randomUUID()}`, transaction_id: inactiveOrder.orderNumber, value: 140 });
      expect(unknown.body).toEqual({ status: 'skipped', transaction_id: inactiveOrder.orderNumber });
      expect((await beacon({ tenant_slug: inactive.slug, transaction_id: inactiveOrder.orderNumber, value: 140 })).body).toEqual(
        unknown.body,
      );
      expect((await beacon({ tenant_slug: archived.slug, transaction_id: archivedOrder.orderNumber, value: 140 })).body).toEqual({
        status: 'skipped',
        transaction_id: archivedOrder.orderNumber,
      });
      expect(
        await count('SELECT count(*)::int AS n FROM analytics_conversions WHERE tenant_id = ANY($1)', [[inactive.id, archived.id]]),
      ).toBe(0);
    });

    it('never fails the caller: skipped for an unknown or missing slug, and for garbage', async () => {
      expect((await beacon({ tenant_slug: 'no-such-shop', transaction_id: 'a1' })).body).toEqual({
        status: 'skipped',
        transaction_id: 'a1',
      });
      expect((await beacon({ transaction_id: 'a2' })).body).toEqual({
        status: 'skipped',
        transaction_id: 'a2',
      });
      const garbage = await t.http().post('/api/v1/analytics/conversion').set('Content-Type', 'application/json').send('{not json');
      expect(garbage.status).toBe(200);
      expect(garbage.body).toEqual({ status: 'skipped', transaction_id: null });
    });

    it('reads a text/plain beacon (navigator.sendBeacon)', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const order = await createOrder(t, tenant.id);
      const res = await t
        .http()
        .post('/api/v1/analytics/conversion')
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .send(JSON.stringify({ tenant_slug: tenant.slug, transaction_id: order.orderNumber, value: 140 }));
      expect(res.body).toEqual({ status: 'ok', transaction_id: order.orderNumber });
    });
  });

  describe('POST /api/v1/interactions', () => {
    it('records with 201, and accepts an unknown tenant with 202 without telling', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const recorded = await t
        .http()
        .post('/api/v1/interactions')
        .send({ tenant_id: tenant.id, type: 'maps_click', metadata: { from: 'footer' } });
      expect(recorded.status).toBe(201);
      expect(recorded.body).toEqual({ status: 'success' });
      expect(await count('SELECT count(*)::int AS n FROM interactions WHERE tenant_id = $1', [tenant.id])).toBe(1);
      const unknown = await t.http().post('/api/v1/interactions').send({ tenant_id: randomUUID(), type: 'view' });
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual({ status: 'accepted' });
      const notUuid = await t.http().post('/api/v1/interactions').send({ tenant_id: '42', type: 'view' });
      expect(notUuid.status).toBe(202);
    });

    it.each([
      [{ type: 'view' }, 'tenant_id'],
      [{ tenant_id: randomUUID() }, 'type'],
      [{ tenant_id: randomUUID(), type: 'call' }, 'type'],
    ])('answers 422 for %o', (body, field) => expectRefused('/api/v1/interactions', body, field));

    it('counts in the tenant-aware group, per tenant and IP', async () => {
      const { tenant } = await createTenantWithOwner(t);
      const ip = uniqueClientIp();
      const send = () => t.http().post('/api/v1/interactions').set('X-Forwarded-For', ip).send({ tenant_id: tenant.id, type: 'view' });
      const limit = TEST_RATE_LIMITS.tenantAware;
      expect(rateLimitOf(await send())).toEqual({ limit, remaining: limit - 1 });
      expect(rateLimitOf(await send())).toEqual({ limit, remaining: limit - 2 });
      // A request of the api group from the same address leaves this budget alone.
      const tracked = await t
        .http()
        .post('/api/v1/analytics/track')
        .set('X-Forwarded-For', ip)
        .send({ tenant_id: tenant.id, type: 'call' });
      expect(rateLimitOf(tracked)).toEqual({ limit: TEST_RATE_LIMITS.api, remaining: TEST_RATE_LIMITS.api - 1 });
      expect(rateLimitOf(await send())).toEqual({ limit, remaining: limit - 3 });
    });

    it('is limited per tenant and IP', async () => {
      await withTestApp({ env: { THROTTLE_TENANT_AWARE: '2/60' } }, async (limited) => {
        const { tenant } = await createTenantWithOwner(limited);
        const other = await createTenantWithOwner(limited);
        const ip = uniqueClientIp();
        const send = (tenantId: string) =>
          limited.http().post('/api/v1/interactions').set('X-Forwarded-For', ip).send({ tenant_id: tenantId, type: 'view' });
        expect(await statusesOf(3, () => send(tenant.id))).toEqual([201, 201, 429]);
        expect((await send(other.tenant.id)).status).toBe(201);
      });
    });
  });
});
