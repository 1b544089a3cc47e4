import { randomUUID } from 'node:crypto';
import { authHeader, createStaff, createTenantWithOwner, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

describe('POST /api/v1/tenants (decisions §3: onboarding)', () => {
  const t = useTestApp();

  const create = (token: string | null, body: unknown) => {
    const req = t.http().post('/api/v1/tenants');
    return (token ? req.set(authHeader(token)) : req).send(body as object);
  };

  it('201 { data: tenant }: the caller becomes its owner', async () => {
    const { user, token } = await createUser(t);
    const suffix = randomUUID().slice(0, 8);
    const res = await create(token, { name: `  Café Niño ${suffix} ` });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: `Café Niño ${suffix}`,
      slug: `cafe-nino-${suffix}`,
      user_id: user.id,
      status: 'active',
      subscription_status: 'active',
      subscription_ends_at: null,
      description: null,
      seo_title: null,
      seo_description: null,
      slogan: null,
      tags: [],
      is_ai_enhanced: false,
      ai_credits: 100,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const me = await t.http().get('/api/v1/user').set(authHeader(token));
    expect(me.body).toMatchObject({ tenant_id: res.body.data.id, role: 'owner' });
  });

  it('409 when the caller already has a shop (owner or member)', async () => {
    const { token } = await createTenantWithOwner(t);
    const res = await create(token, { name: 'Second shop' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You already have a shop.' });

    const { tenant } = await createTenantWithOwner(t);
    const staff = await createStaff(t, tenant);
    expect((await create(staff.token, { name: 'Mine now' })).status).toBe(409);
  });

  it('two concurrent calls by one user: one shop, one 409', async () => {
    const { user, token } = await createUser(t);
    const responses = await Promise.all([create(token, { name: 'Race A' }), create(token, { name: 'Race B' })]);
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409]);
    const owned = await t.db.query('SELECT count(*)::int AS n FROM tenants WHERE user_id = $1', [user.id]);
    expect(owned[0].n).toBe(1);
  });

  it('numbers the slug when the name is taken', async () => {
    const name = `Tienda ${randomUUID().slice(0, 8)}`;
    const first = await create((await createUser(t)).token, { name });
    const second = await create((await createUser(t)).token, { name });
    expect(second.body.data.slug).toBe(`${first.body.data.slug}-2`);
  });

  it('401 without a valid token', async () => {
    const res = await create(null, { name: 'Anonymous' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
    expect((await create('1|garbage', { name: 'x' })).status).toBe(401);
  });

  it.each([
    ['missing name', {}, 'name', 'The name field is required.'],
    ['blank name', { name: '   ' }, 'name', 'The name field is required.'],
    ['name over 255', { name: 'n'.repeat(256) }, 'name', 'The name may not be greater than 255 characters.'],
    ['credits set by the client', { name: 'Shop', ai_credits: 1_000_000 }, 'ai_credits', 'The ai_credits field is not allowed.'],
    ['owner set by the client', { name: 'Shop', user_id: randomUUID() }, 'user_id', 'The user_id field is not allowed.'],
  ])('422 for %s', async (_case, body, field, message) => {
    const { user, token } = await createUser(t);
    const res = await create(token, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    const [row] = await t.db.query('SELECT tenant_id FROM users WHERE id = $1', [user.id]);
    expect(row.tenant_id).toBeNull();
  });
});
