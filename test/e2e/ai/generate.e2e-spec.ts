import { authHeader, createTenantWithOwner, createUser, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';

const BRIEF = { business_name: 'Panadería La Espiga', activity: 'bakery', location: 'Tegucigalpa' };

describe('POST /api/v1/ai/generate (spec 4.5, decisions §8, §12)', () => {
  const ai = useFakeAiProvider();
  const aiEnv = () => ({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0' });
  const t = useTestApp(() => ({ env: aiEnv() }));

  const generate = (token: string, body: object) => t.http().post('/api/v1/ai/generate').set(authHeader(token)).send(body);
  const creditsOf = async (tenantId: string) =>
    ((await t.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;

  it('answers 200 { content, tokens_used, remaining_attempts }, spends a credit and applies nothing', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 3 }, owner: PROVEN_EMAIL });
    ai.reply({ json: { content: '  Fresh bread, every morning.  ' }, totalTokens: 77 });
    const res = await generate(shop.token, { ...BRIEF, type: 'slogan', extra_details: 'family run since 1990' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      content: 'Fresh bread, every morning.',
      tokens_used: 77,
      remaining_attempts: TEST_RATE_LIMITS.aiGenerate - 1,
    });
    expect(await creditsOf(shop.tenant.id)).toBe(2);
    const profile = await t.db.query('SELECT slogan, is_ai_enhanced FROM tenants WHERE id = $1', [shop.tenant.id]);
    expect(profile[0]).toEqual({ slogan: null, is_ai_enhanced: false });
    const sent = ai.completions().at(-1)?.json as { response_format: unknown; messages: Array<{ content: string }> };
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages[1].content).toEqual(expect.stringContaining('family run since 1990'));
  });

  it('tags come back as a list and seo as { title, description }', async () => {
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    ai.reply({ json: { content: [' bread ', '', 'cakes'] } });
    expect((await generate(shop.token, { ...BRIEF, type: 'tags' })).body.content).toEqual(['bread', 'cakes']);
    ai.reply({ json: { content: { title: 'La Espiga', description: 'Bread in Tegucigalpa' } }, totalTokens: null });
    const seo = await generate(shop.token, { ...BRIEF, type: 'seo' });
    expect(seo.body).toMatchObject({ content: { title: 'La Espiga', description: 'Bread in Tegucigalpa' }, tokens_used: null });
  });

  it('the provider failing without reported usage gives the credit back: 503 when unavailable, 502 on an unusable answer', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 2 }, owner: PROVEN_EMAIL });
    ai.reply({ status: 500 });
    const down = await generate(shop.token, { ...BRIEF, type: 'description' });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ message: expect.any(String) });
    // With usage reported the credit stays spent (ai-spending.e2e-spec.ts).
    ai.reply({ json: { content: 42 }, totalTokens: null });
    const bad = await generate(shop.token, { ...BRIEF, type: 'description' });
    expect(bad.status).toBe(502);
    expect(bad.body).toEqual({ message: expect.any(String) });
    expect(await creditsOf(shop.tenant.id)).toBe(2);
  });

  it('no credits left: 402 { message }, the provider is not called', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 0 }, owner: PROVEN_EMAIL });
    const before = ai.completions().length;
    const res = await generate(shop.token, { ...BRIEF, type: 'description' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(ai.completions().length).toBe(before);
  });

  it('validation: 422 on each bad field, unknown fields refused, nothing spent', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const cases: Array<[object, string]> = [
      [{ ...BRIEF, business_name: 'ab', type: 'slogan' }, 'business_name'],
      [{ ...BRIEF, business_name: 'x'.repeat(101), type: 'slogan' }, 'business_name'],
      [{ ...BRIEF, activity: 'x'.repeat(51), type: 'slogan' }, 'activity'],
      [{ ...BRIEF, location: 'x'.repeat(51), type: 'slogan' }, 'location'],
      [{ ...BRIEF, extra_details: 'x'.repeat(201), type: 'slogan' }, 'extra_details'],
      [{ ...BRIEF, type: 'poem' }, 'type'],
      [{ ...BRIEF }, 'type'],
      [{ ...BRIEF, type: 'slogan', tenant_id: shop.tenant.id }, 'tenant_id'],
    ];
    for (const [body, field] of cases) {
      const res = await generate(shop.token, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty([field]);
    }
    expect(await creditsOf(shop.tenant.id)).toBe(5);
  });

  it('auth: 401 without a token, 403 for a user without a shop', async () => {
    expect(
      (
        await t
          .http()
          .post('/api/v1/ai/generate')
          .send({ ...BRIEF, type: 'slogan' })
      ).status,
    ).toBe(401);
    const { token } = await createUser(t);
    expect((await generate(token, { ...BRIEF, type: 'slogan' })).status).toBe(403);
  });

  it('AI_BUDGET_EXHAUSTED_STATUS=403 answers 403 when the budget is spent', async () => {
    await withTestApp({ env: { ...aiEnv(), AI_BUDGET_EXHAUSTED_STATUS: '403' } }, async (app) => {
      const shop = await createTenantWithOwner(app, { tenant: { aiCredits: 0 }, owner: PROVEN_EMAIL });
      const res = await app
        .http()
        .post('/api/v1/ai/generate')
        .set(authHeader(shop.token))
        .send({ ...BRIEF, type: 'slogan' });
      expect(res.status).toBe(403);
      const optimize = await app.http().post('/api/v1/ai/optimize-profile').set(authHeader(shop.token)).send({});
      expect(optimize.status).toBe(403);
      expect(optimize.body).toEqual({ message: expect.any(String) });
    });
  });

  it('5 generations an hour per user (ai-gen:{user}); the 429 states the wait in minutes', async () => {
    await withTestApp({ env: { ...aiEnv(), THROTTLE_AI_GENERATE: '5/3600' } }, async (app) => {
      ai.reply({ json: { content: 'Fresh bread.' } });
      const shop = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
      const send = (token: string) =>
        app
          .http()
          .post('/api/v1/ai/generate')
          .set(authHeader(token))
          .send({ ...BRIEF, type: 'slogan' });
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await send(shop.token);
        expect(res.status).toBe(200);
        remaining.push(res.body.remaining_attempts);
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      const refused = await send(shop.token);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many generation requests\. Please try again in (59|60) minutes\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(refused.headers['x-ratelimit-limit']).toBe('5');
      // Per user: a teammate still has their own five.
      const teammate = await createUser(app, { tenantId: shop.tenant.id, role: 'admin', ...PROVEN_EMAIL });
      expect((await send(teammate.token)).status).toBe(200);
      const credits = await app.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [shop.tenant.id]);
      expect(credits[0].ai_credits).toBe(100 - 6);
    });
  });
});
