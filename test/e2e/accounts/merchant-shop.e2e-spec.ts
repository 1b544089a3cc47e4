import { TenantProfiles } from '@modules/accounts';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

describe('GET/PATCH /api/v1/merchant/shop (decisions §17, §19)', () => {
  const t = useTestApp();
  const show = (token: string) => t.http().get('/api/v1/merchant/shop').set(authHeader(token));
  const patch = (token: string, body: unknown) =>
    t
      .http()
      .patch('/api/v1/merchant/shop')
      .set(authHeader(token))
      .send(body as object);

  it("shows the caller's shop with its public page, credits, currency, language and time zone", async () => {
    const { tenant, token } = await createTenantWithOwner(t, {
      tenant: {
        name: 'Café Niño',
        slogan: 'Pan de la casa',
        tags: ['pan', 'café'],
        aiCredits: 42,
        isAiEnhanced: true,
        subscriptionStatus: 'trialing',
      },
    });
    const res = await show(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: tenant.id,
        slug: tenant.slug,
        name: 'Café Niño',
        description: null,
        seo_title: null,
        seo_description: null,
        slogan: 'Pan de la casa',
        tags: ['pan', 'café'],
        is_ai_enhanced: true,
        ai_credits: 42,
        subscription_status: 'trialing',
        storefront_url: `http://localhost:3000/s/${tenant.slug}`,
        currency: 'HNL',
        language: 'es',
        timezone: 'America/Tegucigalpa',
        payment_methods: ['cash'],
        bank_transfer_instructions: null,
      },
    });
  });

  it('changes only the fields sent, clears with null or "", keeps the slug, and answers the shop as it now is', async () => {
    const { tenant, token } = await createTenantWithOwner(t, {
      tenant: { description: 'Old', seoTitle: 'Old title', slogan: 'Old slogan' },
    });
    const res = await patch(token, {
      name: '  Panadería Nueva  ',
      description: null,
      seo_title: '',
      seo_description: 'Fresh bread every morning',
      tags: [' pan ', 'PAN', '', 'dulces'],
      language: 'en',
      timezone: 'america/el_salvador',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.objectContaining({
        slug: tenant.slug,
        name: 'Panadería Nueva',
        description: null,
        seo_title: null,
        seo_description: 'Fresh bread every morning',
        slogan: 'Old slogan',
        tags: ['pan', 'dulces'],
        language: 'en',
        timezone: 'America/El_Salvador',
      }),
    );
    expect((await show(token)).body).toEqual(res.body);
    const [row] = await t.db.query('SELECT slug, language, timezone, tags FROM tenants WHERE id = $1', [tenant.id]);
    expect(row).toEqual({ slug: tenant.slug, language: 'en', timezone: 'America/El_Salvador', tags: ['pan', 'dulces'] });

    const empty = await patch(token, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(res.body);
  });

  it('refuses each bad field with 422 on that field, and changes nothing', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ seo_title: 'x'.repeat(256) }, 'seo_title'],
      [{ seo_description: 'x'.repeat(1001) }, 'seo_description'],
      [{ slogan: 'x'.repeat(256) }, 'slogan'],
      [{ slogan: 5 }, 'slogan'],
      [{ tags: 'pan' }, 'tags'],
      [{ tags: null }, 'tags'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(51)] }, 'tags'],
      [{ tags: [1] }, 'tags'],
      [{ language: 'fr' }, 'language'],
      [{ language: null }, 'language'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: '+05:00' }, 'timezone'],
      [{ timezone: '' }, 'timezone'],
      [{ timezone: 3 }, 'timezone'],
      [{ slug: 'another-slug' }, 'slug'],
      [{ ai_credits: 1000 }, 'ai_credits'],
      [{ is_ai_enhanced: true }, 'is_ai_enhanced'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(token, body);
      expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ body, status: 422, fields: [field] });
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Limits are inclusive.
    const longest = await patch(token, {
      description: 'd'.repeat(5000),
      seo_description: 's'.repeat(1000),
      tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'x')),
    });
    expect(longest.status).toBe(200);
    const [row] = await t.db.query('SELECT slug, name, language, timezone, ai_credits, is_ai_enhanced FROM tenants WHERE id = $1', [
      tenant.id,
    ]);
    expect(row).toEqual({
      slug: tenant.slug,
      name: tenant.name,
      language: 'es',
      timezone: 'America/Tegucigalpa',
      ai_credits: 100,
      is_ai_enhanced: false,
    });
  });

  it('shows what AI enrichment wrote to the same columns, and a later edit by hand wins over it', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    await t.db.transaction((manager) => t.get(TenantProfiles).applyEnrichment(manager, tenant.id, { slogan: 'From the AI', tags: ['ai'] }));
    expect((await show(token)).body.data).toEqual(expect.objectContaining({ slogan: 'From the AI', tags: ['ai'], is_ai_enhanced: true }));
    const edited = await patch(token, { slogan: 'By hand' });
    expect(edited.body.data).toEqual(expect.objectContaining({ slogan: 'By hand', tags: ['ai'], is_ai_enhanced: true }));
  });

  it('answers 401 without a token and 403 to a user without a shop', async () => {
    expect((await t.http().get('/api/v1/merchant/shop')).status).toBe(401);
    expect((await t.http().patch('/api/v1/merchant/shop').send({ name: 'x' })).status).toBe(401);
    const { token } = await createUser(t, { role: 'customer' });
    expect((await show(token)).status).toBe(403);
    expect((await patch(token, { name: 'x' })).status).toBe(403);
  });

  it('answers 404 once the shop is archived', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    await t.db.query('UPDATE tenants SET deleted_at = now() WHERE id = $1', [tenant.id]);
    expect((await show(token)).status).toBe(404);
    expect((await patch(token, { name: 'x' })).status).toBe(404);
  });
});
