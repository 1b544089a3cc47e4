import { runCli } from '@test/support/cli';
import { authHeader } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

/** The command's standard output, once it has succeeded. */
async function cli(...args: string[]): Promise<{ stdout: string }> {
  const { code, stdout, output } = await runCli(...args);
  expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });
  return { stdout };
}

describe('npm run cli -- demo:seed (decisions §11)', () => {
  const t = useTestApp();

  it('--json creates a complete demo shop and prints its ids and an owner token', async () => {
    const { stdout } = await cli('demo:seed', '--name', 'Café Demo', '--json');
    const shop = JSON.parse(stdout.trim());
    expect(shop).toEqual({
      tenant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tenant_slug: expect.stringMatching(/^cafe-demo(-\d+)?$/),
      owner_email: expect.stringMatching(/@example\.com$/),
      token: expect.stringMatching(/^\d+\|\S{40,}$/),
      location_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      product_ids: expect.arrayContaining([expect.any(Number)]),
      coupon_codes: ['WELCOME10', 'SAVE50', 'FREESHIP'],
    });

    const [tenant] = await t.db.query('SELECT name, slug, user_id, status FROM tenants WHERE id = $1', [shop.tenant_id]);
    // A Spanish-speaking Honduran shop: its language and time zone, a branch in Tegucigalpa, Honduran products.
    const [locale] = await t.db.query('SELECT language, timezone FROM tenants WHERE id = $1', [shop.tenant_id]);
    expect(locale).toEqual({ language: 'es', timezone: 'America/Tegucigalpa' });
    const [branch] = await t.db.query('SELECT name, address FROM locations WHERE id = $1', [shop.location_id]);
    expect(branch).toEqual({ name: 'Sucursal Tegucigalpa', address: expect.stringContaining('Tegucigalpa') });
    const names = await t.db.query('SELECT name FROM products WHERE tenant_id = $1', [shop.tenant_id]);
    expect(names.map((product: { name: string }) => product.name)).toEqual(expect.arrayContaining(['Baleada', 'Café de Marcala']));
    const [owner] = await t.db.query('SELECT id, email, role, tenant_id FROM users WHERE email = $1', [shop.owner_email]);
    expect(tenant).toEqual({ name: 'Café Demo', slug: shop.tenant_slug, user_id: owner.id, status: 'active' });
    expect(owner).toMatchObject({ role: 'owner', tenant_id: shop.tenant_id });

    const [location] = await t.db.query(
      'SELECT tenant_id, is_primary, is_active, delivery_fee::numeric > 0 AS delivers FROM locations WHERE id = $1',
      [shop.location_id],
    );
    expect(location).toEqual({ tenant_id: shop.tenant_id, is_primary: true, is_active: true, delivers: true });

    const products = await t.db.query('SELECT id, stock, is_active FROM products WHERE tenant_id = $1 ORDER BY id', [shop.tenant_id]);
    expect(products.map((product: { id: number }) => product.id)).toEqual(shop.product_ids);
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) expect(product).toMatchObject({ stock: expect.any(Number), is_active: true });
    expect(products.every((product: { stock: number }) => product.stock > 0)).toBe(true);

    const coupons = await t.db.query('SELECT code, coupon_type, is_public, is_active FROM coupons WHERE tenant_id = $1 ORDER BY code', [
      shop.tenant_id,
    ]);
    expect(coupons.map((coupon: { coupon_type: string }) => coupon.coupon_type).sort()).toEqual(['fixed', 'free_shipping', 'percentage']);
    expect(coupons.filter((coupon: { is_public: boolean }) => coupon.is_public)).toHaveLength(1);

    // The token is a real one: the owner manages the shop with it, and the storefront shows the public coupon.
    const mine = await t.http().get('/api/v1/merchant/products').set(authHeader(shop.token));
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((product: { id: number }) => product.id).sort()).toEqual([...shop.product_ids].sort());
    const me = await t.http().get('/api/v1/user').set(authHeader(shop.token));
    expect(me.body).toMatchObject({ email: shop.owner_email, tenant_id: shop.tenant_id });
    const listed = await t.http().get('/api/v1/coupons').query({ tenant_id: shop.tenant_id });
    expect(listed.body.data.map((coupon: { code: string }) => coupon.code)).toEqual(['WELCOME10']);
  });

  it('without options makes another, separate "Demo Shop" and prints a summary', async () => {
    const { stdout } = await cli('demo:seed');
    expect(stdout).toMatch(/Demo shop "Demo Shop" \(demo-shop(-\d+)?, [0-9a-f-]{36}\)/);
    expect(stdout).toMatch(/Token: +\d+\|/);
    const second = await cli('demo:seed', '--json');
    const first = stdout.match(/\(demo-shop(?:-\d+)?, ([0-9a-f-]{36})\)/)![1];
    expect(JSON.parse(second.stdout.trim()).tenant_id).not.toBe(first);
  });
});
