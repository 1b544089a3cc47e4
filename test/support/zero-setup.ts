import { readdir, readFile } from 'node:fs/promises';

/** Processes whose command line names this data directory (`postgres -D <dir>`): an embedded server left behind. */
export async function postgresProcessesOf(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.split('\0').includes(dir)) found.push(Number(pid));
  }
  return found;
}

export interface ApiRequest {
  method?: string;
  token?: string;
  tenant?: string;
  body?: object;
}

/** JSON requests to a service started as its own process, with `fetch` (what a client of it would use). */
export function jsonApi(base: string) {
  return (path: string, init: ApiRequest = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.tenant ? { 'x-tenant-id': init.tenant } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
}

/**
 * The first minutes of a new merchant on a freshly started service: registers `name`'s shop, opens
 * its location, adds a product with a stock of 5, then places 8 orders of one unit at once. Answers
 * the merchant's token, the shop and product ids, and the orders' statuses (exactly 5 must be 201).
 */
export async function registerAndSellOut(api: ReturnType<typeof jsonApi>, name: string) {
  const slug = name.toLowerCase();
  const registered = await api('/api/v1/register', {
    method: 'POST',
    body: {
      name,
      email: `${slug}@example.com`,
      password: `${slug}-shop-1`,
      password_confirmation: `${slug}-shop-1`,
      tenant_name: `${name} Shop`,
    },
  });
  expect(registered.status).toBe(201);
  const { access_token: token, tenant_id: tenantId } = ((await registered.json()) as { data: { access_token: string; tenant_id: string } })
    .data;
  expect((await api('/api/v1/merchant/locations', { method: 'POST', token, body: { name: 'Main', is_primary: true } })).status).toBe(201);
  const product = await api('/api/v1/merchant/products', { method: 'POST', token, body: { name: 'Espresso', price: 45, stock: 5 } });
  expect(product.status).toBe(201);
  const productId = ((await product.json()) as { data: { id: number } }).data.id;

  const order = {
    customer_name: 'Ana',
    customer_phone: '+50499998888',
    delivery_type: 'pickup',
    items: [{ product_id: productId, quantity: 1 }],
  };
  const statuses = await Promise.all(
    Array.from({ length: 8 }, () => api('/api/v1/orders', { method: 'POST', tenant: tenantId, body: order }).then((res) => res.status)),
  );
  return { token, tenantId, productId, statuses };
}
