import { randomUUID } from 'node:crypto';
import { createStorefrontClient, type components } from '@client';
import { useTestApp } from '@test/support/test-app';

type Product = components['schemas']['ProductResource'];

/**
 * The generated client (client/: types from openapi.json, calls through openapi-fetch) against the
 * running app: it must work, not only compile. Every body and result below is typed by the document,
 * so `tsc` checks this file against it too.
 */
describe('The API client (client/, npm run api:generate)', () => {
  const t = useTestApp();

  it('registers, opens a shop, adds a product and lists it, with the bearer token set by the client', async () => {
    // As a web app holds it: signed out at first, the token asked for before every request.
    const session: { token?: string } = {};
    const client = createStorefrontClient({ baseUrl: t.baseUrl, token: () => session.token });

    const refused = await client.GET('/api/v1/merchant/products');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ message: 'Unauthenticated.' });

    const email = `client-${randomUUID()}@example.test`;
    const registered = await client.POST('/api/v1/register', {
      body: { name: 'Ana López', email, password: 'secret123', password_confirmation: 'secret123' },
    });
    expect(registered.response.status).toBe(201);
    expect(registered.data?.data).toMatchObject({ email, tenant_id: null, token_type: 'Bearer' });
    session.token = registered.data!.data.access_token;

    const suffix = randomUUID().slice(0, 8);
    const tenant = await client.POST('/api/v1/tenants', { body: { name: `Client Shop ${suffix}` } });
    expect(tenant.response.status).toBe(201);
    expect(tenant.data?.data).toMatchObject({ name: `Client Shop ${suffix}`, slug: `client-shop-${suffix}`, status: 'active' });

    const created = await client.POST('/api/v1/merchant/products', { body: { name: 'Espresso', price: 19.9 } });
    expect(created.response.status).toBe(201);
    const product: Product = created.data!.data;
    expect(product).toMatchObject({ name: 'Espresso', price: 19.9, stock: null, is_active: true });

    const listed = await client.GET('/api/v1/merchant/products', { params: { query: { page: 1 } } });
    expect(listed.response.status).toBe(200);
    const page = listed.data!;
    expect(page.data.map(({ id, name, price }) => ({ id, name, price }))).toEqual([{ id: product.id, name: 'Espresso', price: 19.9 }]);
    expect(page.meta).toMatchObject({ current_page: 1, total: 1 });
  });

  it('sends a fixed token on every request; a refused request answers the typed error body', async () => {
    const registered = await createStorefrontClient({ baseUrl: t.baseUrl }).POST('/api/v1/register', {
      body: { name: 'Bo', email: `client-${randomUUID()}@example.test`, password: 'secret123', password_confirmation: 'secret123' },
    });
    const client = createStorefrontClient({ baseUrl: t.baseUrl, token: registered.data!.data.access_token });

    const me = await client.GET('/api/v1/user');
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ id: registered.data!.data.id, role: 'customer' });

    const refused = await client.POST('/api/v1/tenants', { body: { name: 'x'.repeat(256) } });
    expect(refused.response.status).toBe(422);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toEqual({ message: expect.any(String), errors: { name: [expect.any(String)] } });
  });
});
