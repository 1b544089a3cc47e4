import { randomUUID } from 'node:crypto';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { runCli } from '@test/support/cli';
import { authHeader, createTenantWithOwner, createUser, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const SECRET = 'whsec_test_ai_0123456789';

describe('AI credits: the super admin top-up, the CLI, the default budget, subscription gating (decisions §8, §11, §12)', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({
    env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_DEFAULT_CREDITS: '7', PAYMENT_WEBHOOK_SECRET: SECRET },
  }));
  beforeEach(() => ai.reply({ json: { slogan: 'Fresh bread' } }));

  const topUp = (token: string | null, id: string, body: object) => {
    const req = t.http().post(`/api/v1/admin/tenants/${id}/ai-credits`);
    if (token) req.set(authHeader(token));
    return req.send(body);
  };
  const creditsOf = async (tenantId: string) =>
    ((await t.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;

  describe('POST /api/v1/admin/tenants/{id}/ai-credits', () => {
    it('adds credits: 200 { data: { tenant_id, ai_credits } }', async () => {
      const admin = await createUser(t, { isSuperAdmin: true });
      const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 0 }, owner: PROVEN_EMAIL });
      const res = await topUp(admin.token, shop.tenant.id, { credits: 25 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { tenant_id: shop.tenant.id, ai_credits: 25 } });
      expect(await creditsOf(shop.tenant.id)).toBe(25);
      // The shop can spend again.
      expect((await t.http().post('/api/v1/ai/optimize-profile').set(authHeader(shop.token)).send({})).status).toBe(202);
    });

    it('401 without a token, 403 for a shop owner, 404 for an unknown or malformed tenant, 422 on bad credits', async () => {
      const admin = await createUser(t, { isSuperAdmin: true });
      const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 1 }, owner: PROVEN_EMAIL });
      expect((await topUp(null, shop.tenant.id, { credits: 5 })).status).toBe(401);
      const owner = await topUp(shop.token, shop.tenant.id, { credits: 5 });
      expect(owner.status).toBe(403);
      expect(owner.body).toEqual({ message: expect.any(String) });
      expect((await topUp(admin.token, randomUUID(), { credits: 5 })).status).toBe(404);
      expect((await topUp(admin.token, 'nope', { credits: 5 })).status).toBe(404);
      for (const credits of [0, -1, 1_000_001, 1.5, '5', null]) {
        const res = await topUp(admin.token, shop.tenant.id, { credits });
        expect(res.status).toBe(422);
        expect(res.body.errors).toHaveProperty(['credits']);
      }
      expect((await topUp(admin.token, shop.tenant.id, { credits: 5, extra: true })).status).toBe(422);
      expect(await creditsOf(shop.tenant.id)).toBe(1);
    });

    it('a balance beyond what the column holds is 422, never a 500', async () => {
      const admin = await createUser(t, { isSuperAdmin: true });
      const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 2_147_000_000 }, owner: PROVEN_EMAIL });
      const res = await topUp(admin.token, shop.tenant.id, { credits: 1_000_000 });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty(['credits']);
    });
  });

  it('CLI tenants:add-ai-credits <tenant id or slug> <credits>', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 3 }, owner: PROVEN_EMAIL });
    const byId = await runCli('tenants:add-ai-credits', shop.tenant.id, '10');
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain(`Shop ${shop.tenant.id} now has 13 AI credits.`);
    const bySlug = await runCli('tenants:add-ai-credits', shop.tenant.slug, '2');
    expect(bySlug.code).toBe(0);
    expect(await creditsOf(shop.tenant.id)).toBe(15);
    const unknown = await runCli('tenants:add-ai-credits', 'no-such-shop', '2');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No shop with id or slug no-such-shop.');
    const bad = await runCli('tenants:add-ai-credits', shop.tenant.slug, '0');
    expect(bad.code).toBe(1);
    expect(await creditsOf(shop.tenant.id)).toBe(15);
    // Four CLI processes, each starting the application context: tens of seconds on a loaded machine.
  }, 180_000);

  it('a shop created by onboarding starts with AI_DEFAULT_CREDITS', async () => {
    const { token } = await createUser(t, { role: 'owner' });
    const res = await t
      .http()
      .post('/api/v1/tenants')
      .set(authHeader(token))
      .send({ name: `AI Shop ${randomUUID().slice(0, 6)}` });
    expect(res.status).toBe(201);
    expect(res.body.data.ai_credits).toBe(7);
  });

  it('subscription.cancelled makes optimize-profile 422 cannotEnhanceSuspendedProfile; subscription.renewed restores it', async () => {
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    const deliver = (body: object) => {
      const raw = JSON.stringify({ id: `evt_${randomUUID()}`, ...body });
      return t
        .http()
        .post('/api/webhooks/payment')
        .set('Content-Type', 'application/json')
        .set('X-Signature', signWebhookBody(SECRET, raw))
        .send(raw);
    };
    const optimize = () => t.http().post('/api/v1/ai/optimize-profile').set(authHeader(shop.token)).send({});

    expect((await deliver({ event: 'subscription.cancelled', data: { tenant_id: shop.tenant.id } })).status).toBe(200);
    const refused = await optimize();
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: expect.any(String), error_code: 'cannotEnhanceSuspendedProfile' });
    expect(await creditsOf(shop.tenant.id)).toBe(100);

    const renewed = await deliver({
      event: 'subscription.renewed',
      data: { tenant_id: shop.tenant.id, current_period_end: '2030-01-01T00:00:00Z' },
    });
    expect(renewed.status).toBe(200);
    const accepted = await optimize();
    expect(accepted.status).toBe(202);
    await waitFor(
      async () => (await t.http().get(`/api/v1/ai/jobs/${accepted.body.job_id}`).set(authHeader(shop.token))).body.status === 'succeeded',
      { what: 'the enrichment to succeed' },
    );
  });
});
