import { authHeader, createTenantWithOwner, createUser, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { TestApp, useTestApp, withTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const BRIEF = { business_name: 'Panadería La Espiga', activity: 'bakery', location: 'Tegucigalpa', type: 'slogan' };
const PROFILE = { description: 'Sourdough baked every morning.', slogan: 'Bread worth waking up for' };

/**
 * Decisions §15 "AI spending": credits follow the provider's reported usage, every call is bounded
 * by max_tokens, a shop and the platform have daily token caps, and optimize-profile is limited to
 * 10 an hour per shop.
 */
describe('AI spending rules (decisions §15)', () => {
  const ai = useFakeAiProvider();
  const aiEnv = () => ({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '30000' });
  const t = useTestApp(() => ({ env: aiEnv() }));

  const generate = (app: TestApp, token: string) => app.http().post('/api/v1/ai/generate').set(authHeader(token)).send(BRIEF);
  const optimize = (app: TestApp, token: string, body: object = { allow_reenhancement: true }) =>
    app.http().post('/api/v1/ai/optimize-profile').set(authHeader(token)).send(body);
  const creditsOf = async (app: TestApp, tenantId: string) =>
    ((await app.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;
  const jobEnded = (app: TestApp, token: string, jobId: string) =>
    waitFor(
      async () => {
        const res = await app.http().get(`/api/v1/ai/jobs/${jobId}`).set(authHeader(token));
        return ['succeeded', 'failed', 'rejected'].includes(res.body.status) && res.body;
      },
      { what: `AI job ${jobId} to end` },
    );
  /** The requests the provider got for one shop (its name is in the prompt). */
  const callsFor = (name: string) => ai.completions().filter((request) => request.body.includes(JSON.stringify(name).slice(1, -1)));
  const tokensToday = async (app: TestApp, scope: string) =>
    Number(
      (
        await app.db.query(
          `SELECT coalesce(sum(tokens), 0) AS n FROM ai_daily_tokens WHERE day = (now() AT TIME ZONE 'UTC')::date AND scope = $1`,
          [scope],
        )
      )[0].n,
    );

  describe('credits follow the reported usage', () => {
    it('generate: an unusable answer with usage keeps the credit (502); one without usage gives it back', async () => {
      const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
      ai.reply({ json: { content: 42 }, totalTokens: 55 });
      const wrongShape = await generate(t, shop.token);
      expect(wrongShape.status).toBe(502);
      expect(wrongShape.body).toEqual({ message: expect.any(String) });
      expect(await creditsOf(t, shop.tenant.id)).toBe(4);

      ai.reply({ content: 'Sure! Here is a slogan.', totalTokens: 30 });
      expect((await generate(t, shop.token)).status).toBe(502);
      expect(await creditsOf(t, shop.tenant.id)).toBe(3);

      ai.reply({ json: { content: 42 }, totalTokens: null });
      expect((await generate(t, shop.token)).status).toBe(502);
      expect(await creditsOf(t, shop.tenant.id)).toBe(3);

      ai.reply({ status: 500 });
      expect((await generate(t, shop.token)).status).toBe(503);
      expect(await creditsOf(t, shop.tenant.id)).toBe(3);
    });

    it('optimize-profile: a job whose answer is unusable keeps its credit when usage was reported, gives it back otherwise', async () => {
      const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
      ai.reply({ json: { description: 42 }, totalTokens: 120 });
      const spent = await optimize(t, shop.token);
      expect(spent.status).toBe(202);
      expect(await jobEnded(t, shop.token, spent.body.job_id)).toMatchObject({ status: 'failed', tokens_used: 120 });
      expect(await creditsOf(t, shop.tenant.id)).toBe(4);

      ai.reply({ content: 'not json', totalTokens: 80 });
      const notJson = await optimize(t, shop.token);
      expect(await jobEnded(t, shop.token, notJson.body.job_id)).toMatchObject({ status: 'failed', tokens_used: 80 });
      expect(await creditsOf(t, shop.tenant.id)).toBe(3);

      ai.reply({ content: 'not json', totalTokens: null });
      const noUsage = await optimize(t, shop.token);
      expect(await jobEnded(t, shop.token, noUsage.body.job_id)).toMatchObject({ status: 'failed', tokens_used: null });
      expect(await creditsOf(t, shop.tenant.id)).toBe(3);
    });

    it('every call sends max_tokens: AI_MAX_OUTPUT_TOKENS, 800 by default', async () => {
      const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
      ai.reply({ json: { content: 'Fresh bread.' }, totalTokens: 20 });
      expect((await generate(t, shop.token)).status).toBe(200);
      expect((ai.completions().at(-1)?.json as { max_tokens?: number }).max_tokens).toBe(800);
      ai.reply({ json: PROFILE, totalTokens: 20 });
      const res = await optimize(t, shop.token);
      expect((await jobEnded(t, shop.token, res.body.job_id)).status).toBe('succeeded');
      expect((callsFor(shop.tenant.name).at(-1)?.json as { max_tokens?: number }).max_tokens).toBe(800);

      // (Only the request path: the enrichment job may run in either app's worker.)
      await withTestApp({ env: { ...aiEnv(), AI_MAX_OUTPUT_TOKENS: '300' } }, async (app) => {
        const other = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        ai.reply({ json: { content: 'Fresh bread.' }, totalTokens: 20 });
        expect((await generate(app, other.token)).status).toBe(200);
        expect((ai.completions().at(-1)?.json as { max_tokens?: number }).max_tokens).toBe(300);
      });
    });
  });

  describe('daily token caps', () => {
    it('a shop over AI_DAILY_TOKEN_CAP: 429 { message } on both calls, nothing spent, the provider not called; other shops go on', async () => {
      await withTestApp({ env: { ...aiEnv(), AI_DAILY_TOKEN_CAP: '5000' } }, async (app) => {
        const shop = await createTenantWithOwner(app, { tenant: { aiCredits: 10 }, owner: PROVEN_EMAIL });
        ai.reply({ json: { content: 'Fresh bread.' }, totalTokens: 4000 });
        expect((await generate(app, shop.token)).status).toBe(200);
        expect(await tokensToday(app, `tenant:${shop.tenant.id}`)).toBe(4000);

        const before = ai.completions().length;
        const refused = await generate(app, shop.token);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: expect.any(String) });
        const refusedOptimize = await optimize(app, shop.token);
        expect(refusedOptimize.status).toBe(429);
        expect(refusedOptimize.body).toEqual({ message: expect.any(String) });
        expect(ai.completions().length).toBe(before);
        expect(await creditsOf(app, shop.tenant.id)).toBe(9);
        const jobs = await app.db.query('SELECT count(*)::int AS n FROM ai_jobs WHERE tenant_id = $1', [shop.tenant.id]);
        expect(jobs[0].n).toBe(0);

        const other = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        expect((await generate(app, other.token)).status).toBe(200);
      });
    });

    it('parallel calls of one shop never take its tokens past the cap', async () => {
      // A provider never reports more than the prompt plus max_tokens, which is what a call reserves:
      // max_tokens 1500 keeps the fake's 1,500 tokens within each reservation, as a real answer is.
      await withTestApp({ env: { ...aiEnv(), AI_DAILY_TOKEN_CAP: '8000', AI_MAX_OUTPUT_TOKENS: '1500' } }, async (app) => {
        const shop = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        ai.reply({ json: { content: 'Fresh bread.' }, totalTokens: 1500 });
        const responses = await Promise.all(Array.from({ length: 12 }, () => generate(app, shop.token)));
        const statuses = responses.map((res) => res.status);
        expect(responses.filter((res) => res.status !== 200 && res.status !== 429).map((res) => [res.status, res.body])).toEqual([]);
        const accepted = statuses.filter((status) => status === 200).length;
        expect(accepted).toBeGreaterThan(0);
        expect(accepted).toBeLessThan(12);
        expect(await tokensToday(app, `tenant:${shop.tenant.id}`)).toBe(accepted * 1500);
        expect(accepted * 1500).toBeLessThanOrEqual(8000);
        expect(await creditsOf(app, shop.tenant.id)).toBe(100 - accepted);
      });
    });

    it('the platform over AI_GLOBAL_DAILY_TOKEN_CAP: 429 for every shop', async () => {
      const platformToday = await tokensToday(t, 'platform');
      await withTestApp({ env: { ...aiEnv(), AI_GLOBAL_DAILY_TOKEN_CAP: String(platformToday + 3000) } }, async (app) => {
        const first = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        ai.reply({ json: { content: 'Fresh bread.' }, totalTokens: 2500 });
        expect((await generate(app, first.token)).status).toBe(200);
        const second = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        const refused = await generate(app, second.token);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: expect.any(String) });
        expect((await optimize(app, second.token)).status).toBe(429);
        expect(await creditsOf(app, second.tenant.id)).toBe(100);
      });
    });
  });

  describe('optimize-profile: 10 an hour per shop', () => {
    it('of 14 parallel requests by two members of one shop exactly 10 are accepted, the rest 429; another shop is not affected', async () => {
      await withTestApp({ env: { ...aiEnv(), THROTTLE_AI_OPTIMIZE: '10/3600' } }, async (app) => {
        ai.reply({ json: PROFILE, totalTokens: 20 });
        const shop = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        const teammate = await createUser(app, { tenantId: shop.tenant.id, role: 'admin', ...PROVEN_EMAIL });
        const responses = await Promise.all(Array.from({ length: 14 }, (_, i) => optimize(app, i % 2 === 0 ? shop.token : teammate.token)));
        const statuses = responses.map((res) => res.status);
        expect(statuses.filter((status) => status === 202)).toHaveLength(10);
        expect(statuses.filter((status) => status === 429)).toHaveLength(4);
        const refused = responses.find((res) => res.status === 429);
        expect(refused?.body).toEqual({ message: expect.any(String) });
        expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
        expect(await creditsOf(app, shop.tenant.id)).toBe(90);

        // Another shop has its own ten; its customers are refused (403) without using them up.
        const other = await createTenantWithOwner(app, { owner: PROVEN_EMAIL });
        const customer = await createUser(app, { tenantId: other.tenant.id, role: 'customer' });
        for (let i = 0; i < 11; i++) expect((await optimize(app, customer.token)).status).toBe(403);
        expect((await optimize(app, other.token)).status).toBe(202);
      });
    });
  });
});
