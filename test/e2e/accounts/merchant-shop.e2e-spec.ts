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
        phone: null,
        whatsapp: null,
        email: null,
        address: null,
        logo_url: null,
        social_links: {},
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

  describe("the shop's contact details", () => {
    const CONTACT = {
      phone: '+504 2222-3333',
      whatsapp: '+50499990000',
      email: 'hola@cafenino.hn',
      address: 'Col. Palmira, Tegucigalpa',
      logo_url: 'https://cdn.example.com/cafe-nino.png',
      social_links: {
        tiktok: 'https://www.tiktok.com/@cafenino',
        facebook: 'https://www.facebook.com/cafenino',
        instagram: 'https://www.instagram.com/cafenino',
      },
    };

    it('writes every contact field (trimmed), shows it on GET, and clears each with null or ""', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const res = await patch(token, { ...CONTACT, phone: '  +504 2222-3333 ', email: ' hola@cafenino.hn ' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(expect.objectContaining(CONTACT));
      // The networks in one order, whatever the order sent.
      expect(Object.keys(res.body.data.social_links)).toEqual(['facebook', 'instagram', 'tiktok']);
      expect((await show(token)).body).toEqual(res.body);
      const [row] = await t.db.query('SELECT phone, whatsapp, email, address, logo_url, social_links FROM tenants WHERE id = $1', [
        tenant.id,
      ]);
      expect(row).toEqual(CONTACT);

      // The limits are inclusive.
      const longest = {
        phone: '1'.repeat(20),
        whatsapp: `+1${'2'.repeat(14)}`,
        email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.hn`,
        address: 'x'.repeat(500),
        logo_url: `https://cdn.example.com/${'l'.repeat(2048 - 24)}`,
        social_links: { facebook: `https://www.facebook.com/${'f'.repeat(2048 - 25)}` },
      };
      expect(longest.email).toHaveLength(254);
      expect(longest.logo_url).toHaveLength(2048);
      expect(longest.social_links.facebook).toHaveLength(2048);
      const long = await patch(token, longest);
      expect(long.status).toBe(200);
      expect(long.body.data).toEqual(expect.objectContaining(longest));

      // A link sent as null or "" is none; social_links: null clears them all.
      const fewer = await patch(token, { social_links: { facebook: '', instagram: null, tiktok: CONTACT.social_links.tiktok } });
      expect(fewer.body.data.social_links).toEqual({ tiktok: CONTACT.social_links.tiktok });
      const cleared = await patch(token, { phone: null, whatsapp: '', email: null, address: '   ', logo_url: '', social_links: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toEqual(
        expect.objectContaining({ phone: null, whatsapp: null, email: null, address: null, logo_url: null, social_links: {} }),
      );
      const [after] = await t.db.query('SELECT phone, whatsapp, email, address, logo_url, social_links FROM tenants WHERE id = $1', [
        tenant.id,
      ]);
      expect(after).toEqual({ phone: null, whatsapp: null, email: null, address: null, logo_url: null, social_links: {} });
    });

    it('refuses each bad contact value with 422 and its message on the field, and changes nothing', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      expect((await patch(token, CONTACT)).status).toBe(200);
      const PHONE = 'The phone must be a phone number of 7 to 20 characters (digits, spaces, +, -, parentheses) with at least 7 digits.';
      const WHATSAPP =
        'The whatsapp must be an international number in E.164 form, such as +50499990000: a + and 8 to 15 digits, the first not 0.';
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ phone: '123456' }, { phone: [PHONE] }],
        [{ phone: '+(12) 34-56' }, { phone: [PHONE] }],
        [{ phone: '2222.3333' }, { phone: [PHONE] }],
        [{ phone: 'call me' }, { phone: [PHONE] }],
        [{ phone: '1'.repeat(21) }, { phone: [PHONE] }],
        [{ phone: 22223333 }, { phone: ['The phone must be a string.'] }],
        [{ whatsapp: '50499990000' }, { whatsapp: [WHATSAPP] }],
        [{ whatsapp: '+05499990000' }, { whatsapp: [WHATSAPP] }],
        [{ whatsapp: '+504 9999 0000' }, { whatsapp: [WHATSAPP] }],
        [{ whatsapp: '+1234567' }, { whatsapp: [WHATSAPP] }],
        [{ whatsapp: `+1${'2'.repeat(15)}` }, { whatsapp: [WHATSAPP] }],
        [{ email: 'not-an-email' }, { email: ['The email must be a valid email address.'] }],
        [
          { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.hn` },
          { email: ['The email may not be greater than 254 characters.'] },
        ],
        [{ email: 5 }, { email: ['The email must be a string.'] }],
        [{ address: 'x'.repeat(501) }, { address: ['The address may not be greater than 500 characters.'] }],
        [{ address: ['Centro'] }, { address: ['The address must be a string.'] }],
        [{ logo_url: 'http://cdn.example.com/logo.png' }, { logo_url: ['The logo url must be an https:// URL.'] }],
        [{ logo_url: 'javascript:alert(1)' }, { logo_url: ['The logo url must be an https:// URL.'] }],
        [
          { logo_url: `https://cdn.example.com/${'l'.repeat(2048 - 23)}` },
          { logo_url: ['The logo url may not be greater than 2048 characters.'] },
        ],
        [
          { social_links: 'https://facebook.com/x' },
          { social_links: ['The social links must be an object with some of: facebook, instagram, tiktok.'] },
        ],
        [
          { social_links: ['https://facebook.com/x'] },
          { social_links: ['The social links must be an object with some of: facebook, instagram, tiktok.'] },
        ],
        [
          { social_links: { youtube: 'https://youtube.com/x' } },
          { 'social_links.youtube': ['The social_links.youtube field is not allowed.'] },
        ],
        [
          { social_links: { facebook: 'http://facebook.com/x' } },
          { 'social_links.facebook': ['The social_links.facebook must be an https:// URL.'] },
        ],
        [
          { social_links: { instagram: 'instagram.com/x' } },
          { 'social_links.instagram': ['The social_links.instagram must be an https:// URL.'] },
        ],
        [
          { social_links: { tiktok: `https://www.tiktok.com/${'t'.repeat(2048 - 22)}` } },
          { 'social_links.tiktok': ['The social_links.tiktok may not be greater than 2048 characters.'] },
        ],
      ];
      // Each message expected is among the field's (a value of another type also breaks the field's other rules).
      for (const [body, errors] of cases) {
        const res = await patch(token, body);
        const expected = Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, expect.arrayContaining(messages)]));
        expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 422, errors: expected });
      }
      const [row] = await t.db.query('SELECT phone, whatsapp, email, address, logo_url, social_links FROM tenants WHERE id = $1', [
        tenant.id,
      ]);
      expect(row).toEqual(CONTACT);
    });

    it('answers the refusals in Spanish to a reader of Spanish', async () => {
      const { token } = await createTenantWithOwner(t);
      const res = await t
        .http()
        .patch('/api/v1/merchant/shop')
        .set(authHeader(token))
        .set('Accept-Language', 'es')
        .send({ phone: '12', whatsapp: '9999', logo_url: 'http://x.hn/logo.png', social_links: { youtube: 'https://youtube.com/x' } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        phone: ['El campo phone debe ser un teléfono de 7 a 20 caracteres (dígitos, espacios, +, -, paréntesis) con al menos 7 dígitos.'],
        whatsapp: [
          'El campo whatsapp debe ser un número internacional en formato E.164, como +50499990000: un + y de 8 a 15 dígitos, el primero distinto de 0.',
        ],
        logo_url: ['El campo logo url debe ser una URL https://.'],
        'social_links.youtube': ['El campo social_links.youtube no está permitido.'],
      });
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
