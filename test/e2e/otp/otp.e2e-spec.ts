import { randomUUID } from 'node:crypto';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { useFakeHttpServer, useFakeSmtpServer } from '@test/support/fake-servers';
import { rateLimitOf, statusesOf, uniqueClientIp } from '@test/support/http-clients';
import { messagesSettled } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';

/** The six-digit code of a message; fails the test when there is none. */
function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the message: ${text}`);
  return code;
}
const newEmail = () => `otp-${randomUUID()}@example.test`;
const newPhone = () => `+50498${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

describe('One-time codes (spec 4.1, decisions §3)', () => {
  const smtp = useFakeSmtpServer();
  const sms = useFakeHttpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, SMS_URL: `${sms.url}/sms`, OTP_MAX_ATTEMPTS: '5' } }));

  async function generate(identifier: string) {
    const res = await t.http().post('/api/v1/otp/generate').send({ identifier });
    expect(res.status).toBe(200);
    return res.body as { message: string; uuid: string; expires_at: string };
  }
  const verify = (body: object) => t.http().post('/api/v1/otp/verify').send(body);

  async function mailedCode(to: string, after = 0): Promise<string> {
    const mail = await smtp.waitFor((message) => message.to.includes(to) && smtp.messages.indexOf(message) >= after);
    return codeIn(mail.text);
  }

  it('mails a code to an email address and signs the existing account in with it', async () => {
    const { tenant, owner } = await createTenantWithOwner(t);
    const session = await generate(owner.email.toUpperCase());
    expect(session.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const expiresIn = new Date(session.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const code = await mailedCode(owner.email);
    const res = await verify({ uuid: session.uuid, otp_code: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      user: { id: owner.id, tenant_id: tenant.id },
      requires_registration: false,
      redirect: '/dashboard',
      token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40,}$/),
    });
    const me = await t.http().get('/api/v1/user').set(authHeader(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(owner.id);
    const [token] = await t.db.query('SELECT name FROM personal_access_tokens WHERE id = $1', [res.body.token.split('|')[0]]);
    expect(token.name).toBe('otp-api-token');
  });

  it('answers the same for an unknown address and then asks to register', async () => {
    const email = newEmail();
    const session = await generate(email);
    const code = await mailedCode(email);
    const res = await verify({ uuid: session.uuid, otp_code: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), user: null, requires_registration: true, redirect: '/register' });
  });

  it('texts a code to a phone number through the SMS gateway', async () => {
    const phone = newPhone();
    const session = await generate(phone);
    const request = await sms.waitFor((received) => (received.json as { to?: string })?.to === phone);
    expect(request.url).toBe('/sms');
    const code = codeIn((request.json as { message: string }).message);
    const res = await verify({ uuid: session.uuid, otp_code: code });
    expect(res.status).toBe(200);
    expect(res.body.requires_registration).toBe(true);
  });

  it("writes the code's mail and SMS in the language of the request, Spanish when it names neither", async () => {
    const ask = async (identifier: string, language?: string) => {
      const request = t.http().post('/api/v1/otp/generate');
      expect((await (language ? request.set('Accept-Language', language) : request).send({ identifier })).status).toBe(200);
    };
    const mailTo = async (language?: string) => {
      const email = newEmail();
      await ask(email, language);
      return smtp.waitFor((message) => message.to.includes(email));
    };
    const spanish = await mailTo();
    expect(spanish.subject).toBe('Su código de verificación');
    expect(spanish.text).toMatch(
      /^Su código de verificación es \d{6}\. Vence en 10 minutos\. Si usted no lo pidió, ignore este mensaje\.\s*$/,
    );
    expect((await mailTo('fr-FR,de;q=0.8')).subject).toBe('Su código de verificación');
    expect((await mailTo('es-HN')).subject).toBe('Su código de verificación');
    const english = await mailTo('en-US,en;q=0.9,es;q=0.8');
    expect(english.subject).toBe('Your verification code');
    expect(english.text).toMatch(/^Your verification code is \d{6}\. It expires in 10 minutes\./);

    const phone = newPhone();
    await ask(phone, 'en');
    const text = await sms.waitFor((received) => (received.json as { to?: string })?.to === phone);
    expect((text.json as { message: string }).message).toMatch(/^Your verification code is \d{6}\./);
  });

  it('refuses to text a number outside OTP_SMS_COUNTRIES (default HN) with 422 on identifier, and sends nothing', async () => {
    const mexican = `+5255${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
    const res = await t.http().post('/api/v1/otp/generate').send({ identifier: mexican });
    expect(res.status).toBe(422);
    expect(res.body.errors.identifier[0]).toMatch(/HN/);
    const [sessions] = await t.db.query('SELECT count(*)::int AS n FROM otp_sessions WHERE identifier = $1', [mexican]);
    expect(sessions.n).toBe(0);
    await messagesSettled(t, mexican);
    expect(sms.requests.filter((received) => (received.json as { to?: string })?.to === mexican)).toEqual([]);
  });

  it.each([
    [{}, 'identifier'],
    [{ identifier: 'not-an-address' }, 'identifier'],
    [{ identifier: '50499998888' }, 'identifier'],
    [{ identifier: '+12' }, 'identifier'],
  ])('refuses a bad identifier %o with 422', async (body, field) => {
    const res = await t.http().post('/api/v1/otp/generate').send(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  });

  it.each([
    [{ uuid: 'nope', otp_code: '123456' }, 'uuid'],
    [{ uuid: randomUUID(), otp_code: '12a456' }, 'otp_code'],
    [{ uuid: randomUUID(), otp_code: '12345' }, 'otp_code'],
    [{ otp_code: '123456' }, 'uuid'],
    [{ uuid: randomUUID(), otp_code: '123456' }, 'uuid'],
  ])('refuses %o with 422 on the field', async (body, field) => {
    const res = await verify(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('refuses a wrong code, then a used one', async () => {
    const email = newEmail();
    const session = await generate(email);
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await verify({ uuid: session.uuid, otp_code: wrong });
    expect(res.status).toBe(422);
    expect(res.body.errors.otp_code[0]).toMatch(/incorrect/);
    expect((await verify({ uuid: session.uuid, otp_code: code })).status).toBe(200);
    const again = await verify({ uuid: session.uuid, otp_code: code });
    expect(again.status).toBe(422);
    expect(again.body.errors.otp_code[0]).toMatch(/already been used/);
  });

  it('locks the session after the maximum of wrong codes, even for the right one', async () => {
    const email = newEmail();
    const session = await generate(email);
    const code = await mailedCode(email);
    const wrong = code === '999999' ? '999998' : '999999';
    expect(await statusesOf(5, () => verify({ uuid: session.uuid, otp_code: wrong }))).toEqual(Array(5).fill(422));
    const res = await verify({ uuid: session.uuid, otp_code: code });
    expect(res.status).toBe(422);
    expect(res.body.errors.otp_code[0]).toMatch(/Too many wrong codes/);
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const session = await generate(email);
    const code = await mailedCode(email);
    await t.db.query(`UPDATE otp_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [session.uuid]);
    const res = await verify({ uuid: session.uuid, otp_code: code });
    expect(res.status).toBe(422);
    expect(res.body.errors.otp_code[0]).toMatch(/expired/);
  });

  it('supersedes older codes when a new one is requested for the same identifier', async () => {
    const email = newEmail();
    const first = await generate(email);
    const firstCode = await mailedCode(email);
    const mark = smtp.messages.length;
    const second = await generate(email);
    const secondCode = await mailedCode(email, mark);
    const old = await verify({ uuid: first.uuid, otp_code: firstCode });
    expect(old.status).toBe(422);
    expect(old.body.errors.otp_code[0]).toMatch(/newer code/);
    expect((await verify({ uuid: second.uuid, otp_code: secondCode })).status).toBe(200);
  });

  it('stores only an HMAC of the code', async () => {
    const email = newEmail();
    const session = await generate(email);
    const code = await mailedCode(email);
    const [row] = await t.db.query('SELECT * FROM otp_sessions WHERE id = $1', [session.uuid]);
    expect(row.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('lets exactly one of 20 concurrent verifications of the right code succeed', async () => {
    const { user } = await createUser(t, { email: newEmail() });
    const session = await generate(user.email);
    const code = await mailedCode(user.email);
    const responses = await Promise.all(Array.from({ length: 20 }, () => verify({ uuid: session.uuid, otp_code: code })));
    expect(responses.filter((res) => res.status === 200)).toHaveLength(1);
    expect(responses.filter((res) => res.status === 422)).toHaveLength(19);
    const [tokens] = await t.db.query(
      `SELECT count(*)::int AS n FROM personal_access_tokens WHERE user_id = $1 AND name = 'otp-api-token'`,
      [user.id],
    );
    expect(tokens.n).toBe(1);
  });

  it('replays an idempotent generation without sending a second code', async () => {
    const email = newEmail();
    const key = randomUUID();
    const first = await t.http().post('/api/v1/otp/generate').set('Idempotency-Key', key).send({ identifier: email });
    const second = await t.http().post('/api/v1/otp/generate').set('Idempotency-Key', key).send({ identifier: email });
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.uuid).toBe(first.body.uuid);
    // One session was opened, and everything sent to the address has gone out: exactly one mail.
    const [sessions] = await t.db.query('SELECT count(*)::int AS n FROM otp_sessions WHERE identifier = $1', [email]);
    expect(sessions.n).toBe(1);
    await mailedCode(email);
    await messagesSettled(t, email);
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  describe('rate limits', () => {
    const limited = useTestApp(() => ({
      env: { MAIL_URL: smtp.url, THROTTLE_OTP_GENERATION: '3/60', THROTTLE_OTP_PER_IDENTIFIER: '2/3600', THROTTLE_VERIFICATION: '3/60' },
    }));
    const generateAs = (ip: string, identifier: string) =>
      limited.http().post('/api/v1/otp/generate').set('X-Forwarded-For', ip).send({ identifier });

    it('limits code generation per IP', async () => {
      const from = uniqueClientIp();
      expect(await statusesOf(4, () => generateAs(from, newEmail()))).toEqual([200, 200, 200, 429]);
    });

    it('limits codes sent to one identifier, whoever asks', async () => {
      const email = newEmail();
      expect(await statusesOf(3, () => generateAs(uniqueClientIp(), email))).toEqual([200, 200, 429]);
    });

    it('counts the aliases of one mailbox as one identifier: case, +tag, Gmail dots, googlemail.com', async () => {
      const local = `ana${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const dotted = local.split('').join('.');
      const aliases = [`${local.replace('ana', 'Ana')}+x@Gmail.com`, `${dotted}@googlemail.com`, `${local.toUpperCase()}@gmail.com`];
      const statuses = [];
      for (const alias of aliases) statuses.push((await generateAs(uniqueClientIp(), alias)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // Positive control: another mailbox has its own budget.
      expect((await generateAs(uniqueClientIp(), `${local}x@gmail.com`)).status).toBe(200);
    });

    it('limits verification attempts', async () => {
      const from = uniqueClientIp();
      const attempt = () =>
        limited.http().post('/api/v1/otp/verify').set('X-Forwarded-For', from).send({ uuid: randomUUID(), otp_code: '123456' });
      expect(await statusesOf(4, attempt)).toEqual([422, 422, 422, 429]);
    });
  });

  describe('OTP_SMS_COUNTRIES', () => {
    const guatemala = useTestApp(() => ({ env: { SMS_URL: `${sms.url}/sms`, OTP_SMS_COUNTRIES: 'gt, SV' } }));

    it('texts the countries listed, and no other', async () => {
      const guatemalan = `+5024${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
      expect((await guatemala.http().post('/api/v1/otp/generate').send({ identifier: guatemalan })).status).toBe(200);
      await sms.waitFor((received) => (received.json as { to?: string })?.to === guatemalan);
      const refused = await guatemala.http().post('/api/v1/otp/generate').send({ identifier: newPhone() });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.identifier[0]).toMatch(/GT, SV/);
    });
  });

  describe('rate-limit groups', () => {
    it('counts generation per IP and per identifier, and shows the tighter of the two', async () => {
      const ip = uniqueClientIp();
      const send = (identifier: string) => t.http().post('/api/v1/otp/generate').set('X-Forwarded-For', ip).send({ identifier });
      const generation = TEST_RATE_LIMITS.otpGeneration;
      // Both budgets are fresh: the per-IP one, with the lower limit, is the tighter.
      expect(rateLimitOf(await send(newEmail()))).toEqual({ limit: generation, remaining: generation - 1 });
      expect(rateLimitOf(await send(newEmail()))).toEqual({ limit: generation, remaining: generation - 2 });
    });

    it('counts verification in its own group, apart from generation', async () => {
      const ip = uniqueClientIp();
      const generated = await t.http().post('/api/v1/otp/generate').set('X-Forwarded-For', ip).send({ identifier: newEmail() });
      expect(rateLimitOf(generated).limit).toBe(TEST_RATE_LIMITS.otpGeneration);
      const verified = await t
        .http()
        .post('/api/v1/otp/verify')
        .set('X-Forwarded-For', ip)
        .send({ uuid: randomUUID(), otp_code: '123456' });
      expect(rateLimitOf(verified)).toEqual({ limit: TEST_RATE_LIMITS.verification, remaining: TEST_RATE_LIMITS.verification - 1 });
    });
  });
});
