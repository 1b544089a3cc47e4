import { randomUUID } from 'node:crypto';
import { authHeader, createStaff, createTenantWithOwner, createUser, TenantWithOwner, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_ENV } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

const PROFILE = {
  description: '  Sourdough and pastries baked every morning.  ',
  seo_title: 'La Espiga bakery',
  seo_description: 'Fresh bread in Tegucigalpa.',
  slogan: 'Bread worth waking up for',
  tags: ['bread', ' pastries '],
};

describe('POST /api/v1/ai/optimize-profile and GET /api/v1/ai/jobs/{id} (spec 4.5, decisions §8)', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '5000' } }));
  beforeEach(() => ai.reply({ json: PROFILE, totalTokens: 321 }));

  const optimize = (token: string, body: object = {}) => t.http().post('/api/v1/ai/optimize-profile').set(authHeader(token)).send(body);
  const job = (token: string, id: string) => t.http().get(`/api/v1/ai/jobs/${id}`).set(authHeader(token));
  const finished = (token: string, id: string) =>
    waitFor(
      async () => {
        const res = await job(token, id);
        return ['succeeded', 'failed', 'rejected'].includes(res.body.status) && res;
      },
      { what: `AI job ${id} to end` },
    );
  const tenantRow = async (id: string) =>
    (
      await t.db.query(
        'SELECT description, seo_title, seo_description, slogan, tags, is_ai_enhanced, ai_credits FROM tenants WHERE id = $1',
        [id],
      )
    )[0] as Record<string, unknown>;
  const auditRows = (tenantId: string) =>
    t.db.query(`SELECT causer_id, properties, created_at FROM activity_log WHERE log_name = 'ai-enrichment' AND tenant_id = $1`, [
      tenantId,
    ]);
  const outboxRows = (tenantId: string) =>
    t.db.query(`SELECT payload FROM outbox_events WHERE event_type = 'TenantProfileEnhanced' AND tenant_id = $1`, [tenantId]);

  it('queues the job (202), applies the generated profile, records the audit row and the event, and spends one credit', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const res = await optimize(shop.token, { tone: 'warm', target_audience: 'families', keywords: ['sourdough', 'coffee'] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'queued', job_id: expect.any(String), remaining_credits: 4 });

    const done = await finished(shop.token, res.body.job_id);
    expect(done.body).toMatchObject({
      job_id: res.body.job_id,
      status: 'succeeded',
      enhanced_fields: ['description', 'seo_title', 'seo_description', 'slogan', 'tags'],
      error: null,
      tokens_used: 321,
    });
    expect(await tenantRow(shop.tenant.id)).toEqual({
      description: 'Sourdough and pastries baked every morning.',
      seo_title: 'La Espiga bakery',
      seo_description: 'Fresh bread in Tegucigalpa.',
      slogan: 'Bread worth waking up for',
      tags: ['bread', 'pastries'],
      is_ai_enhanced: true,
      ai_credits: 4,
    });
    const audit = await auditRows(shop.tenant.id);
    expect(audit).toEqual([
      {
        causer_id: shop.owner.id,
        properties: {
          job_id: res.body.job_id,
          enhanced_fields: ['description', 'seo_title', 'seo_description', 'slogan', 'tags'],
          tokens_used: 321,
          credits_spent: 1,
        },
        created_at: expect.any(Date),
      },
    ]);
    expect(await outboxRows(shop.tenant.id)).toEqual([
      {
        payload: {
          tenant_id: shop.tenant.id,
          user_id: shop.owner.id,
          triggered_by: shop.owner.id,
          enhanced_fields: ['description', 'seo_title', 'seo_description', 'slogan', 'tags'],
          tokens_used: 321,
          credits_spent: 1,
        },
      },
    ]);

    // The provider got a JSON-mode request naming the shop, its wishes and the format.
    const sent = ai.completions().find((request) => request.body.includes(shop.tenant.name))?.json as {
      model: string;
      response_format: unknown;
      messages: Array<{ content: string }>;
    };
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages[1].content).toEqual(expect.stringContaining('sourdough'));
    expect(sent.messages[1].content).toEqual(expect.stringContaining('families'));
  });

  it('leaves out empty values: an empty slogan and empty tags are not applied nor listed', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { slogan: 'Old slogan', tags: ['old'] }, owner: PROVEN_EMAIL });
    ai.reply({ json: { description: 'New description', seo_title: '  ', slogan: '', tags: [], seo_description: null } });
    const res = await optimize(shop.token);
    const done = await finished(shop.token, res.body.job_id);
    expect(done.body).toMatchObject({ status: 'succeeded', enhanced_fields: ['description'] });
    expect(await tenantRow(shop.tenant.id)).toMatchObject({
      description: 'New description',
      slogan: 'Old slogan',
      tags: ['old'],
      is_ai_enhanced: true,
    });
    expect((await outboxRows(shop.tenant.id))[0].payload.enhanced_fields).toEqual(['description']);
  });

  it('an answer with nothing to apply: succeeded with no fields, profile untouched, no audit row and no event', async () => {
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    ai.reply({ json: { description: '', tags: [] } });
    const res = await optimize(shop.token);
    expect((await finished(shop.token, res.body.job_id)).body).toMatchObject({ status: 'succeeded', enhanced_fields: [] });
    expect(await tenantRow(shop.tenant.id)).toMatchObject({ description: null, is_ai_enhanced: false, ai_credits: 99 });
    expect(await auditRows(shop.tenant.id)).toEqual([]);
    expect(await outboxRows(shop.tenant.id)).toEqual([]);
  });

  it('cuts over-long values to the column size instead of failing', async () => {
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    ai.reply({ json: { seo_title: 'x'.repeat(400), slogan: 'y'.repeat(300) } });
    const res = await optimize(shop.token);
    expect((await finished(shop.token, res.body.job_id)).body.status).toBe('succeeded');
    const row = await tenantRow(shop.tenant.id);
    expect(row.seo_title).toHaveLength(255);
    expect(row.slogan).toHaveLength(255);
  });

  it('the provider failing (500s, after the retries): job failed, credit back exactly once', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 3 }, owner: PROVEN_EMAIL });
    ai.reply({ status: 500 });
    const before = ai.completions().length;
    const res = await optimize(shop.token);
    expect(res.body.remaining_credits).toBe(2);
    const done = await finished(shop.token, res.body.job_id);
    expect(done.body).toMatchObject({ status: 'failed', enhanced_fields: [], error: expect.stringContaining('500') });
    expect(ai.completions().length - before).toBe(2); // the first try and AI_MAX_RETRIES=1
    expect(await tenantRow(shop.tenant.id)).toMatchObject({ ai_credits: 3, is_ai_enhanced: false });
    expect(await auditRows(shop.tenant.id)).toEqual([]);
  });

  // Without reported usage; with it, the credit stays spent (ai-spending.e2e-spec.ts).
  it.each([
    ['not JSON', { content: 'Sure! Here is your profile.', totalTokens: null }],
    ['a field of the wrong type', { json: { description: 42 }, totalTokens: null }],
  ])('an invalid answer (%s) without usage: job failed, credit back, nothing applied', async (_case, reply) => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 2 }, owner: PROVEN_EMAIL });
    ai.reply(reply);
    const res = await optimize(shop.token);
    expect((await finished(shop.token, res.body.job_id)).body.status).toBe('failed');
    expect(await tenantRow(shop.tenant.id)).toMatchObject({ ai_credits: 2, description: null, is_ai_enhanced: false });
  });

  it('a failure inside the apply transaction leaves no audit row, no event, the profile unchanged; the provider was paid, so the credit stays spent', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { description: 'Before', aiCredits: 2 }, owner: PROVEN_EMAIL });
    // The outbox row is the last write of the transaction: refusing it proves the profile update and
    // the audit row before it roll back with it.
    const fn = `fail_${randomUUID().replace(/-/g, '')}`;
    await t.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.tenant_id = '${shop.tenant.id}' AND NEW.event_type = 'TenantProfileEnhanced' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await optimize(shop.token);
      const done = await finished(shop.token, res.body.job_id);
      expect(done.body).toMatchObject({ status: 'failed', error: 'The generated profile could not be saved.', enhanced_fields: [] });
      expect(await tenantRow(shop.tenant.id)).toMatchObject({ description: 'Before', is_ai_enhanced: false, ai_credits: 1 });
      expect(await auditRows(shop.tenant.id)).toEqual([]);
      expect(await outboxRows(shop.tenant.id)).toEqual([]);
    } finally {
      await t.db.query(`DROP TRIGGER ${fn} ON outbox_events`);
      await t.db.query(`DROP FUNCTION ${fn}()`);
    }
  });

  describe('the rules, at dispatch: named exceptions, nothing spent', () => {
    it.each([
      ['canceled subscription', { subscriptionStatus: 'canceled' as const }, 422, 'cannotEnhanceSuspendedProfile'],
      ['past_due subscription', { subscriptionStatus: 'past_due' as const }, 422, 'cannotEnhanceSuspendedProfile'],
      ['archived shop', { deletedAt: new Date() }, 422, 'cannotEnhanceArchivedProfile'],
      ['already enhanced', { isAiEnhanced: true }, 409, 'alreadyEnhanced'],
    ])('%s → %s %s', async (_case, tenant, status, code) => {
      const shop = await createTenantWithOwner(t, { tenant: { ...tenant, aiCredits: 5 }, owner: PROVEN_EMAIL });
      const res = await optimize(shop.token);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message: expect.any(String), error_code: code });
      expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(5);
    });

    it('a shop without an owner → 422 cannotEnhanceWithoutOwner (asked by its staff)', async () => {
      const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
      const staff = await createStaff(t, shop.tenant, { role: 'admin', ...PROVEN_EMAIL });
      await t.db.query('UPDATE tenants SET user_id = NULL WHERE id = $1', [shop.tenant.id]);
      const res = await optimize(staff.token);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('cannotEnhanceWithoutOwner');
      expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(100);
    });

    it('re-enhancement when allowed: applied again and the event recorded again', async () => {
      const shop = await createTenantWithOwner(t, { tenant: { isAiEnhanced: true, slogan: 'Old' }, owner: PROVEN_EMAIL });
      const res = await optimize(shop.token, { allow_reenhancement: true });
      expect(res.status).toBe(202);
      expect((await finished(shop.token, res.body.job_id)).body.status).toBe('succeeded');
      expect((await tenantRow(shop.tenant.id)).slogan).toBe('Bread worth waking up for');
      expect(await outboxRows(shop.tenant.id)).toHaveLength(1);
    });
  });

  it('the rules again in the job: a shop canceled while the provider answered → rejected, error = exception name, the answer paid for', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 2 }, owner: PROVEN_EMAIL });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The provider holds the call while the subscription is canceled; the apply transaction re-checks.
    ai.reply(async () => {
      await held;
      return { json: PROFILE };
    });
    const res = await optimize(shop.token);
    await waitFor(async () => (await job(shop.token, res.body.job_id)).body.status === 'running', { what: 'the job to run' });
    await t.db.query(`UPDATE tenants SET subscription_status = 'canceled' WHERE id = $1`, [shop.tenant.id]);
    release();
    const done = await finished(shop.token, res.body.job_id);
    expect(done.body).toMatchObject({ status: 'rejected', error: 'cannotEnhanceSuspendedProfile', enhanced_fields: [] });
    // The provider reported its usage: the credit stays spent (decisions §15).
    expect(await tenantRow(shop.tenant.id)).toMatchObject({ ai_credits: 1, is_ai_enhanced: false, description: null });
    expect(await outboxRows(shop.tenant.id)).toEqual([]);
  });

  it('budget: 20 concurrent dispatches with 6 credits → exactly 6 accepted, the rest 402, never below zero', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 6 }, owner: PROVEN_EMAIL });
    const responses = await Promise.all(Array.from({ length: 20 }, () => optimize(shop.token, { allow_reenhancement: true })));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(6);
    expect(statuses.filter((status) => status === 402)).toHaveLength(14);
    expect(responses.find((res) => res.status === 402)?.body).toEqual({ message: expect.any(String) });
    expect(
      responses
        .filter((res) => res.status === 202)
        .map((res) => res.body.remaining_credits)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    for (const accepted of responses.filter((res) => res.status === 202)) {
      expect((await finished(shop.token, accepted.body.job_id)).body.status).toBe('succeeded');
    }
    expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(0);
    const jobs = await t.db.query('SELECT count(*)::int AS n FROM ai_jobs WHERE tenant_id = $1', [shop.tenant.id]);
    expect(jobs[0].n).toBe(6);
  });

  it('validation: unknown fields and bad values are 422 on their fields, nothing spent', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const cases: Array<[object, string]> = [
      [{ credits: 5 }, 'credits'],
      [{ allow_reenhancement: 'yes' }, 'allow_reenhancement'],
      [{ tone: 'x'.repeat(51) }, 'tone'],
      [{ target_audience: 'x'.repeat(201) }, 'target_audience'],
      [{ keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) }, 'keywords'],
      [{ keywords: ['x'.repeat(51)] }, 'keywords'],
      [{ keywords: 'bread' }, 'keywords'],
    ];
    for (const [body, field] of cases) {
      const res = await optimize(shop.token, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).some((key) => key.startsWith(field))).toBe(true);
    }
    expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(5);
  });

  it('auth: 401 without a token, 403 for a user without a shop and for a customer', async () => {
    expect((await t.http().post('/api/v1/ai/optimize-profile').send({})).status).toBe(401);
    const { token } = await createUser(t);
    const res = await optimize(token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    const customer = await createUser(t, { tenantId: shop.tenant.id, role: 'customer' });
    expect((await optimize(customer.token)).status).toBe(403);
    expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(100);
  });

  describe('GET /api/v1/ai/jobs/{job_id}', () => {
    let shop: TenantWithOwner;
    beforeAll(async () => {
      shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    });

    it("another shop's job, an unknown id and a malformed id are 404", async () => {
      const other = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
      const res = await optimize(other.token);
      expect((await job(shop.token, res.body.job_id)).status).toBe(404);
      expect((await job(shop.token, randomUUID())).status).toBe(404);
      const malformed = await job(shop.token, 'not-a-uuid');
      expect(malformed.status).toBe(404);
      expect(malformed.body).toEqual({ message: 'AI job not found.' });
      expect((await job(other.token, res.body.job_id)).status).toBe(200);
    });
  });

  it('not configured: both AI endpoints 503 { message }, no credit spent, no job', async () => {
    await withTestApp({ env: { ...TEST_ENV, AI_BASE_URL: '', AI_API_KEY: '' } }, async (app) => {
      const shop = await createTenantWithOwner(app, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
      const optimizeRes = await app.http().post('/api/v1/ai/optimize-profile').set(authHeader(shop.token)).send({});
      expect(optimizeRes.status).toBe(503);
      expect(optimizeRes.body).toEqual({ message: expect.any(String) });
      const generateRes = await app
        .http()
        .post('/api/v1/ai/generate')
        .set(authHeader(shop.token))
        .send({ business_name: 'La Espiga', activity: 'bakery', location: 'Tegucigalpa', type: 'slogan' });
      expect(generateRes.status).toBe(503);
      expect((await tenantRow(shop.tenant.id)).ai_credits).toBe(5);
      const jobs = await app.db.query('SELECT count(*)::int AS n FROM ai_jobs WHERE tenant_id = $1', [shop.tenant.id]);
      expect(jobs[0].n).toBe(0);
    });
  });
});
