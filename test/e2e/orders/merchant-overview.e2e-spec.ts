import { backfillOrderStats } from '@migrations';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, createUser } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

interface Overview {
  currency: string;
  today: { orders: number; sales: number };
  pending_orders: number;
  daily: Array<{ date: string; orders: number; sales: number }>;
  top_products: Array<{ product_id: number; name: string; quantity: number; sales: number }>;
}

const DAY_MS = 86_400_000;

describe('GET /api/v1/merchant/overview (decisions §17)', () => {
  const t = useTestApp();
  const overview = (token: string, tz?: string) =>
    t
      .http()
      .get('/api/v1/merchant/overview')
      .query(tz === undefined ? {} : { tz })
      .set(authHeader(token));

  /** An order written straight to the tables at `at`, as the backfill finds orders placed before the rollups existed. */
  async function pastOrder(
    tenantId: string,
    at: Date,
    lines: Array<{ id: number; price: string; quantity: number }>,
    status = 'delivered',
  ) {
    const total = lines.reduce((sum, line) => sum + Math.round(Number(line.price) * 100) * line.quantity, 0) / 100;
    const [order]: Array<{ id: number }> = await t.db.query(
      `INSERT INTO orders (tenant_id, order_number, status, customer_name, customer_phone, delivery_type, subtotal, total, currency, created_at, updated_at)
       VALUES ($1, $2, $3, 'Ana', '+50499999999', 'pickup', $4, $4, 'HNL', $5, $5) RETURNING id`,
      [tenantId, `P${Math.random().toString(36).slice(2, 12)}`, status, total.toFixed(2), at],
    );
    for (const line of lines) {
      await t.db.query(
        `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
         SELECT $1, id, name, price, $3::int, price * $3::int FROM products WHERE id = $2`,
        [order.id, line.id, line.quantity],
      );
    }
    return order.id;
  }

  /**
   * The overview as a direct aggregate over the shop's orders says it. Top products: the orders
   * whose UTC hour starts at or after the window's start (the local midnight 29 days ago), as
   * docs/api.md says; for a zone a whole number of hours from UTC that is every order since then.
   */
  async function aggregate(tenantId: string, tz: string): Promise<Omit<Overview, 'currency'>> {
    const daily: Array<{ date: string; orders: number; sales: string }> = await t.db.query(
      `WITH days AS (SELECT (now() AT TIME ZONE $2)::date - back AS day FROM generate_series(0, 29) AS back),
            o AS (SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS orders, sum(total) AS sales
                    FROM orders WHERE tenant_id = $1 AND status <> 'cancelled' GROUP BY 1)
       SELECT to_char(day, 'YYYY-MM-DD') AS date, COALESCE(o.orders, 0) AS orders, COALESCE(o.sales, 0)::text AS sales
         FROM days LEFT JOIN o USING (day) ORDER BY day`,
      [tenantId, tz],
    );
    const top: Array<{ product_id: number; name: string; quantity: string; sales: string }> = await t.db.query(
      `SELECT i.product_id, (array_agg(i.name ORDER BY o.created_at DESC))[1] AS name, sum(i.quantity)::text AS quantity, sum(i.line_total)::text AS sales
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.tenant_id = $1 AND o.status <> 'cancelled'
          AND date_trunc('hour', o.created_at, 'UTC') >= (((now() AT TIME ZONE $2)::date - 29)::timestamp AT TIME ZONE $2)
        GROUP BY i.product_id
        ORDER BY sum(i.quantity) DESC, sum(i.line_total) DESC, i.product_id
        LIMIT 5`,
      [tenantId, tz],
    );
    const [{ pending }]: Array<{ pending: number }> = await t.db.query(
      `SELECT count(*)::int AS pending FROM orders WHERE tenant_id = $1 AND status = 'pending'`,
      [tenantId],
    );
    const days = daily.map((day) => ({ date: day.date, orders: day.orders, sales: Number(day.sales) }));
    return {
      today: { orders: days[29].orders, sales: days[29].sales },
      pending_orders: pending,
      daily: days,
      top_products: top.map((row) => ({
        product_id: row.product_id,
        name: row.name,
        quantity: Number(row.quantity),
        sales: Number(row.sales),
      })),
    };
  }

  it('equals a direct aggregate over the orders after concurrent orders and status changes, in every time zone asked', async () => {
    const { tenant, token } = await createShop(t);
    const products: Array<{ id: number; price: string; name: string }> = [];
    for (let i = 0; i < 7; i++) products.push(await createProduct(t, tenant.id, { price: `${10 + i}.25`, stock: null }));

    // A history from before the rollups: the backfill counts it. The local midnight 29 days ago in
    // Tegucigalpa (UTC-6) and the second before it: one counts, the other not.
    const [{ edge }]: Array<{ edge: Date }> = await t.db.query(
      `SELECT (((now() AT TIME ZONE 'America/Tegucigalpa')::date - 29)::timestamp AT TIME ZONE 'America/Tegucigalpa') AS edge`,
    );
    const now = Date.now();
    const history: Array<[Date, number, string?]> = [
      [new Date(edge), 0],
      [new Date(new Date(edge).getTime() - 1000), 1],
      [new Date(now - 40 * DAY_MS), 2],
      [new Date(now - 31 * DAY_MS), 3],
      [new Date(now - 13 * DAY_MS - 3_600_000), 4],
      [new Date(now - 5 * DAY_MS), 5, 'cancelled'],
      [new Date(now - 2 * DAY_MS), 6],
      [new Date(now - DAY_MS), 0, 'pending'],
    ];
    const pastIds: number[] = [];
    for (const [at, index, status] of history) {
      pastIds.push(
        await pastOrder(
          tenant.id,
          at,
          [
            { ...products[index], quantity: 1 + index },
            { ...products[(index + 3) % 7], quantity: 2 },
          ],
          status,
        ),
      );
    }
    await backfillOrderStats(t.db, tenant.id);

    // Orders placed concurrently, then more of them while others are cancelled and confirmed.
    const place = (i: number) =>
      placeOrder(
        t,
        tenant.id,
        orderBody([
          { product_id: products[i % 7].id, quantity: 1 + (i % 4) },
          { product_id: products[(i * 3 + 1) % 7].id, quantity: 1 },
        ]),
      );
    const first = await Promise.all(Array.from({ length: 24 }, (_, i) => place(i)));
    expect(first.map((res) => res.status)).toEqual(Array(24).fill(201));
    const ids: number[] = first.map((res) => res.body.data.id);
    const change = (id: number, status: string) => t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status });
    const mixed = await Promise.all([
      ...ids.slice(0, 8).map((id) => change(id, 'cancelled')),
      ...ids.slice(8, 12).map((id) => change(id, 'confirmed')),
      change(pastIds[7], 'cancelled'),
      change(pastIds[6], 'cancelled').then((res) => ({ status: res.status === 422 ? 200 : res.status })), // delivered: final
      ...Array.from({ length: 12 }, (_, i) => place(24 + i)),
    ]);
    expect(mixed.map((res) => res.status).every((status) => status === 200 || status === 201)).toBe(true);
    // Cancelling again changes nothing.
    expect((await change(ids[0], 'cancelled')).status).toBe(200);

    for (const tz of ['UTC', 'America/Tegucigalpa', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'America/St_Johns']) {
      const res = await overview(token, tz);
      expect(res.status).toBe(200);
      expect({ tz, ...res.body.data }).toEqual({ tz, currency: 'HNL', ...(await aggregate(tenant.id, tz)) });
    }
    const utc = await overview(token);
    expect(utc.body.data).toEqual({ currency: 'HNL', ...(await aggregate(tenant.id, 'UTC')) });

    // The figures are not trivially empty: today has the 28 orders not cancelled, and 5 products rank.
    expect(utc.body.data.today.orders).toBe(28);
    expect(utc.body.data.pending_orders).toBe(24);
    expect(utc.body.data.top_products).toHaveLength(5);
    // The edge: Tegucigalpa's window holds the order placed at its first second, not the one before.
    const [{ counted }]: Array<{ counted: number }> = await t.db.query(
      `SELECT count(*)::int AS counted FROM orders WHERE tenant_id = $1 AND created_at >= $2 AND status <> 'cancelled'`,
      [tenant.id, edge],
    );
    const local = (await overview(token, 'America/Tegucigalpa')).body.data as Overview;
    expect(local.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(counted);
  });

  it('has every one of the last 30 days, today last, and zeros and no products for a shop without orders', async () => {
    const { token } = await createShop(t);
    const res = await overview(token, 'America/Tegucigalpa');
    expect(res.status).toBe(200);
    const { daily, today, top_products, pending_orders } = res.body.data as Overview;
    expect(daily).toHaveLength(30);
    const todayThere = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tegucigalpa' }).format(new Date());
    expect(daily[29].date).toBe(todayThere);
    for (let i = 1; i < 30; i++) expect(Date.parse(daily[i].date) - Date.parse(daily[i - 1].date)).toBe(DAY_MS);
    expect(daily.every((day) => day.orders === 0 && day.sales === 0)).toBe(true);
    expect({ today, top_products, pending_orders }).toEqual({ today: { orders: 0, sales: 0 }, top_products: [], pending_orders: 0 });
  });

  it("counts only the caller's shop", async () => {
    const mine = await createShop(t);
    const other = await createShop(t);
    const product = await createProduct(t, other.tenant.id, { stock: null });
    expect((await placeOrder(t, other.tenant.id, orderBody([{ product_id: product.id }]))).status).toBe(201);
    const res = await overview(mine.token);
    expect(res.body.data.today).toEqual({ orders: 0, sales: 0 });
    expect((await overview(other.token)).body.data.today).toEqual({ orders: 1, sales: 100 });
  });

  it('refuses a time zone that is not an IANA name with 422 on tz, and unknown parameters', async () => {
    const { token } = await createShop(t);
    for (const tz of ['Mars/Base', '+05:00', '', 'x'.repeat(100), 'UTC; DROP TABLE orders']) {
      const res = await overview(token, tz);
      expect({ tz, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ tz, status: 422, fields: ['tz'] });
    }
    const extra = await t.http().get('/api/v1/merchant/overview?days=90').set(authHeader(token));
    expect(extra.status).toBe(422);
  });

  it('answers 401 without a token and 403 without a shop', async () => {
    expect((await t.http().get('/api/v1/merchant/overview')).status).toBe(401);
    const { token } = await createUser(t, { role: 'customer' });
    expect((await overview(token)).status).toBe(403);
  });
});
