import { createLocation } from '@test/support/commerce-factories';
import { createTenantWithOwner, createUser } from '@test/support/factories';
import { expectInvalid, useMerchantResource, withoutToken } from '@test/support/http-clients';

const PATH = '/api/v1/merchant/locations';

describe('Merchant locations (decisions §4)', () => {
  const { t, shop, otherShop, as } = useMerchantResource(PATH);
  const primaries = async (tenantId: string): Promise<string[]> =>
    (await t.db.query('SELECT id FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId])).map(
      (row: { id: string }) => row.id,
    );

  it('answers 401 without a token and 403 without a shop', async () => {
    const { id } = await createLocation(t, shop.tenant.id, { isPrimary: false, deliveryFee: '0.00', name: 'Test location' });
    expect((await withoutToken(t, PATH, id, { name: 'x' })).map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    const { token } = await createUser(t);
    const res = await as(token).get(id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  describe('CRUD', () => {
    it('creates with defaults and reads it back', async () => {
      const res = await as(shop.token).post({ name: 'Kiosk' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Kiosk',
          address: null,
          phone: null,
          is_primary: false,
          is_active: true,
          delivery_fee: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect((await as(shop.token).get(res.body.data.id)).body).toEqual(res.body);
    });

    it('stores every field, money with two decimals', async () => {
      const res = await as(shop.token).post({ name: 'Centro', address: 'Calle 1, Tegucigalpa', delivery_fee: 35.5, is_active: false });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Centro', address: 'Calle 1, Tegucigalpa', delivery_fee: 35.5, is_active: false });
      const [row] = await t.db.query('SELECT delivery_fee::text AS fee FROM locations WHERE id = $1', [res.body.data.id]);
      expect(row.fee).toBe('35.50');
    });

    it('lists the own locations newest first', async () => {
      const own = await createTenantWithOwner(t);
      const a = (await as(own.token).post({ name: 'A' })).body.data;
      const b = (await as(own.token).post({ name: 'B' })).body.data;
      const res = await as(own.token).list();
      expect(res.status).toBe(200);
      expect(res.body.data.map((location: { id: string }) => location.id)).toEqual([b.id, a.id]);
      expect(res.body.meta.total).toBe(2);
    });

    it('PATCH changes only what is sent; address can be cleared', async () => {
      const created = (await as(shop.token).post({ name: 'Norte', address: 'Somewhere', delivery_fee: 20 })).body.data;
      const res = await as(shop.token).patch(created.id, { delivery_fee: 25, address: null });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...created, delivery_fee: 25, address: null, updated_at: expect.any(String) });
    });

    it('keeps a phone per location (trimmed), changes it with PATCH, and clears it with null or ""', async () => {
      const created = await as(shop.token).post({ name: 'Sur', phone: '  +504 2222-3333 ' });
      expect(created.status).toBe(201);
      expect(created.body.data.phone).toBe('+504 2222-3333');
      expect((await as(shop.token).get(created.body.data.id)).body.data.phone).toBe('+504 2222-3333');
      const changed = await as(shop.token).patch(created.body.data.id, { phone: '(504) 9999-0000' });
      expect(changed.body.data).toEqual({ ...created.body.data, phone: '(504) 9999-0000', updated_at: expect.any(String) });
      expect((await as(shop.token).patch(created.body.data.id, { name: 'Sur 2' })).body.data.phone).toBe('(504) 9999-0000');
      expect((await as(shop.token).patch(created.body.data.id, { phone: '' })).body.data.phone).toBeNull();
      expect((await as(shop.token).patch(created.body.data.id, { phone: '2222-3333' })).body.data.phone).toBe('2222-3333');
      expect((await as(shop.token).patch(created.body.data.id, { phone: null })).body.data.phone).toBeNull();
      const [row] = await t.db.query('SELECT phone FROM locations WHERE id = $1', [created.body.data.id]);
      expect(row).toEqual({ phone: null });
    });

    it.each(['123456', '+(12) 34-56', '2222.3333', 'ext. 2222333', '1'.repeat(21)])(
      'refuses the phone %p on create and on PATCH with its message',
      async (phone) => {
        const message =
          'The phone must be a phone number of 7 to 20 characters (digits, spaces, +, -, parentheses) with at least 7 digits.';
        const created = await as(shop.token).post({ name: 'x', phone });
        expect({ status: created.status, errors: created.body.errors }).toEqual({ status: 422, errors: { phone: [message] } });
        const existing = (await as(shop.token).post({ name: 'Has a phone', phone: '2222-3333' })).body.data;
        const changed = await as(shop.token).patch(existing.id, { phone });
        expect({ status: changed.status, errors: changed.body.errors }).toEqual({ status: 422, errors: { phone: [message] } });
        expect((await as(shop.token).get(existing.id)).body.data.phone).toBe('2222-3333');
      },
    );

    it('DELETE 204, then 404', async () => {
      const created = (await as(shop.token).post({ name: 'Temp' })).body.data;
      expect((await as(shop.token).delete(created.id)).status).toBe(204);
      expect((await as(shop.token).get(created.id)).status).toBe(404);
    });

    it.each([
      [{}, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'x', address: 'a'.repeat(501) }, 'address'],
      [{ name: 'x', delivery_fee: -1 }, 'delivery_fee'],
      [{ name: 'x', delivery_fee: 1.234 }, 'delivery_fee'],
      [{ name: 'x', delivery_fee: null }, 'delivery_fee'],
      [{ name: 'x', is_primary: 'yes' }, 'is_primary'],
      [{ name: 'x', is_active: null }, 'is_active'],
      [{ name: 'x', phone: 22223333 }, 'phone'],
      [{ name: 'x', tenant_id: 'x' }, 'tenant_id'],
    ])('422 for %j on %s', async (body, field) => {
      const res = await as(shop.token).post(body);
      expectInvalid(res, [field]);
    });

    it.each(['not-a-uuid', '123', '00000000-0000-0000-0000-000000000000'])('404 for the id %s', async (id) => {
      expect((await as(shop.token).get(id)).status).toBe(404);
      expect((await as(shop.token).patch(id, { name: 'x' })).status).toBe(404);
      expect((await as(shop.token).delete(id)).status).toBe(404);
    });

    it("another shop's location is a 404 on every verb and stays untouched", async () => {
      const theirs = (await as(otherShop.token).post({ name: 'Theirs', is_primary: true })).body.data;
      expect((await as(shop.token).get(theirs.id)).status).toBe(404);
      expect((await as(shop.token).patch(theirs.id, { is_primary: true })).status).toBe(404);
      expect((await as(shop.token).patch(theirs.id, { name: 'Mine now' })).status).toBe(404);
      expect((await as(shop.token).delete(theirs.id)).status).toBe(404);
      expect((await as(otherShop.token).get(theirs.id)).body.data).toEqual(theirs);
    });
  });

  describe('one active primary location per shop', () => {
    it('creating a primary location demotes the current one', async () => {
      const own = await createTenantWithOwner(t);
      const first = (await as(own.token).post({ name: 'First', is_primary: true })).body.data;
      expect(first.is_primary).toBe(true);
      const second = await as(own.token).post({ name: 'Second', is_primary: true });
      expect(second.status).toBe(201);
      expect(second.body.data.is_primary).toBe(true);
      expect((await as(own.token).get(first.id)).body.data.is_primary).toBe(false);
      expect(await primaries(own.tenant.id)).toEqual([second.body.data.id]);
    });

    it('PATCH is_primary: true moves the primary; other shops are not touched', async () => {
      const own = await createTenantWithOwner(t);
      const theirs = (await as(otherShop.token).post({ name: 'Their primary', is_primary: true })).body.data;
      const a = (await as(own.token).post({ name: 'A', is_primary: true })).body.data;
      const b = (await as(own.token).post({ name: 'B' })).body.data;
      const res = await as(own.token).patch(b.id, { is_primary: true });
      expect(res.status).toBe(200);
      expect(res.body.data.is_primary).toBe(true);
      expect(await primaries(own.tenant.id)).toEqual([b.id]);
      expect((await as(own.token).get(a.id)).body.data.is_primary).toBe(false);
      expect((await as(otherShop.token).get(theirs.id)).body.data.is_primary).toBe(true);
    });

    it('PATCH is_primary: true of an unknown location changes nothing', async () => {
      const own = await createTenantWithOwner(t);
      const a = (await as(own.token).post({ name: 'A', is_primary: true })).body.data;
      const res = await as(own.token).patch('5b0f7f34-8a4c-4a59-9a35-000000000000', { is_primary: true });
      expect(res.status).toBe(404);
      expect(await primaries(own.tenant.id)).toEqual([a.id]);
    });

    it('reactivating a former primary while another location is primary is a 409, not a 500', async () => {
      const own = await createTenantWithOwner(t);
      const current = (await as(own.token).post({ name: 'Current', is_primary: true })).body.data;
      const dormant = await createLocation(t, own.tenant.id, { name: 'Dormant', isPrimary: true, isActive: false });
      const res = await as(own.token).patch(dormant.id, { is_active: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(await primaries(own.tenant.id)).toEqual([current.id]);
      // Saying which one should be primary resolves it.
      const explicit = await as(own.token).patch(dormant.id, { is_active: true, is_primary: true });
      expect(explicit.status).toBe(200);
      expect(await primaries(own.tenant.id)).toEqual([dormant.id]);
    });

    it('10 concurrent requests each making a different location primary all succeed and leave exactly one', async () => {
      const own = await createTenantWithOwner(t);
      const locations: Array<{ id: string }> = [];
      for (let i = 0; i < 10; i++) locations.push((await as(own.token).post({ name: `L${i}`, is_primary: i === 0 })).body.data);
      const responses = await Promise.all(locations.map((location) => as(own.token).patch(location.id, { is_primary: true })));
      // They take turns on the shop's lock: every one succeeds, the last to commit is the primary.
      expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
      const [winner] = await primaries(own.tenant.id);
      expect(await primaries(own.tenant.id)).toHaveLength(1);
      const flagged = await t.db.query('SELECT id FROM locations WHERE tenant_id = $1 AND is_primary', [own.tenant.id]);
      expect(flagged).toEqual([{ id: winner }]);
    });

    it('10 concurrent creations of a primary location all succeed and leave exactly one', async () => {
      const own = await createTenantWithOwner(t);
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => as(own.token).post({ name: `P${i}`, is_primary: true })));
      expect(responses.map((res) => res.status)).toEqual(Array(10).fill(201));
      expect(await primaries(own.tenant.id)).toHaveLength(1);
    });
  });
});
