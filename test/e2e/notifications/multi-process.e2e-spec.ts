import { DataSource } from 'typeorm';
import { type ChildRun, startMain } from '@test/support/cli';
import { orderBody } from '@test/support/commerce-factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { authHeader, createTenantWithOwner } from '@test/support/factories';
import { freePort } from '@test/support/test-app';
import { TEST_DATABASE_URL } from '@test/support/test-env';
import { settleFor, waitFor } from '@test/support/wait';

const APP_URL = 'https://app.example.test';

/**
 * decisions §11: separate `api` and `worker` processes on one PostgreSQL and one Redis. An order
 * placed through an api-only process reaches the shop's owner (notification and mail) only through
 * a worker process: the api process records the event and processes nothing.
 */
describe('NewOrderNotification across processes: api places, worker notifies (decisions §9, §11)', () => {
  jest.setTimeout(120_000);

  const processes: ChildRun[] = [];
  afterAll(async () => {
    // Whatever a failed test left running: asked to stop, then killed if it has not within 10 s.
    // Declared before the mail server, so it runs before the server closes.
    await Promise.all(
      processes.map(async (run) => {
        if (run.child.exitCode !== null || run.child.signalCode !== null) return;
        const kill = setTimeout(() => run.child.kill('SIGKILL'), 10_000);
        run.child.kill('SIGTERM');
        await run.exited;
        clearTimeout(kill);
      }),
    );
  });

  const smtp = useFakeSmtpServer();
  // The test's own connection, for fixtures and checks: no app runs in the test process.
  let db: DataSource;
  beforeAll(async () => {
    db = await new DataSource({ type: 'postgres', url: TEST_DATABASE_URL }).initialize();
  });
  afterAll(() => db.destroy());

  const start = async (env: Record<string, string>, readyText: string) => {
    const run = await startMain({ MAIL_URL: smtp.url, APP_URL, ...env }, readyText);
    processes.push(run);
    return run;
  };

  it('the api process records the order and processes nothing; a separate worker process notifies and mails the owner', async () => {
    const port = await freePort();
    const api = await start({ APP_ROLE: 'api', PORT: String(port), GRPC_URL: `127.0.0.1:${await freePort()}` }, 'Storefront API listening');
    const apiUrl = `http://127.0.0.1:${port}`;

    const { tenant, owner, token } = await createTenantWithOwner(db);
    const [location] = await db.query(
      `INSERT INTO locations (tenant_id, name, is_primary, is_active) VALUES ($1, 'Main store', true, true) RETURNING id`,
      [tenant.id],
    );
    const [product] = await db.query(
      `INSERT INTO products (tenant_id, name, price, stock, is_active) VALUES ($1, 'Mug', '125.00', 10, true) RETURNING id`,
      [tenant.id],
    );

    const placed = await fetch(`${apiUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-id': tenant.id },
      body: JSON.stringify(orderBody([{ product_id: product.id, quantity: 2 }], { customer_name: 'Ana López', location_id: location.id })),
    });
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as { data: { id: number; order_number: string; total: number } }).data;
    expect(order).toEqual(expect.objectContaining({ order_number: '1001', total: 250 }));

    const notifications = async () => {
      const res = await fetch(`${apiUrl}/api/v1/notifications`, { headers: authHeader(token) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Array<{ type: string; data: Record<string, unknown> }> }).data;
    };
    const outboxStatus = async () =>
      (
        await db.query(`SELECT status FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`, [
          String(order.id),
        ])
      )[0]?.status;

    // A relay polls every 100 ms here (OUTBOX_POLL_INTERVAL_MS): twenty polls' worth of time.
    await settleFor(2_000, 'the api process must stay idle: no relay, no consumer, no mail sender runs there');
    expect(await outboxStatus()).toBe('pending');
    expect(await notifications()).toEqual([]);
    expect(await db.query('SELECT 1 FROM notifications WHERE user_id = $1', [owner.id])).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.to.includes(owner.email))).toEqual([]);

    const worker = await start({ APP_ROLE: 'worker' }, 'Worker started');
    expect(worker.output()).not.toContain('Storefront API listening');

    const [notification] = await waitFor(async () => (await notifications()).length > 0 && notifications(), {
      timeoutMs: 20_000,
      what: "the owner's new_order notification",
    });
    expect(notification).toEqual(
      expect.objectContaining({
        type: 'new_order',
        data: {
          order_id: order.id,
          order_number: '1001',
          customer_name: 'Ana López',
          total: 250,
          currency: 'HNL',
          url: `${APP_URL}/dashboard/orders/${order.id}`,
        },
      }),
    );
    const mail = await smtp.waitFor((message) => message.to.includes(owner.email), 20_000);
    expect(mail.subject).toBe(`${tenant.name}: nuevo pedido #1001`);
    expect(mail.text).toContain('Pedido: #1001');
    expect(mail.text).toContain('Cliente: Ana López');
    expect(mail.text).toMatch(/Total\s+L 250\.00/);
    expect(await outboxStatus()).toBe('processed');

    // Both processes stop cleanly, the worker's jobs done.
    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await Promise.all([api.exited, worker.exited])).toEqual([0, 0]);
    expect(smtp.messages.filter((message) => message.to.includes(owner.email))).toHaveLength(1);
  });
});
