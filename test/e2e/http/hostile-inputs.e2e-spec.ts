import { connect } from 'node:net';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, useTenantWithOwner } from '@test/support/factories';
import { expectInvalid, placeOrder } from '@test/support/http-clients';
import { RawHttpConnection } from '@test/support/raw-http';
import { useTestApp } from '@test/support/test-app';

/** The hostile inputs of decisions §16: each answers 4xx with the contract's body, never 500. */
describe('Hostile inputs answer 4xx, never 500 (decisions §16)', () => {
  const t = useTestApp();
  const shop = useTenantWithOwner(t);

  describe('numbers below the field’s precision', () => {
    const TINY = [1e-7, 1.5e-7, 0.001, 1e-300];

    it('refuses them with 422 on the field: price, delivery fee, coupon amounts', async () => {
      for (const tiny of TINY) {
        const product = await t.http().post('/api/v1/merchant/products').set(authHeader(shop.token)).send({ name: 'Tiny', price: tiny });
        expectInvalid(product, ['price']);
        const fee = await t
          .http()
          .post('/api/v1/merchant/locations')
          .set(authHeader(shop.token))
          .send({ name: 'Tiny', delivery_fee: tiny });
        expectInvalid(fee, ['delivery_fee']);
        const coupon = await t
          .http()
          .post('/api/v1/merchant/coupons')
          .set(authHeader(shop.token))
          .send({ code: `TINY${Math.random().toString(36).slice(2, 8)}`, coupon_type: 'fixed', value: tiny, min_spend: tiny });
        expect(coupon.status).toBe(422);
        expect(Object.keys(coupon.body.errors)).toEqual(expect.arrayContaining(['value', 'min_spend']));
      }
    });

    it('refuses them with 422 on the public cart_subtotal and subtotal', async () => {
      const { tenant } = await createShop(t);
      const product = await createProduct(t, tenant.id);
      for (const tiny of TINY) {
        const verify = await t.http().post('/api/v1/coupons/verify').send({ tenant_id: tenant.id, code: 'X', cart_subtotal: tiny });
        expectInvalid(verify, ['cart_subtotal']);
        const validate = await t
          .http()
          .post('/api/v1/checkout/validate-coupon')
          .set('X-Tenant-ID', tenant.id)
          .send({ session_id: `tiny-${tiny}`, code: 'X', cart_subtotal: tiny });
        expectInvalid(validate, ['cart_subtotal']);
        const summary = await t
          .http()
          .post('/api/v1/checkout/cart-summary')
          .set('X-Tenant-ID', tenant.id)
          .send({ session_id: `tiny-${tiny}`, items: [{ product_id: product.id, quantity: 1 }], subtotal: tiny });
        expectInvalid(summary, ['subtotal']);
      }
    });

    it('still takes two decimals and large whole amounts', async () => {
      for (const price of [0, 0.1, 19.9, 19.99, 1e7]) {
        const res = await t.http().post('/api/v1/merchant/products').set(authHeader(shop.token)).send({ name: 'Fine', price });
        expect({ price, status: res.status }).toEqual({ price, status: 201 });
      }
    });
  });

  describe('Content-Encoding the server does not decode', () => {
    it.each(['gzip', 'deflate', 'br', 'x-unknown'])(
      'answers 415 { message } for %s on public, storefront and merchant routes',
      async (encoding) => {
        const { tenant } = await createShop(t);
        const routes = [
          t.http().post('/api/v1/otp/generate').set('Content-Encoding', encoding).send({ identifier: 'a@example.com' }),
          t.http().post('/api/v1/coupons/verify').set('Content-Encoding', encoding).send({ tenant_id: tenant.id, code: 'X' }),
          t.http().post('/api/v1/analytics/track').set('Content-Encoding', encoding).send({ tenant_id: tenant.id, type: 'call' }),
          t
            .http()
            .post('/api/v1/merchant/products')
            .set(authHeader(shop.token))
            .set('Content-Encoding', encoding)
            .send({ name: 'Z', price: 1 }),
          t.http().post('/api/webhooks/payment').set('Content-Encoding', encoding).send({ event_id: 'x' }),
        ];
        for (const res of await Promise.all(routes)) {
          expect({ status: res.status, body: res.body }).toEqual({ status: 415, body: { message: expect.stringMatching(/encoding/i) } });
        }
      },
    );

    it('still takes identity', async () => {
      const res = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(shop.token))
        .set('Content-Encoding', 'identity')
        .send({ name: 'Plain', price: 1 });
      expect(res.status).toBe(201);
    });
  });

  describe('prototype keys', () => {
    it.each(['__proto__', 'constructor', 'prototype'])('refuses a top-level or nested %s key as an unknown field (422)', async (key) => {
      const top = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(shop.token))
        .set('Content-Type', 'application/json')
        .send(`{"name":"Proto","price":1,"${key}":{"is_active":false}}`);
      expectInvalid(top, [key]);
      const { tenant } = await createShop(t);
      const nested = await t
        .http()
        .post('/api/v1/orders')
        .set('X-Tenant-ID', tenant.id)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(orderBody([{ product_id: 1 }])).replace('"items":[{', `"items":[{"${key}":{"x":1},`));
      expectInvalid(nested, [`items.0.${key}`]);
    });
  });

  describe('a JSON array where an object is expected', () => {
    it('answers 422 on POST and PATCH, changing nothing', async () => {
      const created = await t.http().post('/api/v1/merchant/products').set(authHeader(shop.token)).send({ name: 'Kept', price: 5 });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const patch = await t
        .http()
        .patch(`/api/v1/merchant/products/${id}`)
        .set(authHeader(shop.token))
        .send([{ name: 'Changed' }]);
      expect({ status: patch.status, message: patch.body.message }).toEqual({ status: 422, message: expect.stringMatching(/object/i) });
      const post = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(shop.token))
        .send([{ name: 'New', price: 1 }]);
      expect(post.status).toBe(422);
      const shown = await t.http().get(`/api/v1/merchant/products/${id}`).set(authHeader(shop.token));
      expect(shown.body.data.name).toBe('Kept');
    });
  });

  describe('charset', () => {
    it.each(['utf8', 'UTF-8', 'utf-8', '"utf8"'])('reads charset=%s as UTF-8', async (charset) => {
      const res = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(shop.token))
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(JSON.stringify({ name: 'Café ñandú', price: 1 }));
      expect({ status: res.status, name: res.body.data?.name }).toEqual({ status: 201, name: 'Café ñandú' });
    });

    it('still refuses a charset that is not UTF-8 with 415', async () => {
      const res = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(shop.token))
        .set('Content-Type', 'application/json; charset=latin1')
        .send(JSON.stringify({ name: 'Cafe', price: 1 }));
      expect({ status: res.status, body: res.body }).toEqual({ status: 415, body: { message: expect.any(String) } });
    });
  });

  describe('a missing required field', () => {
    it('is reported as required, not by its other rules', async () => {
      const { tenant } = await createShop(t);
      const res = await placeOrder(t, tenant.id, {
        customer_phone: '+50499998888',
        delivery_type: 'pickup',
        items: [{ product_id: 1, quantity: 1 }],
      });
      expectInvalid(res, ['customer_name']);
      expect(res.body.errors.customer_name).toEqual(['The customer_name field is required.']);
    });
  });

  describe('oversized headers', () => {
    it('answer 431 with the JSON error body, and the server keeps serving', async () => {
      const { port } = new URL(t.baseUrl);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('end', () => resolve(received));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        socket.write(`GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body)).toEqual({ message: expect.stringMatching(/header/i) });
      expect((await t.http().get('/health/live')).status).toBe(200);
    });

    it('answer 431 with the JSON error body on a kept-alive connection too: the second request of a reused socket', async () => {
      const connection = await RawHttpConnection.open(t.baseUrl);
      try {
        connection.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
        const first = await connection.nextResponse();
        expect(first.status).toBe(200);
        expect(first.headers.connection).toBe('keep-alive');

        connection.write(`GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
        const second = await connection.nextResponse();
        expect(second.status).toBe(431);
        expect(second.headers['content-type']).toMatch(/^application\/json/);
        expect(second.headers['x-content-type-options']).toBe('nosniff');
        expect(JSON.parse(second.body)).toEqual({ message: 'The request header fields are too large.' });
        await connection.closed;
      } finally {
        connection.destroy();
      }
      expect((await t.http().get('/health/live')).status).toBe(200);
    });
  });
});
