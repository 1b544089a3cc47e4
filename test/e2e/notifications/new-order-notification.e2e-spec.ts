import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { OutboxProcessor } from '@infra/outbox/outbox.processor';
import type { Job } from 'bullmq';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, createStaff, createUser } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { placeOrder } from '@test/support/http-clients';
import { messagesSettled } from '@test/support/queues';
import { createTestApp, useTestApp, type TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

interface NotificationRow {
  user_id: string;
  type: string;
  data: Record<string, unknown>;
  read_at: Date | null;
}

describe('NewOrderNotification (spec 6; decisions §5, §9)', () => {
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, APP_URL: 'https://app.example.test' } }));

  const notificationsOf = (userId: string) =>
    t.db.query<NotificationRow[]>('SELECT user_id, type, data, read_at FROM notifications WHERE user_id = $1', [userId]);

  async function orderedShop() {
    const shop = await createShop(t);
    const admin = await createStaff(t, shop.tenant, { role: 'admin', name: 'Berta <Admin>' });
    const staff = await createStaff(t, shop.tenant, { role: 'staff' });
    const product = await createProduct(t, shop.tenant.id, { price: '125.00' });
    const res = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 2 }], { customer_name: 'Ana <b>' }));
    expect(res.status).toBe(201);
    return { ...shop, admin, staff, order: res.body.data as { id: number; order_number: string } };
  }

  const outboxIdOf = async (orderId: number) =>
    (
      await t.db.query<Array<{ id: string }>>(
        `SELECT id FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`,
        [String(orderId)],
      )
    )[0].id;

  it("tells the shop's owner and admins, each once, on the database channel and by mail", async () => {
    const { tenant, owner, admin, staff, order } = await orderedShop();
    const url = `https://app.example.test/dashboard/orders/${order.id}`;
    for (const user of [owner, admin.user]) {
      const rows = await waitFor(
        async () => {
          const found = await notificationsOf(user.id);
          return found.length > 0 && found;
        },
        { what: `the notification of ${user.email}` },
      );
      expect(rows).toEqual([
        {
          user_id: user.id,
          type: 'new_order',
          read_at: null,
          data: { order_id: order.id, order_number: '1001', customer_name: 'Ana <b>', total: 250, currency: 'HNL', url },
        },
      ]);
    }

    const ownerMail = await smtp.waitFor((mail) => mail.to.includes(owner.email));
    // The shop's language is Spanish unless it says otherwise (decisions §19).
    expect(ownerMail.subject).toBe(`${tenant.name}: nuevo pedido #1001`);
    expect(ownerMail.text).toContain('Pedido: #1001');
    expect(ownerMail.text).toContain('Cliente: Ana <b>');
    expect(ownerMail.text).toMatch(/Total\s+L 250\.00/);
    expect(ownerMail.text).toContain(url);
    expect(ownerMail.html).toContain('Ana &lt;b&gt;');
    expect(ownerMail.html).toContain(`href="${url}"`);
    const adminMail = await smtp.waitFor((mail) => mail.to.includes(admin.user.email));
    expect(adminMail.html).toContain('Hola Berta &lt;Admin&gt;:');

    await messagesSettled(t, owner.email);
    await messagesSettled(t, admin.user.email);
    expect(smtp.messages.filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
    expect(await notificationsOf(staff.user.id)).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.to.includes(staff.user.email))).toHaveLength(0);
  });

  it('does not notify or mail twice when the same outbox event is delivered again', async () => {
    const { owner, order } = await orderedShop();
    await smtp.waitFor((mail) => mail.to.includes(owner.email));
    const outboxId = await outboxIdOf(order.id);
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM outbox_events WHERE id = $1 AND status = 'processed'`, [outboxId])).length);

    // Delivered again as the relay would after a crash: the consumption marker turns it into a no-op.
    await t.db.query(`UPDATE outbox_events SET status = 'pending' WHERE id = $1`, [outboxId]);
    await t.get(OutboxProcessor).process({ data: { outboxId } } as Job<{ outboxId: string }>);
    // And with the marker lost as well: the consumer runs again, the same keys dedupe every channel.
    await t.db.query('DELETE FROM outbox_consumptions WHERE event_id = $1', [outboxId]);
    await t.get(OutboxProcessor).process({ data: { outboxId } } as Job<{ outboxId: string }>);

    await messagesSettled(t, owner.email);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
    expect(smtp.messages.filter((mail) => mail.to.includes(owner.email))).toHaveLength(1);
  });

  it('notifies nobody when the shop has no owner or admin, and still takes the order', async () => {
    const shop = await createShop(t);
    await t.db.query('UPDATE tenants SET user_id = NULL WHERE id = $1', [shop.tenant.id]);
    await t.db.query(`UPDATE users SET role = 'staff' WHERE id = $1`, [shop.owner.id]);
    const product = await createProduct(t, shop.tenant.id);
    const res = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }]));
    expect(res.status).toBe(201);
    const outboxId = await outboxIdOf(res.body.data.id);
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM outbox_events WHERE id = $1 AND status = 'processed'`, [outboxId])).length);
    expect(await notificationsOf(shop.owner.id)).toEqual([]);
  });
});

describe('Placing an order never waits for the mail server', () => {
  let app: TestApp;
  let held: Socket[] = [];
  let closing = false;
  const smtp = createServer((socket) => {
    // Accepts the connection and never greets: a mail server that answers in minutes.
    if (closing) socket.destroy();
    else held.push(socket);
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    app = await createTestApp({ env: { MAIL_URL: `smtp://127.0.0.1:${port}` } });
  });

  afterAll(async () => {
    // Hung up first, so that the mail worker's send fails at once and the app closes without waiting for it.
    closing = true;
    held.forEach((socket) => socket.destroy());
    held = [];
    await app?.close();
    await new Promise((resolve) => smtp.close(resolve));
  });

  it('answers 201 while the notification mail of an earlier order hangs on the SMTP connection', async () => {
    const shop = await createShop(app);
    const product = await createProduct(app, shop.tenant.id);
    expect((await placeOrder(app, shop.tenant.id, orderBody([{ product_id: product.id }]))).status).toBe(201);
    await waitFor(() => held.length > 0, { what: 'the mail worker to connect to the silent SMTP server' });

    const second = await placeOrder(app, shop.tenant.id, orderBody([{ product_id: product.id }]));
    expect(second.status).toBe(201);
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    const rows = await waitFor(
      async () => {
        const found = await app.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [shop.owner.id]);
        return found.length === 2 && found;
      },
      { what: 'both notifications' },
    );
    expect(rows).toHaveLength(2);
  });
});

describe('Notification endpoints (spec 4.6; decisions §1, §9)', () => {
  const t = useTestApp();

  /** The data of the `i`th stored new_order notification, as the notifier writes it. */
  const orderData = (i: number) => ({
    order_id: i + 1,
    order_number: String(1001 + i),
    customer_name: 'Customer',
    total: 10,
    currency: 'HNL',
    url: `http://localhost:3000/orders/${i + 1}`,
  });

  async function userWithNotifications(count: number) {
    const { user, token } = await createUser(t);
    for (let i = 0; i < count; i++) {
      await t.db.query(
        `INSERT INTO notifications (user_id, type, data, dedupe_key, created_at) VALUES ($1, 'new_order', $2, $3, now() - make_interval(mins => $4))`,
        [user.id, orderData(i), `test.${i}`, count - i],
      );
    }
    const ids = (
      await t.db.query<Array<{ id: string }>>('SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at', [user.id])
    ).map((row) => row.id);
    return { user, token, ids };
  }
  const get = (path: string, token: string) => t.http().get(path).set(authHeader(token));
  const patch = (path: string, token: string) => t.http().patch(path).set(authHeader(token));

  it('lists 10 a page, unread first, then newest first, in the page envelope', async () => {
    const { token, ids } = await userWithNotifications(12);
    await patch(`/api/v1/notifications/${ids[11]}/read`, token).expect(200, { status: 'success' });
    const first = await get('/api/v1/notifications', token);
    expect(first.status).toBe(200);
    const expectedOrder = [...ids.slice(0, 11).reverse(), ids[11]];
    expect(first.body.data.map((n: { id: string }) => n.id)).toEqual(expectedOrder.slice(0, 10));
    expect(first.body.data[0]).toEqual({
      id: ids[10],
      type: 'new_order',
      data: orderData(10),
      read_at: null,
      created_at: expect.any(String),
    });
    expect(first.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      per_page: 10,
      to: 10,
      total: 12,
      next_cursor: expect.any(String),
    });
    const second = await get('/api/v1/notifications?page=2', token);
    expect(second.body.data.map((n: { id: string }) => n.id)).toEqual(expectedOrder.slice(10));
    expect(second.body.data[1].read_at).toEqual(expect.any(String));
    expect((await get('/api/v1/notifications?page=0', token)).status).toBe(422);
  });

  it('counts unread, marks one and all read, and keeps the first read time', async () => {
    const { token, ids } = await userWithNotifications(3);
    await get('/api/v1/notifications/count', token).expect(200, { count: 3 });
    await patch(`/api/v1/notifications/${ids[0]}/read`, token).expect(200, { status: 'success' });
    const [{ read_at: firstRead }] = await t.db.query('SELECT read_at FROM notifications WHERE id = $1', [ids[0]]);
    await patch(`/api/v1/notifications/${ids[0]}/read`, token).expect(200);
    expect((await t.db.query('SELECT read_at FROM notifications WHERE id = $1', [ids[0]]))[0].read_at).toEqual(firstRead);
    await get('/api/v1/notifications/count', token).expect(200, { count: 2 });
    await patch('/api/v1/notifications/read-all', token).expect(200, { status: 'success' });
    await get('/api/v1/notifications/count', token).expect(200, { count: 0 });
  });

  it("answers 404 for another user's notification or a malformed id, and changes nothing", async () => {
    const mine = await userWithNotifications(1);
    const theirs = await userWithNotifications(1);
    const foreign = await patch(`/api/v1/notifications/${theirs.ids[0]}/read`, mine.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Notification not found.' });
    expect((await patch('/api/v1/notifications/not-a-uuid/read', mine.token)).status).toBe(404);
    expect((await patch('/api/v1/notifications/00000000-0000-0000-0000-000000000000/read', mine.token)).status).toBe(404);
    await patch('/api/v1/notifications/read-all', mine.token).expect(200);
    await get('/api/v1/notifications/count', theirs.token).expect(200, { count: 1 });
    expect((await get('/api/v1/notifications', mine.token)).body.data.map((n: { id: string }) => n.id)).toEqual(mine.ids);
  });

  it('answers 401 without a valid bearer token', async () => {
    for (const [method, path] of [
      ['get', '/api/v1/notifications'],
      ['get', '/api/v1/notifications/count'],
      ['patch', '/api/v1/notifications/read-all'],
      ['patch', '/api/v1/notifications/00000000-0000-0000-0000-000000000000/read'],
    ] as const) {
      const res = await t.http()[method](path).set(authHeader('1|nope'));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
