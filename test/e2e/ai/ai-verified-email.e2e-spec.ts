import { randomUUID } from 'node:crypto';
import { authHeader, createStaff, createTenantWithOwner, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { useFakeSocialProviders } from '@test/support/fake-social-providers';
import { uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

const BRIEF = { business_name: 'Panadería La Espiga', activity: 'bakery', location: 'Tegucigalpa', type: 'slogan' };
const VERIFY_MESSAGE = 'Verify your email address to use AI features: request a one-time code and enter it.';

/** docs/ai.md "Who may use AI": the paid AI calls need a caller whose email is proven. */
describe('AI calls need a proven email', () => {
  const ai = useFakeAiProvider();
  const smtp = useFakeSmtpServer();
  const providers = useFakeSocialProviders();
  const t = useTestApp(() => ({
    env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0', MAIL_URL: smtp.url, ...providers.env() },
  }));

  const generate = (token: string) => t.http().post('/api/v1/ai/generate').set(authHeader(token)).send(BRIEF);
  const optimize = (token: string) => t.http().post('/api/v1/ai/optimize-profile').set(authHeader(token)).send({});
  const me = (token: string) => t.http().get('/api/v1/user').set(authHeader(token));
  const creditsOf = async (tenantId: string) =>
    ((await t.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;
  const jobsOf = async (tenantId: string) => (await t.db.query('SELECT id FROM ai_jobs WHERE tenant_id = $1', [tenantId])).length;

  /** A merchant as the register form makes one: an account and its shop, no proof of the email asked. */
  async function registerShop(email: string): Promise<{ token: string; tenantId: string }> {
    const res = await t
      .http()
      .post('/api/v1/register')
      .set('X-Forwarded-For', uniqueClientIp())
      .send({ name: 'Rosa', email, password: 'bread1234', password_confirmation: 'bread1234', tenant_name: `Panadería ${randomUUID()}` });
    expect(res.status).toBe(201);
    return { token: res.body.data.access_token, tenantId: res.body.data.tenant_id };
  }

  /** The one-time code flow for `email`: the token `otp/verify` hands out. */
  async function proveByOtp(email: string): Promise<string> {
    const after = smtp.messages.length;
    const generated = await t.http().post('/api/v1/otp/generate').send({ identifier: email });
    expect(generated.status).toBe(200);
    const mail = await smtp.waitFor((message) => message.to.includes(email) && smtp.messages.indexOf(message) >= after);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const verified = await t.http().post('/api/v1/otp/verify').send({ uuid: generated.body.uuid, otp_code: code });
    expect(verified.status).toBe(200);
    return verified.body.token as string;
  }

  it('a freshly registered owner: 403 { message } on both AI calls, nothing spent, the provider not called', async () => {
    const { token, tenantId } = await registerShop(`rosa-${randomUUID().slice(0, 8)}@example.test`);
    expect((await me(token)).body).toMatchObject({ email_verified_at: null, email_verified: false });
    const before = ai.completions().length;

    for (const res of [await generate(token), await optimize(token)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: VERIFY_MESSAGE });
    }
    expect(await creditsOf(tenantId)).toBe(100);
    expect(await jobsOf(tenantId)).toBe(0);
    expect(ai.completions()).toHaveLength(before);
  });

  it('once the one-time code for the email is entered, the same owner (with the token the code gave) is served', async () => {
    const email = `rosa-${randomUUID().slice(0, 8)}@example.test`;
    const { token: registrationToken, tenantId } = await registerShop(email);
    expect((await generate(registrationToken)).status).toBe(403);

    const token = await proveByOtp(email);
    expect((await me(token)).body).toMatchObject({ email_verified_at: expect.any(String), email_verified: true });
    ai.reply({ json: { content: 'Bread worth waking up for.' }, totalTokens: 30 });
    const generated = await generate(token);
    expect(generated.status).toBe(200);
    expect(generated.body.content).toBe('Bread worth waking up for.');
    expect((await optimize(token)).status).toBe(202);
    expect(await creditsOf(tenantId)).toBe(98);
  });

  it('a social sign-in whose provider verified the email counts as proof: AI works right after onboarding', async () => {
    const account = { sub: String(Math.floor(Math.random() * 1e12)), email: `sol-${randomUUID().slice(0, 8)}@example.test` };
    const signedIn = await t
      .http()
      .post('/api/v1/auth/social')
      .send({ provider: 'google', token: await providers.issue('google', account), provider_id: account.sub, email: account.email });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    const shop = await t
      .http()
      .post('/api/v1/tenants')
      .set(authHeader(token))
      .set('X-Forwarded-For', uniqueClientIp())
      .send({ name: 'Sol' });
    expect(shop.status).toBe(201);
    expect((await me(token)).body.email_verified).toBe(true);
    ai.reply({ json: { content: 'Sunny bread.' }, totalTokens: 10 });
    expect((await generate(token)).status).toBe(200);
  });

  it("is asked of the caller, not of the shop: a proven owner's unproven teammate is refused", async () => {
    const shop = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    const teammate = await createStaff(t, shop.tenant, { role: 'admin' });
    for (const res of [await generate(teammate.token), await optimize(teammate.token)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: VERIFY_MESSAGE });
    }
    ai.reply({ json: { content: 'Fresh every day.' }, totalTokens: 10 });
    expect((await generate(shop.token)).status).toBe(200);
    expect(await creditsOf(shop.tenant.id)).toBe(99);
  });
});
