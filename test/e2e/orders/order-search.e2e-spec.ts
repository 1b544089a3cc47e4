import { randomBytes } from 'node:crypto';
import { searchOrdersStatement } from '@modules/orders/persistence/orders.repository';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

describe('Merchant order search (GET /api/v1/orders?search=, docs/commerce.md "Order search")', () => {
  const t = useTestApp();

  type Customer = { name: string; phone: string };

  /** A shop with one order per customer, placed in this order (numbers 1001, 1002, …). */
  async function shopWithCustomers(customers: Customer[]) {
    const { tenant, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 1000 });
    const ids: number[] = [];
    for (const customer of customers) {
      const res = await placeOrder(
        t,
        tenant.id,
        orderBody([{ product_id: product.id }], { customer_name: customer.name, customer_phone: customer.phone }),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    return { tenant, token, ids };
  }

  const search = (token: string, query: Record<string, string>) => t.http().get('/api/v1/orders').query(query).set(authHeader(token));
  const idsOf = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((order) => order.id);

  async function explainWithoutSeqScan(statement: { sql: string; params: unknown[] }): Promise<string> {
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      const plan: Array<{ 'QUERY PLAN': string }> = await runner.query(`EXPLAIN ${statement.sql}`, statement.params);
      return plan.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  const CUSTOMERS: Customer[] = [
    { name: 'Ana López', phone: '+504 9999-1234' },
    { name: 'José Núñez', phone: '+504 3333-5678' },
    { name: 'MARÍA LOPEZ', phone: '(504) 2222 0000' },
  ];

  it('finds an order by its number, with or without #, and only that number exactly', async () => {
    const { token, ids } = await shopWithCustomers(CUSTOMERS);
    const plain = await search(token, { search: '1002' });
    expect(plain.status).toBe(200);
    expect(idsOf(plain)).toEqual([ids[1]]);
    expect(plain.body.data[0].order_number).toBe('1002');
    expect(idsOf(await search(token, { search: ' #1003 ' }))).toEqual([ids[2]]);
    expect(idsOf(await search(token, { search: '100' }))).toEqual([]);
    expect(idsOf(await search(token, { search: '#9999' }))).toEqual([]);
  });

  it('finds customers by a part of the name, case and accents aside', async () => {
    const { token, ids } = await shopWithCustomers(CUSTOMERS);
    expect(idsOf(await search(token, { search: 'lopez' }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await search(token, { search: 'LÓPEZ' }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await search(token, { search: 'nunez' }))).toEqual([ids[1]]);
    expect(idsOf(await search(token, { search: 'josé  ñ' }))).toEqual([ids[1]]);
    expect(idsOf(await search(token, { search: 'maria lópez' }))).toEqual([ids[2]]);
    expect(idsOf(await search(token, { search: 'pedro' }))).toEqual([]);
    // LIKE's own characters are taken literally.
    expect(idsOf(await search(token, { search: 'a%z' }))).toEqual([]);
    expect(idsOf(await search(token, { search: '_' }))).toEqual([]);
  });

  it('finds customers by the digits of their phone, whatever its punctuation', async () => {
    const { token, ids } = await shopWithCustomers(CUSTOMERS);
    expect(idsOf(await search(token, { search: '9999-12' }))).toEqual([ids[0]]);
    expect(idsOf(await search(token, { search: '99991234' }))).toEqual([ids[0]]);
    expect(idsOf(await search(token, { search: '+504 3333 5678' }))).toEqual([ids[1]]);
    expect(idsOf(await search(token, { search: '(504)' }))).toEqual([ids[2], ids[1], ids[0]]);
    expect(idsOf(await search(token, { search: '2222 0000' }))).toEqual([ids[2]]);
  });

  it('combines the search with the status filter, and the links keep both', async () => {
    const { token, ids } = await shopWithCustomers(CUSTOMERS);
    const confirm = await t.http().patch(`/api/v1/orders/${ids[0]}/status`).set(authHeader(token)).send({ status: 'confirmed' });
    expect(confirm.status).toBe(200);
    const res = await search(token, { search: 'lopez', status: 'confirmed' });
    expect(idsOf(res)).toEqual([ids[0]]);
    expect(res.body.meta.total).toBe(1);
    expect(res.body.links.first).toMatch(/status=confirmed/);
    expect(res.body.links.first).toMatch(/search=lopez/);
    expect(idsOf(await search(token, { search: 'lopez', status: 'pending' }))).toEqual([ids[2]]);
    expect(idsOf(await search(token, { search: 'nunez', status: 'confirmed' }))).toEqual([]);
  });

  it('pages a search by page and by cursor, its total the matches counted', async () => {
    const customers = Array.from({ length: 23 }, (_, index) => ({ name: `Paging Person ${index}`, phone: '+504 1111-2222' }));
    const { token, ids } = await shopWithCustomers([...customers, { name: 'Someone Else', phone: '+504 5555-6666' }]);
    const newestFirst = ids.slice(0, 23).reverse();
    const first = await search(token, { search: 'paging' });
    expect(first.status).toBe(200);
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 20));
    expect(first.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      per_page: 20,
      to: 20,
      total: 23,
      next_cursor: expect.any(String),
    });
    expect(first.body.links.next).toMatch(/search=paging&page=2$/);
    const second = await search(token, { search: 'paging', page: '2' });
    expect(idsOf(second)).toEqual(newestFirst.slice(20));
    expect(second.body.meta).toEqual(expect.objectContaining({ current_page: 2, from: 21, to: 23, total: 23 }));
    const scrolled = await search(token, { search: 'paging', cursor: first.body.meta.next_cursor });
    expect(idsOf(scrolled)).toEqual(newestFirst.slice(20));
    expect(scrolled.body.meta.next_cursor).toBeNull();
    expect((await search(token, { search: 'paging', page: '3' })).body.data).toEqual([]);
  });

  it('refuses a search that is empty once trimmed, too long, or given twice (422 on search)', async () => {
    const { token } = await shopWithCustomers([]);
    for (const query of [{ search: '' }, { search: '   ' }, { search: 'x'.repeat(101) }]) {
      const res = await search(token, query);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('search');
    }
    const twice = await t.http().get('/api/v1/orders?search=ana&search=jose').set(authHeader(token));
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toHaveProperty('search');
    expect((await search(token, { search: ` ${'x'.repeat(100)} ` })).status).toBe(200);
  });

  it("never finds another shop's orders", async () => {
    const mine = await shopWithCustomers([{ name: 'Ana López', phone: '+504 9999-1234' }]);
    const theirs = await shopWithCustomers([
      { name: 'Ana López', phone: '+504 9999-1234' },
      { name: 'Ana López', phone: '+504 9999-1234' },
    ]);
    for (const term of ['ana', '9999', '1001', '#1002']) {
      const res = await search(mine.token, { search: term });
      expect(idsOf(res)).toEqual(term === '#1002' ? [] : mine.ids);
      expect(idsOf(res).some((id) => theirs.ids.includes(id))).toBe(false);
    }
  });

  it('in a large shop, takes a rare term from orders_search and a common one from the newest orders, its total bounded', async () => {
    const { tenant, token, ids } = await shopWithCustomers(CUSTOMERS);
    await t.db.query(
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, subtotal, total, currency,
                           customer_name_key, customer_phone_digits)
       SELECT $1, 'B' || g, 'Bulk Customer ' || g, '+504 7000 ' || g, 'pickup', 10.00, 10.00, 'HNL',
              'bulk customer ' || g, '5047000' || g
         FROM generate_series(1, 20000) AS g`,
      [tenant.id],
    );
    // A name no other test writes: the planner's estimate is over the whole table, which in a full
    // run holds many other shops' "López", so a term rare in this shop alone may not look rare.
    const rare = `zq${randomBytes(5).toString('hex')}`;
    const [{ id: rareId }] = await t.db.query<Array<{ id: number }>>(
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, subtotal, total, currency,
                           customer_name_key, customer_phone_digits)
       VALUES ($1, 'R1', $2, '+504 7100 0001', 'pickup', 10.00, 10.00, 'HNL', $3, '50471000001')
       RETURNING id`,
      [tenant.id, `Rare ${rare.toUpperCase()}`, `rare ${rare}`],
    );
    await t.db.query('ANALYZE orders');
    expect(idsOf(await search(token, { search: 'lopez' }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await search(token, { search: rare }))).toEqual([rareId]);
    const statement = searchOrdersStatement(
      tenant.id,
      undefined,
      { orderNumber: null, phoneDigits: null, nameKey: rare },
      { kind: 'offset', backward: false, offset: 0, limit: 21 },
      'index',
    );
    // The test database's whole orders table is small enough to read in one pass: the plan is asked
    // without that option, to see which of the indexes serves the search (in a real database, the
    // whole table is what the index saves reading).
    const text = await explainWithoutSeqScan(statement!);
    expect(text).toMatch(/Bitmap Index Scan on orders_search/);
    expect(text).not.toMatch(/orders_tenant_(status_)?created_idx/);

    // A term every bulk order holds: the page comes from the walk of the newest orders, and the total stops at 1,000.
    const common = await search(token, { search: 'bulk customer' });
    expect(common.body.data).toHaveLength(20);
    expect(common.body.data.every((order: { customer_name: string }) => order.customer_name.startsWith('Bulk Customer'))).toBe(true);
    expect(common.body.meta).toEqual(expect.objectContaining({ total: 1000, last_page: 50, current_page: 1 }));
    const [{ newest }] = await t.db.query(`SELECT max(id) AS newest FROM orders WHERE tenant_id = $1 AND order_number LIKE 'B%'`, [
      tenant.id,
    ]);
    expect(idsOf(common)[0]).toBe(newest);
    const walk = searchOrdersStatement(
      tenant.id,
      undefined,
      { orderNumber: null, phoneDigits: null, nameKey: 'bulk customer' },
      { kind: 'offset', backward: false, offset: 0, limit: 20 },
      'walk',
    );
    expect(await explainWithoutSeqScan(walk!)).toMatch(/Index Scan using orders_tenant_created_idx/);
    // The last page of the counted matches, read forwards from the start.
    const last = await search(token, { search: 'bulk customer', page: '50' });
    expect(last.body.data).toHaveLength(20);
    expect(last.body.meta).toEqual(expect.objectContaining({ current_page: 50, from: 981, to: 1000 }));
    expect(idsOf(last)[19]).toBe(newest - 999);
  });
});
