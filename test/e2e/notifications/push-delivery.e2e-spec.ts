import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { OUTBOX_QUEUE, outboxJobId } from '@infra/outbox/outbox.constants';
import { generateVapidKeys } from '@modules/notifications';
import { PushChannel, WebPushPayload } from '@modules/notifications/channels/push.channel';
import { PUSH_DELIVERY_QUEUE, PushDeliveryJob } from '@modules/notifications/jobs/notification-delivery.queue';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { FakeBrowser, pushesTo, useFakePushService } from '@test/support/fake-push-service';
import { placeOrder } from '@test/support/http-clients';
import { useStarted } from '@test/support/lifecycle';
import { jobsOn, removeFinishedJob } from '@test/support/queues';
import { freePort, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';
import { verifyVapid } from '@test/support/web-push-receiver';

const SUBJECT = 'mailto:push-ops@shop.test';

describe('Web Push delivery of NewOrderNotification (spec 6, decisions §9)', () => {
  const push = useFakePushService();
  // A port nothing listens on, allowed too: a push service that cannot be reached.
  const closed = useStarted(async () => ({ port: String(await freePort()) }));
  const vapid = generateVapidKeys();
  const t = useTestApp(() => ({
    env: {
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      PUSH_ALLOWED_PORTS: `${push.port},${closed.port}`,
      PUSH_CA_FILE: push.caFile,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: SUBJECT,
    },
  }));

  const subscribe = async (token: string, browser: FakeBrowser) => {
    await t.http().post('/api/v1/push-subscriptions').set(authHeader(token)).send(browser.subscription).expect(200);
  };

  /** A shop whose owner has two browsers subscribed, one per content encoding, and a product at L 200.00 (delivery L 50.00). */
  async function shopWithBrowsers() {
    const shop = await createShop(t, { deliveryFee: '50.00' });
    const product = await createProduct(t, shop.tenant.id, { price: '200.00' });
    const browsers = { modern: push.browser('aes128gcm'), legacy: push.browser('aesgcm') };
    await subscribe(shop.token, browsers.modern);
    await subscribe(shop.token, browsers.legacy);
    const order = async () => {
      const res = await placeOrder(
        t,
        shop.tenant.id,
        orderBody([{ product_id: product.id }], { customer_name: 'Ana', delivery_type: 'delivery' }),
      );
      expect(res.status).toBe(201);
      return res.body.data as { id: number; order_number: string };
    };
    return { ...shop, browsers, order };
  }

  const expectedPayload = (shopName: string, order: { id: number; order_number: string }) => ({
    title: `New order at ${shopName}`,
    icon: '/icons/notification-icon.png',
    body: `Order #${order.order_number} from Ana — L 250.00`,
    actions: [{ action: 'open_order', title: 'View order' }],
    data: { url: `http://localhost:3000/dashboard/orders/${order.id}`, order_id: order.id },
  });

  /** Every push job for `userId` has run (or is waiting for a retry when `unfinished` allows). */
  const pushJobsSettled = (userId: string) =>
    waitFor(async () => (await jobsOn<PushDeliveryJob>(t, PUSH_DELIVERY_QUEUE, (job) => job.userId === userId)).length === 0, {
      timeoutMs: 15_000,
      what: 'the push jobs to finish',
    });

  it('pushes the order, encrypted for each browser and signed with VAPID, exactly once to each', async () => {
    const { tenant, owner, browsers, order } = await shopWithBrowsers();
    const placed = await order();
    expect(placed.order_number).toBe('1001');
    const expected = expectedPayload(tenant.name, placed);
    expect(await pushesTo(browsers.modern, 1)).toEqual([expected]);
    expect(await pushesTo(browsers.legacy, 1)).toEqual([expected]);

    const [modern] = browsers.modern.requests();
    expect(modern.headers).toEqual(expect.objectContaining({ 'content-encoding': 'aes128gcm', ttl: '86400' }));
    expect(modern.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(verifyVapid(modern, push.origin)).toEqual({ publicKey: vapid.publicKey, claims: expect.objectContaining({ sub: SUBJECT }) });

    const [legacy] = browsers.legacy.requests();
    expect(legacy.headers['content-encoding']).toBe('aesgcm');
    expect(legacy.headers.authorization).toMatch(/^WebPush [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(legacy.headers['crypto-key']).toContain(`p256ecdsa=${vapid.publicKey}`);
    expect(verifyVapid(legacy, push.origin)).toEqual({ publicKey: vapid.publicKey, claims: expect.objectContaining({ sub: SUBJECT }) });

    await pushJobsSettled(owner.id);
    expect([browsers.modern.requests().length, browsers.legacy.requests().length]).toEqual([1, 1]);
  });

  it('does not push again to a browser that took a delivery, when the same delivery runs again', async () => {
    const { owner, browsers } = await shopWithBrowsers();
    const channel = t.get(PushChannel);
    const payload: WebPushPayload = { title: 'T', icon: '/i.png', body: 'B', actions: [], data: { n: 1 } };
    const deliveryKey = `test.${randomUUID()}-${owner.id}`;
    await channel.sendToUser(owner.id, payload, deliveryKey);
    await channel.sendToUser(owner.id, payload, deliveryKey);
    expect([browsers.modern.accepted(), browsers.legacy.accepted()]).toEqual([[payload], [payload]]);

    // Another delivery (another cause) is pushed: what is remembered is per delivery key.
    await channel.sendToUser(owner.id, payload, `test.${randomUUID()}-${owner.id}`);
    expect([browsers.modern.accepted().length, browsers.legacy.accepted().length]).toEqual([2, 2]);
  });

  it('does not push twice when the OrderPlaced event is handled again from scratch', async () => {
    const { tenant, owner, browsers, order } = await shopWithBrowsers();
    const placed = await order();
    await pushesTo(browsers.modern, 1);
    await pushesTo(browsers.legacy, 1);
    await pushJobsSettled(owner.id);
    const [event] = await t.db.query(`SELECT id FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`, [
      String(placed.id),
    ]);

    // Everything that would stop a redelivery is undone, except what the push channel remembers:
    // the consumption row, the event's status, and the finished jobs BullMQ would dedupe on.
    // (A job still running is not removed, and would dedupe the redelivery: removeFinishedJob waits.)
    const outboxQueue = t.get<Queue>(getQueueToken(OUTBOX_QUEUE));
    const outboxJob = outboxJobId(String(event.id));
    await removeFinishedJob(t, OUTBOX_QUEUE, outboxJob);
    const pushJobId = `push-order-placed.${event.id}-${owner.id}`;
    await removeFinishedJob(t, PUSH_DELIVERY_QUEUE, pushJobId);
    expect(await outboxQueue.getJob(outboxJob)).toBeFalsy();
    expect(await t.get<Queue>(getQueueToken(PUSH_DELIVERY_QUEUE)).getJob(pushJobId)).toBeFalsy();
    await t.db.query(`DELETE FROM outbox_consumptions WHERE event_id = $1 AND handler = 'OrderPlacedConsumer'`, [event.id]);
    await t.db.query(`UPDATE outbox_events SET status = 'pending', available_at = now() WHERE id = $1`, [event.id]);

    const rerun = await waitFor(
      async () => {
        const job = await t.get<Queue>(getQueueToken(PUSH_DELIVERY_QUEUE)).getJob(pushJobId);
        return job && (await job.isCompleted()) && job;
      },
      { timeoutMs: 30_000, what: 'the push job queued again by the redelivered event to complete' },
    );
    expect(rerun.data.deliveryKey).toBe(`order-placed.${event.id}-${owner.id}`);
    expect([browsers.modern.requests().length, browsers.legacy.requests().length]).toEqual([1, 1]);
    const notifications = await t.db.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND tenant_id = $2`, [
      owner.id,
      tenant.id,
    ]);
    expect(notifications[0].n).toBe(1);
  });

  it('deletes a subscription its push service answers 410 Gone, and pushes the next order only to the others', async () => {
    const { owner, browsers, order } = await shopWithBrowsers();
    push.answer(browsers.legacy.endpoint, 410);
    await order();
    await pushesTo(browsers.modern, 1);
    await pushJobsSettled(owner.id);
    const endpoints = async () =>
      (await t.db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [owner.id])).map(
        (row: { endpoint: string }) => row.endpoint,
      );
    expect(await endpoints()).toEqual([browsers.modern.endpoint]);

    await order();
    await pushesTo(browsers.modern, 2);
    await pushJobsSettled(owner.id);
    expect(browsers.legacy.requests().map((request) => request.status)).toEqual([410]);
  });

  it('deletes a subscription answered 404 Not Found as well', async () => {
    const { owner, browsers, order } = await shopWithBrowsers();
    push.answer(browsers.modern.endpoint, 404);
    await order();
    await pushesTo(browsers.legacy, 1);
    await pushJobsSettled(owner.id);
    const rows = await t.db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [owner.id]);
    expect(rows).toEqual([{ endpoint: browsers.legacy.endpoint }]);
  });

  it('retries a push its service failed with 500, without pushing again to the browsers that took it', async () => {
    const { owner, browsers, order } = await shopWithBrowsers();
    push.answer(browsers.modern.endpoint, 500, 503);
    const placed = await order();
    expect(await pushesTo(browsers.modern, 1)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ order_id: placed.id }) }),
    ]);
    await pushJobsSettled(owner.id);
    expect(browsers.modern.requests().map((request) => request.status)).toEqual([500, 503, 201]);
    expect(browsers.legacy.requests().map((request) => request.status)).toEqual([201]);
    expect(await t.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [owner.id])).toHaveLength(2);
  });

  it('retries when a push service cannot be reached, having pushed to the others', async () => {
    const { owner, token, browsers } = await shopWithBrowsers();
    const unreachable = `https://127.0.0.1:${closed.port}/push/${randomUUID()}`;
    await t
      .http()
      .post('/api/v1/push-subscriptions')
      .set(authHeader(token))
      .send({ ...browsers.modern.subscription, endpoint: unreachable })
      .expect(200);
    const payload: WebPushPayload = { title: 'T', icon: '/i.png', body: 'B', actions: [], data: {} };
    await expect(t.get(PushChannel).sendToUser(owner.id, payload, `test.${randomUUID()}-${owner.id}`)).rejects.toThrow(
      /1 of 3 pushes failed \(retried\): https:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
    expect([browsers.modern.accepted().length, browsers.legacy.accepted().length]).toEqual([1, 1]);
  });

  it('never calls a stored endpoint whose host is no longer allowed', async () => {
    const { owner, browsers } = await shopWithBrowsers();
    const elsewhere = `https://push.elsewhere.example/push/${randomUUID()}`;
    // Stored while its host was allowed (as if PUSH_ALLOWED_HOSTS had changed since).
    await t.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) SELECT user_id, $2, auth, p256dh FROM push_subscriptions WHERE endpoint = $1`,
      [browsers.modern.endpoint, elsewhere],
    );
    const payload: WebPushPayload = { title: 'T', icon: '/i.png', body: 'B', actions: [], data: {} };
    await t.get(PushChannel).sendToUser(owner.id, payload, `test.${randomUUID()}-${owner.id}`);
    expect([browsers.modern.accepted().length, browsers.legacy.accepted().length]).toEqual([1, 1]);
  });

  it('never calls a stored endpoint on a port no longer in PUSH_ALLOWED_PORTS (decisions §15)', async () => {
    const { owner, browsers } = await shopWithBrowsers();
    // A closed port of the allowed host, stored before the port rule: a call there would fail the job.
    const elsewhere = `https://127.0.0.1:${await freePort()}/push/${randomUUID()}`;
    await t.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) SELECT user_id, $2, auth, p256dh FROM push_subscriptions WHERE endpoint = $1`,
      [browsers.modern.endpoint, elsewhere],
    );
    const payload: WebPushPayload = { title: 'T', icon: '/i.png', body: 'B', actions: [], data: {} };
    await t.get(PushChannel).sendToUser(owner.id, payload, `test.${randomUUID()}-${owner.id}`);
    expect([browsers.modern.accepted().length, browsers.legacy.accepted().length]).toEqual([1, 1]);
  });
});
