import { createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader, createStaff, createUser } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** The shop's payment methods, the orders that name one, and the merchant recording a payment (docs/commerce.md). */
describe('Payment methods and PATCH /api/v1/orders/{order}/payment', () => {
  const t = useTestApp();

  const patchShop = (token: string, body: object) => t.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send(body);
  const markPaid = (id: number | string, token: string, body: object = { payment_status: 'paid' }) =>
    t.http().patch(`/api/v1/orders/${id}/payment`).set(authHeader(token)).send(body);
  const INSTRUCTIONS = 'Banco Atlántida, cuenta 1234-5678, a nombre de Café Niño. Envíe el comprobante por WhatsApp.';

  async function shopWithOrder() {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { stock: 10 });
    const placed = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }], { payment_method: 'cash' }));
    expect(placed.status).toBe(201);
    return { ...shop, product, orderId: placed.body.data.id as number };
  }

  describe('the shop’s settings', () => {
    it('accepts cash by default, and shows the methods and transfer instructions it is given on its storefront', async () => {
      const { tenant, token } = await createShop(t);
      expect((await t.http().get('/api/v1/merchant/shop').set(authHeader(token))).body.data).toEqual(
        expect.objectContaining({ payment_methods: ['cash'], bank_transfer_instructions: null }),
      );

      const res = await patchShop(token, { payment_methods: ['bank_transfer', 'cash'], bank_transfer_instructions: `  ${INSTRUCTIONS}  ` });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        expect.objectContaining({ payment_methods: ['cash', 'bank_transfer'], bank_transfer_instructions: INSTRUCTIONS }),
      );
      const storefront = await t.http().get(`/api/v1/storefront/${tenant.slug}`);
      expect(storefront.body.data).toEqual(
        expect.objectContaining({ payment_methods: ['cash', 'bank_transfer'], bank_transfer_instructions: INSTRUCTIONS }),
      );

      // Transfers no longer accepted: the instructions may go, and the storefront no longer shows them meanwhile.
      const cashOnly = await patchShop(token, { payment_methods: ['cash'] });
      expect(cashOnly.body.data).toEqual(expect.objectContaining({ payment_methods: ['cash'], bank_transfer_instructions: INSTRUCTIONS }));
      expect((await t.http().get(`/api/v1/storefront/${tenant.slug}`)).body.data.bank_transfer_instructions).toBeNull();
      expect((await patchShop(token, { bank_transfer_instructions: null })).status).toBe(200);
    });

    it('refuses bad settings with 422 on their field, transfers without instructions among them, and changes nothing', async () => {
      const { tenant, token } = await createShop(t);
      const cases: Array<[object, string]> = [
        [{ payment_methods: [] }, 'payment_methods'],
        [{ payment_methods: ['card'] }, 'payment_methods'],
        [{ payment_methods: ['cash', 'cash'] }, 'payment_methods'],
        [{ payment_methods: 'cash' }, 'payment_methods'],
        [{ payment_methods: null }, 'payment_methods'],
        [{ payment_methods: ['bank_transfer'] }, 'bank_transfer_instructions'],
        [{ payment_methods: ['bank_transfer'], bank_transfer_instructions: '   ' }, 'bank_transfer_instructions'],
        [{ bank_transfer_instructions: 'x'.repeat(1001) }, 'bank_transfer_instructions'],
        [{ bank_transfer_instructions: 5 }, 'bank_transfer_instructions'],
      ];
      for (const [body, field] of cases) {
        const res = await patchShop(token, body);
        expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ body, status: 422, fields: [field] });
      }
      expect((await patchShop(token, { payment_methods: ['bank_transfer'], bank_transfer_instructions: 'x'.repeat(1000) })).status).toBe(
        200,
      );
      // Accepting transfers, the shop may not drop their instructions.
      const cleared = await patchShop(token, { bank_transfer_instructions: '' });
      expect(cleared.status).toBe(422);
      expect(Object.keys(cleared.body.errors)).toEqual(['bank_transfer_instructions']);
      const [row] = await t.db.query('SELECT payment_methods, bank_transfer_instructions FROM tenants WHERE id = $1', [tenant.id]);
      expect(row).toEqual({ payment_methods: ['bank_transfer'], bank_transfer_instructions: 'x'.repeat(1000) });
    });
  });

  it('never leaves transfers without instructions when one edit accepts transfers while another clears the instructions', async () => {
    const shops = await Promise.all(Array.from({ length: 6 }, () => createShop(t)));
    await Promise.all(shops.map((shop) => patchShop(shop.token, { bank_transfer_instructions: INSTRUCTIONS }).expect(200)));

    const answers = await Promise.all(
      shops.map((shop) =>
        Promise.all([
          patchShop(shop.token, { payment_methods: ['cash', 'bank_transfer'] }),
          patchShop(shop.token, { bank_transfer_instructions: null }),
        ]),
      ),
    );
    for (const [accept, clear] of answers) {
      // Whichever came second sees the other's change and is refused on the instructions: never a 500.
      expect([accept.status, clear.status].sort()).toEqual([200, 422]);
      expect(Object.keys((accept.status === 422 ? accept : clear).body.errors)).toEqual(['bank_transfer_instructions']);
    }
    const rows = await t.db.query('SELECT payment_methods, bank_transfer_instructions FROM tenants WHERE id = ANY($1)', [
      shops.map((shop) => shop.tenant.id),
    ]);
    for (const row of rows) expect(row.payment_methods.includes('bank_transfer') && row.bank_transfer_instructions === null).toBe(false);
  });

  describe('orders naming a payment method', () => {
    it('refuses a method the shop does not accept with 422 on payment_method and takes nothing; pending and none stay allowed', async () => {
      const { tenant, token } = await createShop(t);
      const product = await createProduct(t, tenant.id, { stock: 10 });
      for (const method of ['bank_transfer', 'card']) {
        const res = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { payment_method: method }));
        expect({ method, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
          method,
          status: 422,
          fields: ['payment_method'],
        });
      }
      expect(await stockOf(t, product.id)).toBe(10);
      expect((await t.db.query('SELECT id FROM orders WHERE tenant_id = $1', [tenant.id])).length).toBe(0);

      for (const extra of [{ payment_method: 'pending' }, {}, { payment_method: 'cash' }]) {
        expect((await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], extra))).status).toBe(201);
      }
      await patchShop(token, { payment_methods: ['bank_transfer'], bank_transfer_instructions: INSTRUCTIONS }).expect(200);
      const transfer = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { payment_method: 'bank_transfer' }));
      expect(transfer.status).toBe(201);
      expect(transfer.body.data.payment_method).toBe('bank_transfer');
      const cash = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { payment_method: 'cash' }));
      expect(cash.status).toBe(422);
      expect(Object.keys(cash.body.errors)).toEqual(['payment_method']);
    });
  });

  describe('recording a payment', () => {
    it('marks the order paid (paid_at, a paid event), and answers the same order unchanged when asked again', async () => {
      const { owner, token, orderId } = await shopWithOrder();
      const res = await markPaid(orderId, token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        expect.objectContaining({ id: orderId, status: 'pending', payment_status: 'paid', paid_at: expect.any(String) }),
      );
      expect(res.body.data.events.map((event: { type: string }) => event.type)).toEqual(['created', 'paid']);
      const [event] = await t.db.query(`SELECT user_id, details FROM order_events WHERE order_id = $1 AND event = 'paid'`, [orderId]);
      expect(event).toEqual({ user_id: owner.id, details: { recorded_by: 'merchant' } });

      const again = await markPaid(orderId, token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(res.body);
    });

    it('records one paid event when the same order is marked paid many times at once', async () => {
      const { token, orderId } = await shopWithOrder();
      const responses = await Promise.all(Array.from({ length: 10 }, () => markPaid(orderId, token)));
      expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND event = 'paid'`, [orderId]);
      expect(n).toBe(1);
    });

    it('lets the shop’s staff record it, and refuses other shops (404), customers (403), no token (401) and a bad body (422)', async () => {
      const { tenant, orderId } = await shopWithOrder();
      const other = await createShop(t);
      const foreign = await markPaid(orderId, other.token);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: 'Order not found.' });
      expect((await markPaid(999999999, other.token)).status).toBe(404);
      expect((await markPaid('abc', other.token)).status).toBe(404);
      const { token: customer } = await createUser(t);
      expect((await markPaid(orderId, customer)).status).toBe(403);
      expect((await t.http().patch(`/api/v1/orders/${orderId}/payment`).send({ payment_status: 'paid' })).status).toBe(401);

      const { token: staff } = await createStaff(t, tenant);
      for (const body of [
        {},
        { payment_status: 'unpaid' },
        { payment_status: 'refunded' },
        { payment_status: 'paid', paid_at: '2020-01-01' },
      ]) {
        const res = await markPaid(orderId, staff, body);
        expect({ body, status: res.status }).toEqual({ body, status: 422 });
      }
      const [unpaid] = await t.db.query('SELECT payment_status, paid_at FROM orders WHERE id = $1', [orderId]);
      expect(unpaid).toEqual({ payment_status: 'unpaid', paid_at: null });
      expect((await markPaid(orderId, staff)).body.data.payment_status).toBe('paid');
    });
  });
});
