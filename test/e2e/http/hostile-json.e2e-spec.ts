import { randomUUID } from 'node:crypto';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { createOrder, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, useTenantWithOwner } from '@test/support/factories';
import { expectBadRequest, placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const SECRET = 'whsec_test_hostile_json';

/** A JSON object `levels` deep in total: `{"a":{"a":…{"a":1}…}}`, written as text (no recursion to build it). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** The same, `levels` deep in total once it sits as the value of a field of the top-level object. */
const nestedField = (levels: number) => nested(levels - 1);
const REFUSED = { message: expect.stringMatching(/nested too deeply|NUL/) };

describe('Hostile JSON bodies are refused at the edge (decisions §1)', () => {
  const t = useTestApp({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  const shop = useTenantWithOwner(t);

  const postJson = (path: string, text: string, headers: Record<string, string> = {}) =>
    t.http().post(path).set('Content-Type', 'application/json').set(headers).send(text);
  const track = (metadataJson: string) =>
    postJson('/api/v1/analytics/track', `{"tenant_id":"${shop.tenant.id}","type":"call","metadata":${metadataJson}}`);
  const deliver = (raw: string, signed = true) => {
    const req = t.http().post('/api/webhooks/payment').set('Content-Type', 'application/json');
    if (signed) req.set('X-Signature', signWebhookBody(SECRET, raw));
    return req.send(raw);
  };

  /** A storefront order of one product in a new shop, sent as JSON text with `customerName` written into it as is (escapes kept). */
  const orderNamed = async (customerName: string) => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id);
    const body = `{"customer_name":"${customerName}","customer_phone":"+50499998888","delivery_type":"pickup","items":[{"product_id":${product.id},"quantity":1}]}`;
    return postJson('/api/v1/orders', body, { 'X-Tenant-ID': tenant.id });
  };

  describe('nesting deeper than 32 levels', () => {
    it('answers 400 { message } for a 3,000-deep body on public, authenticated and storefront routes', async () => {
      const { tenant } = await createShop(t);
      const deep = nestedField(3000);
      const responses = {
        track: await track(deep),
        order: await postJson(
          '/api/v1/orders',
          JSON.stringify(orderBody([{ product_id: 1 }])).replace(/}$/, `,"customer_notes":${deep}}`),
          {
            'X-Tenant-ID': tenant.id,
          },
        ),
        verify: await postJson('/api/v1/coupons/verify', `{"tenant_id":"${tenant.id}","code":"X","cart_subtotal":1,"items":[${deep}]}`),
        product: await postJson('/api/v1/merchant/products', `{"name":"Deep","price":1,"extra":${deep}}`, authHeader(shop.token)),
        register: await postJson('/api/v1/register', `[${nested(2999)}]`),
      };
      for (const [route, res] of Object.entries(responses)) {
        expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 400, body: REFUSED });
      }
    });

    it('accepts 32 levels and refuses 33, counting the top-level object as the first', async () => {
      const accepted = await track(nestedField(32));
      expect(accepted.status).toBe(202);
      const refused = await track(nestedField(33));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: expect.stringContaining('32') });
      // Arrays count as levels too.
      const arrays = (levels: number) => `${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}`;
      expect(
        (await postJson('/api/v1/analytics/track', `{"tenant_id":"${shop.tenant.id}","type":"call","metadata":{"list":${arrays(31)}}}`))
          .status,
      ).toBe(202);
      expect(
        (await postJson('/api/v1/analytics/track', `{"tenant_id":"${shop.tenant.id}","type":"call","metadata":{"list":${arrays(32)}}}`))
          .status,
      ).toBe(400);
    });

    it('refuses the largest body the parser takes (1 MiB of brackets) as fast as a flat body of that size, and keeps serving', async () => {
      const levels = 500_000;
      const timed = async (body: string, status: number) => {
        const started = process.hrtime.bigint();
        expect((await postJson('/api/v1/analytics/track', body)).status).toBe(status);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      // Against a flat body of the same size, timed in the same run (a loaded machine slows both).
      // The depth scan costs more per byte than parsing one long string (about 16 times here), but
      // stays linear: a scan that went back over the nesting would take minutes, not seconds.
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
      const flat: number[] = [];
      const deep: number[] = [];
      for (let i = 0; i < 3; i++) {
        flat.push(await timed(`"${'x'.repeat(2 * levels - 2)}"`, 400));
        deep.push(await timed(`${'['.repeat(levels)}${']'.repeat(levels)}`, 400));
      }
      expect(median(deep)).toBeLessThan(50 * median(flat) + 1_000);
      expect((await track('{"after":true}')).status).toBe(202);
    });
  });

  describe('NUL characters', () => {
    it.each([
      ['a string value', '{"note":"a\\u0000b"}'],
      ['a key', '{"a\\u0000":1}'],
      ['a string deep in an array', '{"list":[1,["x","\\u0000"]]}'],
    ])('answers 400 { message } for a NUL in %s', async (_where, metadata) => {
      expectBadRequest(await track(metadata), expect.stringContaining('NUL'));
    });

    it('answers 400, not a database error, for a NUL in an order field', async () => {
      const { tenant } = await createShop(t);
      const product = await createProduct(t, tenant.id);
      const res = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { customer_name: 'Ana\u0000' }));
      expectBadRequest(res, REFUSED.message);
      // Positive control: the same order without the NUL is placed.
      expect((await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { customer_name: 'Ana' }))).status).toBe(201);
    });

    it('accepts text that only looks like an escape (a backslash followed by u0000)', async () => {
      const res = await track('{"note":"a\\\\u0000b"}');
      expect(res.status).toBe(202);
    });
  });

  describe('lone surrogates (a \\uD800 escape without its pair: text that is not Unicode)', () => {
    it('answers 400, not a database error, in an order field, analytics metadata and a signed webhook', async () => {
      const order = await orderNamed('Ana \\ud800');
      const metadata = await track('{"note":"\\udc00 alone"}');
      const webhook = await deliver(`{"id":"evt_${randomUUID()}","event":"something.else","data":{"note":"\\ud800"}}`);
      for (const res of [order, metadata, webhook]) {
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { message: expect.stringContaining('surrogate') } });
      }
    });

    it('accepts a surrogate pair (an escaped emoji)', async () => {
      const order = await orderNamed('Ana \\ud83d\\ude00');
      expect(order.status).toBe(201);
      expect(order.body.data.customer_name).toBe('Ana 😀');
    });
  });

  describe('the payment webhook, after its signature check', () => {
    it('answers 400 { message } for a correctly signed body nested 3,000 deep or holding a NUL', async () => {
      const deep = await deliver(`{"id":"evt_${randomUUID()}","event":"payment.confirmed","data":${nestedField(3000)}}`);
      expectBadRequest(deep, REFUSED.message);
      const nul = await deliver(
        JSON.stringify({ id: `evt_${randomUUID()}`, event: 'payment.confirmed', data: { order_id: 1, note: '\u0000' } }),
      );
      expectBadRequest(nul, expect.stringContaining('NUL'));
    });

    it('checks the signature first, and keeps its own 422 for a signed body that is not an event', async () => {
      expect((await deliver(`{"event":"x","data":${nestedField(3000)}}`, false)).status).toBe(403);
      const notAnEvent = await deliver('[1,2,3]');
      expect(notAnEvent.status).toBe(422);
      expect(notAnEvent.body).toEqual({ status: 'invalid' });
      const notJson = await deliver('not json at all');
      expect(notJson.status).toBe(422);
      expect(notJson.body).toEqual({ status: 'invalid' });
    });

    it('processes a signed event nested 32 levels deep as usual', async () => {
      const res = await deliver(`{"id":"evt_${randomUUID()}","event":"something.else","data":${nestedField(31)}}`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'ignored' });
    });
  });

  describe('the conversion beacon never fails', () => {
    it('answers 200 skipped for a hostile body; the same beacon without it is recorded', async () => {
      const { orderNumber: transactionId } = await createOrder(t, shop.tenant.id, { total: '140.00' });
      const nul = await postJson(
        '/api/v1/analytics/conversion',
        JSON.stringify({ tenant_slug: shop.tenant.slug, transaction_id: `${transactionId}\u0000` }),
      );
      expect(nul.status).toBe(200);
      expect(nul.body).toEqual({ status: 'skipped', transaction_id: null });
      const deep = await t
        .http()
        .post('/api/v1/analytics/conversion')
        .set('Content-Type', 'text/plain')
        .send(`{"tenant_slug":"${shop.tenant.slug}","transaction_id":"${transactionId}","x":${nestedField(3000)}}`);
      expect(deep.status).toBe(200);
      expect(deep.body).toEqual({ status: 'skipped', transaction_id: null });
      // Positive control: the same beacon without the hostile part is recorded.
      const ok = await postJson(
        '/api/v1/analytics/conversion',
        JSON.stringify({ tenant_slug: shop.tenant.slug, transaction_id: transactionId, value: 140 }),
      );
      expect(ok.body).toEqual({ status: 'ok', transaction_id: transactionId });
      const stored = () => t.db.query('SELECT transaction_id FROM analytics_conversions WHERE tenant_id = $1', [shop.tenant.id]);
      expect(await waitFor(async () => (await stored()).length > 0 && stored(), { what: 'the conversion to be stored' })).toEqual([
        { transaction_id: transactionId },
      ]);
    });
  });
});
