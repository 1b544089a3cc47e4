import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { inTransaction } from '@infra/database/transaction';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OrderPlacedConsumer } from '@modules/notifications/consumers/order-placed.consumer';
import { BroadcastChannel } from '@modules/notifications/channels/broadcast.channel';
import { BROADCAST_DELIVERY_QUEUE, type BroadcastDeliveryJob } from '@modules/notifications/jobs/notification-delivery.queue';
import type { OrderPlacedPayload } from '@modules/orders';
import { startMain } from '@test/support/cli';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, createStaff, createTenantWithOwner, createUser, issueToken } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { eventsOf, handshake, useRealtimeClients } from '@test/support/socket-clients';
import { createTestApp, freePort, type TestApp, useTestApp } from '@test/support/test-app';
import { settleFor } from '@test/support/wait';

/** Long enough for an event sent to the wrong room to have arrived: the right room's came within milliseconds. */
const QUIET_MS = 750;

/** A shop that takes orders (owner with a token, a location), with a product. */
async function shopWithProduct(t: TestApp) {
  const shop = await createShop(t);
  const product = await createProduct(t, shop.tenant.id, { price: '120.50' });
  return { ...shop, product };
}

/** An order of two of the product, placed over HTTP like a storefront does. */
async function orderOn(t: TestApp, tenantId: string, productId: number) {
  const res = await placeOrder(t, tenantId, orderBody([{ product_id: productId, quantity: 2 }]));
  expect(res.status).toBe(201);
  return res.body.data as { id: number; order_number: string; total: number; currency: string };
}

describe('Realtime notifications over Socket.IO (decisions §9)', () => {
  describe('in one process serving HTTP and running workers (APP_ROLE=all)', () => {
    const t = useTestApp();
    const clients = useRealtimeClients();

    it('a merchant connected to its shop room gets order.created with the order summary; another shop gets nothing, even asking to join', async () => {
      const shop = await shopWithProduct(t);
      const staff = await createStaff(t, shop.tenant);
      const other = await createTenantWithOwner(t);

      const owner = clients.connect(t.baseUrl, { auth: { token: shop.token } });
      // The header form of the token, as non-browser clients send it.
      const member = clients.connect(t.baseUrl, { extraHeaders: authHeader(staff.token) });
      const stranger = clients.connect(t.baseUrl, { auth: { token: other.token } });
      for (const client of [owner, member, stranger]) expect(await handshake(client)).toEqual({ connected: true });
      // Rooms are the server's business: a client's request to join another shop's room is ignored.
      stranger.socket.emit('join', `private-tenant.${shop.tenant.id}`);
      stranger.socket.emit('subscribe', { channel: `private-tenant.${shop.tenant.id}` });

      const order = await orderOn(t, shop.tenant.id, shop.product.id);
      const expected = {
        order_id: order.id,
        order_number: order.order_number,
        customer_name: 'Ana López',
        total: order.total,
        currency: 'HNL',
      };
      expect(await eventsOf(owner, 'order.created')).toEqual([expected]);
      expect(await eventsOf(member, 'order.created')).toEqual([expected]);
      expect(order.total).toBe(241);

      await settleFor(QUIET_MS, 'an event leaking to another shop would arrive within this');
      expect(stranger.received).toEqual([]);
      expect(owner.received).toHaveLength(1);
    });

    it('refuses a handshake without a valid token with connect_error "Unauthenticated."', async () => {
      const { owner } = await createTenantWithOwner(t);
      const expired = await issueToken(t, owner.id, { expiresAt: new Date(Date.now() - 60_000) });
      const revoked = await issueToken(t, owner.id);
      expect((await t.http().delete('/api/v1/auth/token').set(authHeader(revoked))).status).toBe(204);

      const attempts = [
        {},
        { auth: { token: '' } },
        { auth: { token: 'not-a-token' } },
        { auth: { token: '999999|abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV' } },
        { auth: { token: expired } },
        { auth: { token: revoked } },
        { extraHeaders: { Authorization: `Basic ${revoked}` } },
        { extraHeaders: authHeader(revoked) },
        // A token in the query string is never read (URLs end up in logs).
        { query: { token: revoked } },
      ];
      for (const options of attempts) {
        const outcome = await handshake(clients.connect(t.baseUrl, options));
        expect({ options, outcome }).toEqual({ options, outcome: { connected: false, message: 'Unauthenticated.', data: undefined } });
      }
    });

    it('refuses a signed-in user who is not on a shop team with connect_error "Forbidden."', async () => {
      const { token: shopless } = await createUser(t);
      const { tenant } = await createTenantWithOwner(t);
      const { token: customer } = await createUser(t, { tenantId: tenant.id, role: 'customer' });
      expect(await handshake(clients.connect(t.baseUrl, { auth: { token: `Bearer ${shopless}` } }))).toEqual({
        connected: false,
        message: 'Forbidden.',
        data: { reason: 'You do not belong to a shop yet.' },
      });
      expect(await handshake(clients.connect(t.baseUrl, { auth: { token: customer } }))).toEqual({
        connected: false,
        message: 'Forbidden.',
        data: { reason: 'Only the shop team can manage it.' },
      });
    });

    it('the OrderPlaced consumer run again for the same event queues no second broadcast, and the merchant gets the event once', async () => {
      const shop = await shopWithProduct(t);
      const owner = clients.connect(t.baseUrl, { auth: { token: shop.token } });
      expect(await handshake(owner)).toEqual({ connected: true });
      const order = await orderOn(t, shop.tenant.id, shop.product.id);
      await eventsOf(owner, 'order.created');

      const [row] = await t.db.query(
        `SELECT id, event_type, tenant_id, occurred_at, payload FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`,
        [String(order.id)],
      );
      const event: StoredEvent<OrderPlacedPayload> = {
        id: String(row.id),
        type: row.event_type,
        tenantId: row.tenant_id,
        occurredAt: new Date(row.occurred_at),
        payload: row.payload,
      };
      const consumer = t.get(OrderPlacedConsumer);
      // As the outbox processor runs it: in the project's transaction, its jobs queued after the commit.
      await inTransaction(t.db, (manager) => consumer.handle(event, manager));
      await inTransaction(t.db, (manager) => consumer.handle(event, manager));

      const queue = t.get<Queue<BroadcastDeliveryJob>>(getQueueToken(BROADCAST_DELIVERY_QUEUE));
      const jobs = (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter(
        (job) => job?.data.tenantId === shop.tenant.id,
      );
      expect(jobs.map((job) => job.id)).toEqual([`broadcast-order-placed.${event.id}`]);
      await settleFor(QUIET_MS, 'a second broadcast would arrive within this');
      expect(owner.payloadsOf('order.created')).toHaveLength(1);
    });

    it('carries any event to the shop room (export.ready is sent the same way)', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const owner = clients.connect(t.baseUrl, { auth: { token } });
      expect(await handshake(owner)).toEqual({ connected: true });
      const payload = { export_id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
      await t.get(BroadcastChannel).toTenant(tenant.id, 'export.ready', payload);
      expect(await eventsOf(owner, 'export.ready')).toEqual([payload]);
    });
    it('on SIGTERM an api process with connected clients still exits 0; they see a transport close, so they reconnect elsewhere', async () => {
      const { token } = await createTenantWithOwner(t);
      const port = await freePort();
      const grpcPort = await freePort();
      const apiProcess = await startMain(
        { APP_ROLE: 'api', PORT: String(port), GRPC_URL: `127.0.0.1:${grpcPort}` },
        'Storefront API listening',
      );
      try {
        const client = clients.connect(`http://127.0.0.1:${port}`, { auth: { token } });
        expect(await handshake(client)).toEqual({ connected: true });
        const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
        const signalledAt = Date.now();
        apiProcess.child.kill('SIGTERM');
        expect(await disconnected).toBe('transport close');
        expect(await apiProcess.exited).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(10_000);
        expect(apiProcess.output()).toContain('Shut down cleanly');
      } finally {
        apiProcess.child.kill('SIGKILL');
      }
    });
  });

  describe('across processes: an api instance and a worker sharing Redis', () => {
    const api = useTestApp({ role: 'api' });
    const worker = useTestApp({ role: 'worker' });
    const clients = useRealtimeClients();

    it('the worker emits, the client connected to the api instance receives', async () => {
      const shop = await shopWithProduct(api);
      const owner = clients.connect(api.baseUrl, { auth: { token: shop.token } });
      expect(await handshake(owner)).toEqual({ connected: true });
      // The api process runs no queue workers: the outbox relay, the consumer and the broadcast
      // delivery all run in the worker process, which has no Socket.IO server of its own.
      expect(() => api.get(BroadcastChannel)).toThrow();
      const onWorker = clients.connect(worker.baseUrl, { auth: { token: shop.token }, timeout: 2_000 });
      expect((await handshake(onWorker)).connected).toBe(false);

      const order = await orderOn(api, shop.tenant.id, shop.product.id);
      expect(await eventsOf(owner, 'order.created')).toEqual([
        { order_id: order.id, order_number: order.order_number, customer_name: 'Ana López', total: order.total, currency: 'HNL' },
      ]);
    });

    it('closing an app drops its connected clients at the transport (so they reconnect) and leaves nothing open', async () => {
      const { token } = await createTenantWithOwner(api);
      const doomed = await createTestApp({ role: 'api' });
      let closed = false;
      try {
        const client = clients.connect(doomed.baseUrl, { auth: { token } });
        expect(await handshake(client)).toEqual({ connected: true });
        const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
        await doomed.close();
        closed = true;
        expect(await disconnected).toBe('transport close');
      } finally {
        if (!closed) await doomed.close();
      }
    });
  });
});
