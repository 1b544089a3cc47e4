import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DownloadLinks } from '@modules/exports/links/download-links';
import { BROADCAST_DELIVERY_QUEUE } from '@modules/notifications/jobs/notification-delivery.queue';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, parseCsv, pathOf, post } from '@test/support/exports';
import { authHeader, createStaff, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'customer_notes',
  'delivery_type',
  'payment_method',
  'coupon_code',
  'subtotal',
  'discount_amount',
  'delivery_fee',
  'total',
  'currency',
  'items',
];

describe('Orders export (spec 6, 8; decisions §9, §12)', () => {
  const t = useTestApp();

  /** A shop with three orders (one hostile), and a second shop with one order of its own. */
  async function shopWithOrders() {
    const shop = await createShop(t);
    const shirt = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '150.00' });
    const cap = await createProduct(t, shop.tenant.id, { name: 'Gorra, roja', price: '80.00' });
    const first = await insertOrder(t, shop.tenant.id, {
      createdAt: new Date('2025-01-05T10:00:00Z'),
      customerName: 'Ana López',
      customerPhone: '+50499998888',
      customerEmail: 'ana@example.test',
      customerAddress: 'Col. Palmira, "casa 4"',
      deliveryType: 'delivery',
      deliveryFee: '50.00',
      couponCode: 'WELCOME10',
      discount: '30.00',
      paymentStatus: 'paid',
      items: [
        { productId: shirt.id, name: 'Camisa', price: '150.00', quantity: 2 },
        { productId: cap.id, name: 'Gorra, roja', price: '80.00', quantity: 1 },
      ],
    });
    const hostile = await insertOrder(t, shop.tenant.id, {
      createdAt: new Date('2025-01-06T11:00:00Z'),
      customerName: '=HYPERLINK("http://evil.test","click")',
      customerPhone: '@SUM(1+1)',
      customerNotes: '-2+3\nsecond line',
      customerAddress: '\tTabbed',
      status: 'cancelled',
      items: [{ productId: cap.id, name: '+cmd|calc', price: '80.00', quantity: 3 }],
    });
    const third = await insertOrder(t, shop.tenant.id, {
      createdAt: new Date('2025-01-07T12:00:00Z'),
      items: [{ productId: shirt.id, name: 'Camisa', price: '150.00', quantity: 1 }],
    });
    const other = await createShop(t);
    const foreign = await createProduct(t, other.tenant.id);
    await insertOrder(t, other.tenant.id, { items: [{ productId: foreign.id, name: 'Foreign', price: '10.00', quantity: 1 }] });
    return { shop, other, orders: [first, hostile, third] };
  }

  async function exportAndWait(token: string, userId: string) {
    const res = await post(t, '/api/v1/exports/orders', token);
    expect(res.status).toBe(202);
    expect(Object.keys(res.body)).toEqual(['export_id']);
    const notification = await notificationFor(t, userId, 'export_ready', res.body.export_id);
    return { exportId: res.body.export_id as string, notification };
  }

  it("writes exactly the shop's orders, every column, items formatted and formulas defused", async () => {
    const { shop, other, orders } = await shopWithOrders();
    const { exportId, notification } = await exportAndWait(shop.token, shop.owner.id);

    expect(notification.tenant_id).toBe(shop.tenant.id);
    expect(notification.data).toEqual({ export_id: exportId, url: expect.any(String), expires_at: expect.any(String) });
    const { url, expires_at } = notification.data;
    expect(url.startsWith(`http://localhost:3000/api/v1/exports/${exportId}/download?expires=`)).toBe(true);
    // Valid 30 minutes.
    expect(Math.abs(new Date(expires_at).getTime() - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
    expect(new URL(url).searchParams.get('expires')).toBe(String(new Date(expires_at).getTime() / 1000));

    // What the merchant's app lists; nobody of the other shop sees it.
    const listed = await t.http().get('/api/v1/notifications').set(authHeader(shop.token));
    expect(listed.body.data).toEqual([expect.objectContaining({ type: 'export_ready', data: notification.data, read_at: null })]);
    expect((await t.http().get('/api/v1/notifications').set(authHeader(other.token))).body.data).toEqual([]);

    const res = await download(t, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
    const { header, rows } = parseCsv(res.text);
    expect(header).toEqual(COLUMNS);
    expect(rows.map((row) => row.order_number)).toEqual(orders.map((order) => order.orderNumber));

    expect(rows[0]).toEqual({
      order_number: orders[0].orderNumber,
      created_at: '2025-01-05T10:00:00.000Z',
      status: 'pending',
      payment_status: 'paid',
      customer_name: 'Ana López',
      customer_phone: "'+50499998888",
      customer_email: 'ana@example.test',
      customer_address: 'Col. Palmira, "casa 4"',
      customer_notes: '',
      delivery_type: 'delivery',
      payment_method: 'cash',
      coupon_code: 'WELCOME10',
      subtotal: '380.00',
      discount_amount: '30.00',
      delivery_fee: '50.00',
      total: '400.00',
      currency: 'HNL',
      items: '2 x Camisa; 1 x Gorra, roja',
    });
    expect(rows[1]).toEqual(
      expect.objectContaining({
        status: 'cancelled',
        customer_name: '\'=HYPERLINK("http://evil.test","click")',
        customer_phone: "'@SUM(1+1)",
        customer_notes: "'-2+3\nsecond line",
        customer_address: "'\tTabbed",
        items: '3 x +cmd|calc',
        total: '240.00',
      }),
    );
    expect(rows[2]).toEqual(expect.objectContaining({ items: '1 x Camisa', customer_email: '', coupon_code: '', total: '150.00' }));
    expect(res.text.split('\r\n')).toHaveLength(1 + 3 + 1); // header, three records, nothing after the last CRLF

    const file = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(shop.token));
    expect(file.status).toBe(200);
    expect(file.body.data).toEqual(
      expect.objectContaining({
        id: exportId,
        kind: 'orders_export',
        status: 'ready',
        row_count: 3,
        byte_size: Buffer.byteLength(res.text),
      }),
    );
    // A fresh link, as good as the notified one.
    expect((await download(t, file.body.data.download_url)).text).toBe(res.text);
  });

  it('queues the export.ready broadcast to the shop with the export id only, no link (decisions §15)', async () => {
    const { shop } = await shopWithOrders();
    const { exportId } = await exportAndWait(shop.token, shop.owner.id);
    const queue = t.get<Queue>(getQueueToken(BROADCAST_DELIVERY_QUEUE));
    const job = await waitFor(() => queue.getJob(`broadcast-export.${exportId.replace(/-/g, '_')}`), { what: 'the broadcast job' });
    expect(job.data).toEqual({ tenantId: shop.tenant.id, event: 'export.ready', payload: { export_id: exportId } });
  });

  it('quotes every field and defuses a formula after a separator inside a cell (decisions §15 "CSV")', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '10.00' });
    const hostile = [
      { customerName: 'Ana;=cmd|calc', customerNotes: ' +x', customerAddress: 'a,-1', items: 'ok; @SUM(A1)' },
      { customerName: 'Luis\t=1+1', customerNotes: 'first\n -2', customerAddress: 'b;  @x', items: 'Camisa' },
      { customerName: 'María José', customerNotes: 'a-b, c+d', customerAddress: 'Col. 5; casa 2', items: 'Gorra' },
    ];
    for (const [index, order] of hostile.entries()) {
      await insertOrder(t, shop.tenant.id, {
        createdAt: new Date(Date.UTC(2025, 0, 10 + index)),
        customerName: order.customerName,
        customerNotes: order.customerNotes,
        customerAddress: order.customerAddress,
        items: [{ productId: product.id, name: order.items, price: '10.00', quantity: 1 }],
      });
    }
    const { exportId } = await exportAndWait(shop.token, shop.owner.id);
    const shown = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(shop.token));
    const res = await download(t, shown.body.data.download_url);
    expect(res.status).toBe(200);

    // Every field of every record (the header too) is quoted, empty ones included.
    const lines = res.text
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe(COLUMNS.map((column) => `"${column}"`).join(','));
    const { rows } = parseCsv(res.text);
    expect(rows.map((row) => [row.customer_name, row.customer_notes, row.customer_address, row.items])).toEqual([
      ["'Ana;=cmd|calc", "' +x", "'a,-1", "'1 x ok; @SUM(A1)"],
      ["'Luis\t=1+1", "'first\n -2", "'b;  @x", '1 x Camisa'],
      ['María José', 'a-b, c+d', 'Col. 5; casa 2', '1 x Gorra'],
    ]);
    expect(res.text).toContain('"\'Ana;=cmd|calc"');
    expect(res.text).toContain(',"",'); // customer_email: empty, quoted
  });

  it('defuses a formula behind Unicode spaces, controls and format characters, and fullwidth signs', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '10.00' });
    const hostile = [
      { customerName: '\u00A0=cmd|calc', customerNotes: '\u200B=1+1', customerAddress: '\u000B@SUM(A1)' },
      { customerName: '\u000C+1', customerNotes: '\u3000=1+1', customerAddress: '\uFF1DHYPERLINK("x")' },
      { customerName: '\uFF0B504', customerNotes: '\uFF0D2', customerAddress: 'Col. 5;\u00A0\uFF20x' },
      { customerName: '\u00A0María', customerNotes: 'a\uFF1Db', customerAddress: 'Col. 5' },
    ];
    for (const [index, order] of hostile.entries()) {
      await insertOrder(t, shop.tenant.id, {
        createdAt: new Date(Date.UTC(2025, 0, 10 + index)),
        customerName: order.customerName,
        customerNotes: order.customerNotes,
        customerAddress: order.customerAddress,
        items: [{ productId: product.id, name: 'Camisa', price: '10.00', quantity: 1 }],
      });
    }
    const { exportId } = await exportAndWait(shop.token, shop.owner.id);
    const shown = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(shop.token));
    const res = await download(t, shown.body.data.download_url);
    expect(res.status).toBe(200);
    const { rows } = parseCsv(res.text);
    expect(rows.map((row) => [row.customer_name, row.customer_notes, row.customer_address])).toEqual([
      ...hostile.slice(0, 3).map((order) => [`'${order.customerName}`, `'${order.customerNotes}`, `'${order.customerAddress}`]),
      // Controls: a no-break space before a name, a fullwidth sign inside a word.
      ['\u00A0María', 'a\uFF1Db', 'Col. 5'],
    ]);
  });

  it('exports an empty shop as the header alone, and notifies the staff member who asked, not the owner', async () => {
    const shop = await createShop(t);
    const staff = await createStaff(t, shop.tenant);
    const { exportId, notification } = await exportAndWait(staff.token, staff.user.id);
    const { header, rows } = parseCsv((await download(t, notification.data.url)).text);
    expect(header).toEqual(COLUMNS);
    expect(rows).toEqual([]);
    const [{ count }] = await t
      .get(DataSource)
      .query(`SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND data->>'export_id' = $2`, [shop.owner.id, exportId]);
    expect(count).toBe(0);
  });

  it('refuses tampered, expired, foreign and missing signatures with 403, and serves no file that is not there', async () => {
    const { shop, other } = await shopWithOrders();
    const mine = (await exportAndWait(shop.token, shop.owner.id)).notification.data.url;
    const theirs = (await exportAndWait(other.token, other.owner.id)).notification.data.url;
    const link = new URL(mine);
    const id = link.pathname.split('/')[4];
    const expires = link.searchParams.get('expires')!;
    const signature = link.searchParams.get('signature')!;
    const theirSignature = new URL(theirs).searchParams.get('signature')!;
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const at = (query: string, fileId = id) => t.http().get(`/api/v1/exports/${fileId}/download${query}`);

    for (const query of [
      `?expires=${expires}&signature=${flipped}`,
      `?expires=${Number(expires) + 3600}&signature=${signature}`,
      `?expires=${expires}&signature=${theirSignature}`,
      `?expires=${expires}`,
      `?signature=${signature}`,
      '',
      `?expires=${expires}&signature=${signature.toUpperCase()}`,
      `?expires=${expires}&signature=${signature}&signature=${signature}`,
      `?expires=abc&signature=${signature}`,
    ]) {
      const res = await at(query);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 403, body: { message: 'Invalid signature.' } });
    }
    // Their link's signature on my file, and my signature on their file.
    const theirId = new URL(theirs).pathname.split('/')[4];
    expect((await at(`?expires=${expires}&signature=${signature}`, theirId)).status).toBe(403);

    // A genuine signature whose time has run out.
    const past = t
      .get(DownloadLinks)
      .issue({ id, kind: 'orders_export', expiresAt: new Date(Date.now() + 86_400_000) }, new Date(Date.now() - 31 * 60_000));
    const expired = await t.http().get(pathOf(past.url));
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ message: 'This download link has expired.' });

    // Signed, but no such file (deleted, or never was): 404.
    const ghost = t
      .get(DownloadLinks)
      .issue({ id: '00000000-0000-4000-8000-000000000000', kind: 'orders_export', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await t.http().get(pathOf(ghost.url))).status).toBe(404);
    expect((await t.http().get(`/api/v1/exports/not-a-uuid/download?expires=${expires}&signature=${signature}`)).status).toBe(404);
    expect((await download(t, mine)).status).toBe(200);
  });

  it('answers 404 for a file not ready yet, and for another shop asking after it', async () => {
    const { shop, other } = await shopWithOrders();
    const [{ id }] = await t
      .get(DataSource)
      .query(
        `INSERT INTO export_files (tenant_id, user_id, kind, expires_at) VALUES ($1, $2, 'orders_export', now() + interval '7 days') RETURNING id`,
        [shop.tenant.id, shop.owner.id],
      );
    const link = t.get(DownloadLinks).issue({ id, kind: 'orders_export', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await t.http().get(pathOf(link.url))).status).toBe(404);
    const mine = await t.http().get(`/api/v1/exports/${id}`).set(authHeader(shop.token));
    expect(mine.body.data).toEqual(expect.objectContaining({ status: 'queued', download_url: null, row_count: null }));
    const foreign = await t.http().get(`/api/v1/exports/${id}`).set(authHeader(other.token));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Export not found.' });
  });

  it('allows an empty body only: unknown fields 422, no token 401, no shop 403', async () => {
    const shop = await createShop(t);
    expect((await post(t, '/api/v1/exports/orders', shop.token, {})).status).toBe(202);
    const unknown = await post(t, '/api/v1/exports/orders', shop.token, { tenant_id: shop.tenant.id, format: 'xlsx' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors).sort()).toEqual(['format', 'tenant_id']);
    const array = await post(t, '/api/v1/exports/orders', shop.token, []);
    expect(array.status).toBe(422);
    const anonymous = await t.http().post('/api/v1/exports/orders');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
    expect((await t.http().get('/api/v1/exports/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    const customer = await createUser(t);
    expect((await post(t, '/api/v1/exports/orders', customer.token)).status).toBe(403);
  });

  it('lets one shop have at most 3 files being prepared (429)', async () => {
    const shop = await createShop(t);
    const db = t.get(DataSource);
    for (let i = 0; i < 3; i++) {
      await db.query(
        `INSERT INTO export_files (tenant_id, user_id, kind, expires_at) VALUES ($1, $2, 'orders_export', now() + interval '7 days')`,
        [shop.tenant.id, shop.owner.id],
      );
    }
    const refused = await post(t, '/api/v1/exports/orders', shop.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/3 exports or reports being prepared/);
    // Stuck for over an hour (their job lost): they no longer count.
    await db.query(`UPDATE export_files SET created_at = now() - interval '2 hours' WHERE tenant_id = $1`, [shop.tenant.id]);
    expect((await post(t, '/api/v1/exports/orders', shop.token)).status).toBe(202);
  });
});
