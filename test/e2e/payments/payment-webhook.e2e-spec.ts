import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { FirstDeliveryBatcher } from '@modules/payments/commands/receive-payment-event/first-delivery.batcher';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { placeOrder, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { TEST_DATABASE_URL } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

const SECRET = 'whsec_test_0123456789';

describe('POST /api/webhooks/payment (spec 4.7, decisions §10)', () => {
  const t = useTestApp({ env: { PAYMENT_WEBHOOK_SECRET: SECRET, PAYMENT_PROVIDER: 'acme' } });

  const deliver = (body: string | object, signature?: string | null, headers: Record<string, string> = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const req = t.http().post('/api/webhooks/payment').set('Content-Type', 'application/json').set(headers);
    if (signature !== null) req.set('X-Signature', signature ?? signWebhookBody(SECRET, raw));
    return req.send(raw);
  };
  const logRows = (externalId: string) =>
    t.db.query('SELECT provider, event_type, processing_status, error, payload FROM webhook_logs WHERE external_event_id = $1', [
      externalId,
    ]);

  async function order() {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id);
    const res = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]));
    expect(res.status).toBe(201);
    return { tenantId: tenant.id, orderId: res.body.data.id as number };
  }
  const paymentOf = async (orderId: number) =>
    (await t.db.query('SELECT payment_status, paid_at FROM orders WHERE id = $1', [orderId]))[0] as {
      payment_status: string;
      paid_at: Date | null;
    };

  /**
   * Runs `work` while inserts into `table` for which `condition` (SQL on NEW) holds fail with
   * "simulated outage" (SQLSTATE `errcode`: by default P0001, an ordinary failure).
   */
  async function whileInsertsFail(table: string, condition: string, work: () => Promise<void>, errcode = 'P0001'): Promise<void> {
    const fn = `fail_${randomUUID().replace(/-/g, '')}`;
    await t.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF ${condition} THEN RAISE EXCEPTION 'simulated outage' USING ERRCODE = '${errcode}'; END IF; RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      await work();
    } finally {
      await t.db.query(`DROP TRIGGER ${fn} ON ${table}`);
      await t.db.query(`DROP FUNCTION ${fn}()`);
    }
  }

  it('confirms a payment: 200 ok, order paid with an event, the delivery logged first', async () => {
    const { orderId } = await order();
    const id = `evt_${randomUUID()}`;
    const res = await deliver({ id, event: 'payment.confirmed', data: { order_id: orderId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect((await paymentOf(orderId)).payment_status).toBe('paid');
    expect((await paymentOf(orderId)).paid_at).not.toBeNull();
    expect(await logRows(id)).toEqual([
      {
        provider: 'acme',
        event_type: 'payment.confirmed',
        processing_status: 'processed',
        error: null,
        payload: { id, event: 'payment.confirmed', data: { order_id: orderId } },
      },
    ]);
    const events = await t.db.query(`SELECT event FROM order_events WHERE order_id = $1 AND event = 'paid'`, [orderId]);
    expect(events).toHaveLength(1);
  });

  it.each([
    ['missing', null, 'missing'],
    ['wrong', signWebhookBody('another-secret', '{}'), 'mismatch'],
    ['not hex', 'z'.repeat(64), 'mismatch'],
    ['too short', 'abc123', 'mismatch'],
    ['upper-case hex', 'A'.repeat(64), 'mismatch'],
  ])('refuses a %s signature with 403, logs it to the security log and not the webhook log', async (_name, signature, reason) => {
    const id = `evt_${randomUUID()}`;
    // A client address of its own tells this delivery's security log row from every other.
    const ip = uniqueClientIp();
    const res = await deliver({ id, event: 'payment.confirmed', data: { order_id: 1 } }, signature, { 'X-Forwarded-For': ip });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Invalid signature' });
    expect(await logRows(id)).toEqual([]);
    const rejected = await t.db.query(`SELECT event, resource_type, details->>'reason' AS reason FROM security_log WHERE ip = $1`, [ip]);
    expect(rejected).toEqual([{ event: 'WEBHOOK_SIGNATURE_REJECTED', resource_type: 'payment_webhook', reason }]);
  });

  it('verifies the exact bytes: re-serialised JSON with the original signature is refused', async () => {
    const raw = '{"event": "payment.confirmed",  "data": {"order_id": 1}}';
    const res = await deliver(JSON.stringify(JSON.parse(raw)), signWebhookBody(SECRET, raw));
    expect(res.status).toBe(403);
  });

  it('ignores an unknown event type with 202, but logs it', async () => {
    const id = `evt_${randomUUID()}`;
    const res = await deliver({ id, event: 'refund.created', data: {} });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'ignored' });
    expect((await logRows(id))[0].processing_status).toBe('ignored');
  });

  it.each([
    ['a payment for an unknown order', { event: 'payment.confirmed', data: { order_id: 2147483000 } }],
    ['a payment without order_id', { event: 'payment.confirmed', data: {} }],
    ['a subscription for an unknown tenant', { event: 'subscription.cancelled', data: { tenant_id: randomUUID() } }],
    ['a renewal without a period end', { event: 'subscription.renewed', data: { tenant_id: randomUUID() } }],
    ['data that is not an object', { event: 'payment.confirmed', data: 'x' }],
    ['no event', { data: { order_id: 1 } }],
  ])('answers 422 invalid for %s, and logs it', async (_name, body) => {
    const id = `evt_${randomUUID()}`;
    const res = await deliver({ id, ...body });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 'invalid' });
    expect((await logRows(id))[0]).toEqual(expect.objectContaining({ processing_status: 'invalid', error: expect.any(String) }));
  });

  it('answers 422 invalid for a signed body that is not JSON, and logs the raw text', async () => {
    const raw = 'this is { not json';
    const res = await deliver(raw);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 'invalid' });
    const rows = await t.db.query(`SELECT processing_status, payload FROM webhook_logs WHERE payload->>'_raw' = $1`, [raw]);
    expect(rows).toEqual([{ processing_status: 'invalid', payload: { _raw: raw } }]);
  });

  it('applies 30 concurrent deliveries of one event once: all 200, one log row, one effect', async () => {
    const { orderId } = await order();
    const id = `evt_${randomUUID()}`;
    const body = { id, event: 'payment.confirmed', data: { order_id: orderId } };
    const responses = await Promise.all(Array.from({ length: 30 }, () => deliver(body)));
    expect(responses.map((res) => res.status)).toEqual(Array(30).fill(200));
    expect(await logRows(id)).toHaveLength(1);
    const events = await t.db.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND event = 'paid'`, [orderId]);
    expect(events[0].n).toBe(1);
  });

  it('takes the event id from id, else data.id, else the body hash; the provider from PAYMENT_PROVIDER (the header is unsigned)', async () => {
    const { orderId } = await order();
    const dataId = `pay_${randomUUID()}`;
    await deliver({ event: 'payment.confirmed', data: { id: dataId, order_id: orderId } }, undefined, { 'X-Payment-Provider': 'stripe' });
    expect((await logRows(dataId))[0].provider).toBe('acme');
    const raw = JSON.stringify({ event: 'payment.confirmed', data: { order_id: orderId, n: randomUUID() } });
    await deliver(raw);
    const { createHash } = await import('node:crypto');
    expect(await logRows(createHash('sha256').update(raw).digest('hex'))).toHaveLength(1);
  });

  it('never downgrades a confirmed payment with a late rejection; marks an unpaid order failed', async () => {
    const { orderId } = await order();
    await deliver({ id: `evt_${randomUUID()}`, event: 'payment.confirmed', data: { order_id: orderId } });
    const late = await deliver({
      id: `evt_${randomUUID()}`,
      event: 'payment.rejected',
      data: { order_id: orderId, reason: 'card declined' },
    });
    expect(late.status).toBe(200);
    expect((await paymentOf(orderId)).payment_status).toBe('paid');

    const other = await order();
    await deliver({ id: `evt_${randomUUID()}`, event: 'payment.rejected', data: { order_id: other.orderId, reason: 'card declined' } });
    expect((await paymentOf(other.orderId)).payment_status).toBe('failed');
    const [event] = await t.db.query(`SELECT details FROM order_events WHERE order_id = $1 AND event = 'payment_failed'`, [other.orderId]);
    expect(event.details.reason).toBe('card declined');
    // A retry that succeeds later still confirms it.
    await deliver({ id: `evt_${randomUUID()}`, event: 'payment.confirmed', data: { order_id: other.orderId } });
    expect((await paymentOf(other.orderId)).payment_status).toBe('paid');
  });

  it('applies subscription events to the tenant, keeping history, never moving the period end backwards', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const tenantOf = async () =>
      (await t.db.query('SELECT subscription_status, subscription_ends_at FROM tenants WHERE id = $1', [tenant.id]))[0] as {
        subscription_status: string;
        subscription_ends_at: Date;
      };
    await deliver({
      id: `evt_${randomUUID()}`,
      event: 'subscription.created',
      data: { tenant_id: tenant.id, current_period_end: '2027-01-01T00:00:00Z' },
    });
    expect(await tenantOf()).toEqual({ subscription_status: 'active', subscription_ends_at: new Date('2027-01-01T00:00:00Z') });
    await deliver({
      id: `evt_${randomUUID()}`,
      event: 'subscription.renewed',
      data: { tenant_id: tenant.id, current_period_end: '2027-02-01T00:00:00Z' },
    });
    await deliver({
      id: `evt_${randomUUID()}`,
      event: 'subscription.renewed',
      data: { tenant_id: tenant.id, current_period_end: '2026-12-01T00:00:00Z' },
    });
    expect((await tenantOf()).subscription_ends_at).toEqual(new Date('2027-02-01T00:00:00Z'));
    await deliver({ id: `evt_${randomUUID()}`, event: 'subscription.cancelled', data: { tenant_id: tenant.id } });
    expect((await tenantOf()).subscription_status).toBe('canceled');
    const history = await t.db.query('SELECT event FROM tenant_events WHERE tenant_id = $1 ORDER BY id', [tenant.id]);
    expect(history.map((row: { event: string }) => row.event)).toEqual([
      'subscription.created',
      'subscription.renewed',
      'subscription.renewed',
      'subscription.cancelled',
    ]);
  });

  it('answers 500 error on an unexpected failure, rolls the effect back, keeps the error, and applies on retry', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const id = `evt_${randomUUID()}`;
    const body = { id, event: 'subscription.cancelled', data: { tenant_id: tenant.id } };
    await whileInsertsFail('tenant_events', `NEW.tenant_id = '${tenant.id}'`, async () => {
      const res = await deliver(body);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ status: 'error' });
      expect((await logRows(id))[0]).toEqual(
        expect.objectContaining({ processing_status: 'failed', error: expect.stringContaining('simulated outage') }),
      );
      const [row] = await t.db.query('SELECT subscription_status FROM tenants WHERE id = $1', [tenant.id]);
      expect(row.subscription_status).toBe('active');
    });
    const retry = await deliver(body);
    expect(retry.status).toBe(200);
    expect(await logRows(id)).toHaveLength(1);
    expect((await logRows(id))[0].processing_status).toBe('processed');
    const [row] = await t.db.query('SELECT subscription_status FROM tenants WHERE id = $1', [tenant.id]);
    expect(row.subscription_status).toBe('canceled');
  });

  it('keeps one failed log row and no effect when 30 concurrent deliveries meet a failing effect', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const id = `evt_${randomUUID()}`;
    const body = { id, event: 'subscription.cancelled', data: { tenant_id: tenant.id } };
    await whileInsertsFail('tenant_events', `NEW.tenant_id = '${tenant.id}'`, async () => {
      const responses = await Promise.all(Array.from({ length: 30 }, () => deliver(body)));
      expect(responses.map((res) => res.status)).toEqual(Array(30).fill(500));
      const rows = await logRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(expect.objectContaining({ processing_status: 'failed', error: expect.stringContaining('simulated outage') }));
      const [row] = await t.db.query('SELECT subscription_status FROM tenants WHERE id = $1', [tenant.id]);
      expect(row.subscription_status).toBe('active');
    });
  });

  it('records the delivery on the order event it caused (provider and webhook log id)', async () => {
    const { orderId } = await order();
    const id = `evt_${randomUUID()}`;
    expect((await deliver({ id, event: 'payment.rejected', data: { order_id: orderId, reason: 'x'.repeat(600) } })).status).toBe(200);
    const [log] = await t.db.query(
      'SELECT id::text AS id, processing_status, processed_at FROM webhook_logs WHERE external_event_id = $1',
      [id],
    );
    expect(log.processing_status).toBe('processed');
    expect(log.processed_at).not.toBeNull();
    const [event] = await t.db.query(`SELECT event, details FROM order_events WHERE order_id = $1 AND event = 'payment_failed'`, [orderId]);
    expect(event.details).toEqual({ provider: 'acme', webhook_log_id: log.id, reason: 'x'.repeat(500) });
  });

  it('settles 10 confirmations and 10 rejections racing for one order: paid, one paid event, every delivery processed', async () => {
    const { orderId } = await order();
    const ids = Array.from({ length: 20 }, () => `evt_${randomUUID()}`);
    const responses = await Promise.all(
      ids.map((id, i) =>
        deliver({ id, event: i % 2 ? 'payment.confirmed' : 'payment.rejected', data: { order_id: orderId, reason: 'race' } }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect((await paymentOf(orderId)).payment_status).toBe('paid');
    const events = await t.db.query(
      'SELECT event, count(*)::int AS n FROM order_events WHERE order_id = $1 AND event <> $2 GROUP BY event',
      [orderId, 'created'],
    );
    const counts = Object.fromEntries(events.map((row: { event: string; n: number }) => [row.event, row.n]));
    expect(counts.paid).toBe(1);
    expect(counts.payment_failed ?? 0).toBeLessThanOrEqual(1);
    const statuses = await t.db.query('SELECT processing_status FROM webhook_logs WHERE external_event_id = ANY($1)', [ids]);
    expect(statuses.map((row: { processing_status: string }) => row.processing_status)).toEqual(Array(20).fill('processed'));
  });

  it('rolls an order payment back whole when its order event fails: 30 concurrent deliveries give 30 × 500, one failed row, order unpaid; the retry applies', async () => {
    const { orderId } = await order();
    const id = `evt_${randomUUID()}`;
    const body = { id, event: 'payment.confirmed', data: { order_id: orderId } };
    await whileInsertsFail('order_events', `NEW.order_id = ${orderId} AND NEW.event = 'paid'`, async () => {
      const responses = await Promise.all(Array.from({ length: 30 }, () => deliver(body)));
      expect(responses.map((res) => res.status)).toEqual(Array(30).fill(500));
      const rows = await logRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(expect.objectContaining({ processing_status: 'failed', error: expect.stringContaining('simulated outage') }));
      expect(await paymentOf(orderId)).toEqual({ payment_status: 'unpaid', paid_at: null });
    });
    const retry = await deliver(body);
    expect(retry.status).toBe(200);
    expect((await logRows(id))[0].processing_status).toBe('processed');
    expect((await paymentOf(orderId)).payment_status).toBe('paid');
  });

  it('answers 503 with Retry-After, not 500, when the database goes away mid-delivery, and applies the retry once', async () => {
    const { orderId } = await order();
    const id = `evt_${randomUUID()}`;
    const body = { id, event: 'payment.confirmed', data: { order_id: orderId } };
    // 57P01 (admin_shutdown) is what PostgreSQL says to its sessions as it stops; the log row is
    // written on another connection meanwhile, as when the server stops between the two.
    await whileInsertsFail(
      'order_events',
      `NEW.order_id = ${orderId} AND NEW.event = 'paid'`,
      async () => {
        const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
        for (const res of responses) {
          expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: { message: 'Service temporarily unavailable.' } });
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        expect(await paymentOf(orderId)).toEqual({ payment_status: 'unpaid', paid_at: null });
      },
      'admin_shutdown',
    );
    const retries = await Promise.all([deliver(body), deliver(body)]);
    expect(retries.map((res) => res.status)).toEqual([200, 200]);
    expect((await logRows(id)).map((row: { processing_status: string }) => row.processing_status)).toEqual(['processed']);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND event = 'paid'`, [orderId])).toEqual([
      { n: 1 },
    ]);
  });

  describe('first deliveries arriving together share statements (FirstDeliveryBatcher)', () => {
    /** `count` orders of one shop, placed at once. */
    async function orders(count: number): Promise<number[]> {
      const { tenant } = await createShop(t);
      const product = await createProduct(t, tenant.id, { stock: 1_000 });
      const placed = await Promise.all(
        Array.from({ length: count }, () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]))),
      );
      expect(placed.map((res) => res.status)).toEqual(Array(count).fill(201));
      return placed.map((res) => res.body.data.id as number);
    }
    const paymentEvents = (orderIds: number[]) =>
      t.db.query(
        `SELECT order_id, event, details FROM order_events WHERE order_id = ANY($1) AND event IN ('paid', 'payment_failed') ORDER BY order_id, id`,
        [orderIds],
      );
    /**
     * Delivers all at once with the log table locked against inserts: the first statements wait
     * (at most 4 run at once), and the deliveries that arrive meanwhile wait for them and then share
     * statements. The lock is released once 4 (or more: deliveries that run on their own) wait and the
     * rest have had time to arrive.
     */
    async function deliverTogether(bodies: object[]) {
      const locker = new Client({ connectionString: TEST_DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE webhook_logs IN SHARE MODE');
        const answered = Promise.all(bodies.map((body) => deliver(body)));
        await waitFor(async () => {
          const [row] = await t.db.query(
            // This database's locks only: every worker's database is a copy of one, with the same table oids.
            `SELECT count(*)::int AS n FROM pg_locks
              WHERE database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND relation = 'webhook_logs'::regclass AND NOT granted`,
          );
          return row.n >= Math.min(4, bodies.length);
        });
        // Every delivery has reached the batcher (in a blocked statement or waiting for one) before the
        // lock goes: on a loaded machine some would otherwise arrive after it and commit on their own.
        const batcher = t.get(FirstDeliveryBatcher);
        await waitFor(() => batcher.pending >= bodies.length, { what: `the ${bodies.length} deliveries in the batcher` });
        await locker.query('COMMIT');
        return await answered;
      } finally {
        await locker.end();
      }
    }
    /** How many transactions wrote these events' log rows. */
    const commitsOf = async (ids: string[]) =>
      (await t.db.query(`SELECT count(DISTINCT xmin::text)::int AS n FROM webhook_logs WHERE external_event_id = ANY($1)`, [ids]))[0]
        .n as number;
    // Characters an array literal must escape, in the payload and in the reason it records.
    const awkward = 'quote " backslash \\ braces {a,b} comma , NULL \u00e9 \ud83d\ude00 '.repeat(30);

    it('answers each of 40 deliveries for its own order or unknown order, in fewer commits, each order changed once by its own', async () => {
      const ids = await orders(32);
      const unknown = Array.from({ length: 8 }, (_, i) => 2_000_000_000 + i);
      const deliveries = [...ids, ...unknown].map((orderId, i) => ({
        id: `evt_${randomUUID()}`,
        event: i % 2 ? 'payment.rejected' : 'payment.confirmed',
        data: { order_id: orderId, reason: `${awkward}${i}` },
      }));
      const responses = await deliverTogether(deliveries);
      expect(responses.map((res) => res.status)).toEqual([...Array(32).fill(200), ...Array(8).fill(422)]);
      expect(await commitsOf(deliveries.map((d) => d.id))).toBeLessThanOrEqual(12);

      const logs: Array<{ id: string; external_event_id: string; processing_status: string; error: string | null; payload: unknown }> =
        await t.db.query(
          'SELECT id::text AS id, external_event_id, processing_status, error, payload FROM webhook_logs WHERE external_event_id = ANY($1)',
          [deliveries.map((d) => d.id)],
        );
      const logOf = new Map(logs.map((row) => [row.external_event_id, row]));
      expect(logs).toHaveLength(40);
      const events = await paymentEvents(ids);
      expect(events).toHaveLength(32);
      deliveries.forEach((delivery, i) => {
        const log = logOf.get(delivery.id)!;
        expect(log.payload).toEqual(delivery);
        if (i >= 32) {
          expect(log).toEqual(expect.objectContaining({ processing_status: 'invalid', error: expect.stringContaining('order_id') }));
          return;
        }
        expect(log).toEqual(expect.objectContaining({ processing_status: 'processed', error: null }));
        const rejected = i % 2 === 1;
        expect(events.filter((event: { order_id: number }) => event.order_id === ids[i])).toEqual([
          {
            order_id: ids[i],
            event: rejected ? 'payment_failed' : 'paid',
            details: rejected
              ? { provider: 'acme', webhook_log_id: log.id, reason: delivery.data.reason.slice(0, 500) }
              : { provider: 'acme', webhook_log_id: log.id },
          },
        ]);
      });
      const states = await t.db.query('SELECT id, payment_status FROM orders WHERE id = ANY($1)', [ids]);
      for (const { id, payment_status } of states) expect(payment_status).toBe(ids.indexOf(id) % 2 ? 'failed' : 'paid');
    });

    it('applies the deliveries of a failing shared statement one by one: only the failing one is 500, and its retry applies', async () => {
      const ids = await orders(12);
      // The last one: it arrives while the first statements wait, so it goes out in a shared one.
      const failing = ids[11];
      const deliveries = ids.map((orderId) => ({ id: `evt_${randomUUID()}`, event: 'payment.confirmed', data: { order_id: orderId } }));
      const warn = jest.spyOn(Logger.prototype, 'warn');
      try {
        await whileInsertsFail('order_events', `NEW.order_id = ${failing} AND NEW.event = 'paid'`, async () => {
          const responses = await deliverTogether(deliveries);
          expect(responses.map((res) => res.status)).toEqual(ids.map((id) => (id === failing ? 500 : 200)));
        });
        // It did fail as part of a shared statement, whose deliveries were then applied one by one.
        expect(warn.mock.calls.some((args) => args.some((arg) => typeof arg === 'string' && arg.includes('A shared statement')))).toBe(
          true,
        );
      } finally {
        warn.mockRestore();
      }
      expect((await logRows(deliveries[11].id))[0]).toEqual(
        expect.objectContaining({ processing_status: 'failed', error: expect.stringContaining('simulated outage') }),
      );
      expect((await paymentOf(failing)).payment_status).toBe('unpaid');
      expect(await paymentEvents(ids)).toHaveLength(11);
      expect((await deliver(deliveries[11])).status).toBe(200);
      expect((await paymentOf(failing)).payment_status).toBe('paid');
      expect(await paymentEvents(ids)).toHaveLength(12);
    });

    it('answers repeated deliveries among new ones from the record, applying each event once', async () => {
      const ids = await orders(16);
      const deliveries = ids.map((orderId) => ({ id: `evt_${randomUUID()}`, event: 'payment.confirmed', data: { order_id: orderId } }));
      const first = await Promise.all(deliveries.slice(0, 8).map((body) => deliver(body)));
      expect(first.map((res) => res.status)).toEqual(Array(8).fill(200));
      const again = await deliverTogether([...deliveries.slice(0, 8), ...deliveries]);
      expect(again.map((res) => res.status)).toEqual(Array(24).fill(200));
      expect(await commitsOf(deliveries.slice(8).map((d) => d.id))).toBeLessThan(8);
      const rows = await t.db.query('SELECT external_event_id FROM webhook_logs WHERE external_event_id = ANY($1)', [
        deliveries.map((d) => d.id),
      ]);
      expect(rows).toHaveLength(16);
      const events = await paymentEvents(ids);
      expect(events.map((event: { order_id: number }) => event.order_id).sort()).toEqual([...ids].sort());
    });
  });

  it('needs no bearer token and has no /v1 prefix', async () => {
    expect((await t.http().post('/api/v1/webhooks/payment').send({})).status).toBe(404);
  });
});
