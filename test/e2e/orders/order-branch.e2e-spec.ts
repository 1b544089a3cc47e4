import { createLocation, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** The branch of an order: chosen by `location_id` for pickup and delivery, its fee charged, shown on the order (docs/commerce.md, "Branches"). */
describe('Order branches (POST /api/v1/orders location_id, the order resource location)', () => {
  const t = useTestApp();

  /** A shop of its own with two branches: the primary one (fee 50) and "Norte" (fee 80, with an address). */
  async function shopWithBranches() {
    const shop = await createShop(t, { deliveryFee: '50.00' });
    const north = await createLocation(t, shop.tenant.id, {
      isPrimary: false,
      name: 'Norte',
      address: 'Colonia Palmira 12',
      deliveryFee: '80.00',
    });
    const product = await createProduct(t, shop.tenant.id, { price: '100.00', stock: 20 });
    return { ...shop, primary: shop.location, north, product };
  }

  const get = (path: string, token: string) => t.http().get(path).set(authHeader(token));

  it("charges the chosen branch's delivery fee, and the primary branch's without location_id", async () => {
    const { tenant, primary, north, product } = await shopWithBranches();

    const fromNorth = await placeOrder(
      t,
      tenant.id,
      orderBody([{ product_id: product.id, quantity: 2 }], {
        delivery_type: 'delivery',
        customer_address: 'Barrio 1',
        location_id: north.id,
      }),
    );
    expect(fromNorth.status).toBe(201);
    expect(fromNorth.body.data).toMatchObject({
      delivery_type: 'delivery',
      location_id: north.id,
      location: { id: north.id, name: 'Norte', address: 'Colonia Palmira 12' },
      subtotal: 200,
      delivery_fee: 80,
      total: 280,
    });

    const byDefault = await placeOrder(
      t,
      tenant.id,
      orderBody([{ product_id: product.id }], { delivery_type: 'delivery', customer_address: 'Barrio 1' }),
    );
    expect(byDefault.status).toBe(201);
    expect(byDefault.body.data).toMatchObject({
      location_id: primary.id,
      location: { id: primary.id, name: 'Main store', address: null },
      delivery_fee: 50,
      total: 150,
    });

    const pickup = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { location_id: north.id }));
    expect(pickup.status).toBe(201);
    expect(pickup.body.data).toMatchObject({
      delivery_type: 'pickup',
      location: { id: north.id, name: 'Norte' },
      delivery_fee: 0,
      total: 100,
    });
  });

  it("compares expected_total with the chosen branch's fee: the primary's total is a 409 price_changed", async () => {
    const { tenant, north, product } = await shopWithBranches();
    const body = (expected: number) =>
      orderBody([{ product_id: product.id }], {
        delivery_type: 'delivery',
        customer_address: 'Barrio 1',
        location_id: north.id,
        expected_total: expected,
      });

    const refused = await placeOrder(t, tenant.id, body(150));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: expect.any(String), code: 'price_changed', total: 180 });
    expect(await stockOf(t, product.id)).toBe(20);

    const placed = await placeOrder(t, tenant.id, body(180));
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ location: { id: north.id }, delivery_fee: 80, total: 180 });
  });

  it("refuses another shop's branch, an inactive one and a deleted one with 422 on location_id, placing nothing", async () => {
    const { tenant, product } = await shopWithBranches();
    const other = await shopWithBranches();
    const inactive = await createLocation(t, tenant.id, { isPrimary: false, isActive: false, name: 'Cerrada', deliveryFee: '10.00' });
    const deleted = await createLocation(t, tenant.id, { isPrimary: false, name: 'Demolida', deliveryFee: '10.00' });
    await t.db.query('DELETE FROM locations WHERE id = $1', [deleted.id]);

    for (const locationId of [other.north.id, other.primary.id, inactive.id, deleted.id]) {
      for (const deliveryType of ['delivery', 'pickup']) {
        const res = await placeOrder(
          t,
          tenant.id,
          orderBody([{ product_id: product.id }], { delivery_type: deliveryType, customer_address: 'Barrio 1', location_id: locationId }),
        );
        expect(res.status).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(['location_id']);
      }
    }
    expect(await stockOf(t, product.id)).toBe(20);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM orders WHERE tenant_id = $1', [tenant.id]);
    expect(count).toBe(0);
  });

  it('shows the location in the merchant list, the detail and a status change, as the order was placed', async () => {
    const { tenant, token, north, product } = await shopWithBranches();
    const placed = await placeOrder(
      t,
      tenant.id,
      orderBody([{ product_id: product.id }], { delivery_type: 'delivery', customer_address: 'Barrio 1', location_id: north.id }),
    );
    expect(placed.status).toBe(201);
    const id: number = placed.body.data.id;
    const branch = { id: north.id, name: 'Norte', address: 'Colonia Palmira 12' };

    const list = await get('/api/v1/orders', token);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id, location: branch })]);
    const searched = await get(`/api/v1/orders?search=${placed.body.data.order_number}`, token);
    expect(searched.body.data).toEqual([expect.objectContaining({ id, location: branch })]);

    const detail = await get(`/api/v1/orders/${id}`, token);
    expect(detail.status).toBe(200);
    expect(detail.body.data.location).toEqual(branch);
    // The detail is the 201's order plus its history.
    const { events: _events, allowed_statuses: _allowed, ...order } = detail.body.data;
    expect(order).toEqual(placed.body.data);

    // Renamed since: the order keeps the branch as it was chosen.
    await t.db.query(`UPDATE locations SET name = 'Norte (nuevo)', address = 'Otra calle' WHERE id = $1`, [north.id]);
    const changed = await t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status: 'confirmed' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.location).toEqual(branch);

    // Deleted: the order has no branch any more.
    await t.db.query('DELETE FROM locations WHERE id = $1', [north.id]);
    const after = await get(`/api/v1/orders/${id}`, token);
    expect(after.body.data).toMatchObject({ location_id: null, location: null });
  });
});
