import { randomUUID } from 'node:crypto';
import { authHeader, createUser } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { FakeProvider, ProviderAccount, useFakeSocialProviders } from '@test/support/fake-social-providers';
import { useTestApp } from '@test/support/test-app';

const newEmail = () => `victim-${randomUUID().slice(0, 8)}@example.test`;
const newSubject = () => String(Math.floor(Math.random() * 1e12));

/**
 * Decisions §3, "Linking and claiming accounts": registering someone else's address (no proof
 * needed) must not let anyone keep that account once its owner proves the address.
 */
describe('Claiming an account by proving its email (decisions §3)', () => {
  const smtp = useFakeSmtpServer();
  const providers = useFakeSocialProviders();
  const t = useTestApp(() => ({ env: { ...providers.env(), MAIL_URL: smtp.url } }));

  const signIn = (provider: FakeProvider, token: string, account: ProviderAccount, email = account.email) =>
    t.http().post('/api/v1/auth/social').send({ provider, token, provider_id: account.sub, email });
  const statusWith = async (token: string) => (await t.http().get('/api/v1/user').set(authHeader(token))).status;
  const accountRow = async (email: string) =>
    (
      await t.db.query<Array<{ id: string; email_verified_at: Date | null }>>('SELECT id, email_verified_at FROM users WHERE email = $1', [
        email,
      ])
    )[0];
  const socialLinks = async (userId: string) =>
    (
      await t.db.query<Array<{ provider: string }>>('SELECT provider FROM social_accounts WHERE user_id = $1 ORDER BY provider', [userId])
    ).map((row) => row.provider);

  /** The attacker registers the victim's address: no proof is asked, a token is handed out. */
  async function registerAsAttacker(email: string): Promise<{ id: string; token: string }> {
    const res = await t
      .http()
      .post('/api/v1/register')
      .send({ name: 'Attacker', email, password: 'hijack1234', password_confirmation: 'hijack1234' });
    expect(res.status).toBe(201);
    expect(await statusWith(res.body.data.access_token)).toBe(200);
    return { id: res.body.data.id, token: res.body.data.access_token };
  }

  /** A code mailed to `email`, not yet used. */
  async function otpFor(email: string): Promise<{ uuid: string; code: string }> {
    const after = smtp.messages.length;
    const generated = await t.http().post('/api/v1/otp/generate').send({ identifier: email });
    expect(generated.status).toBe(200);
    const mail = await smtp.waitFor((message) => message.to.includes(email) && smtp.messages.indexOf(message) >= after);
    return { uuid: generated.body.uuid, code: /\b(\d{6})\b/.exec(mail.text)![1] };
  }

  async function proveByOtp(email: string) {
    const { uuid, code } = await otpFor(email);
    const res = await t.http().post('/api/v1/otp/verify').send({ uuid, otp_code: code });
    expect(res.status).toBe(200);
    return res.body as { user: { id: string }; token: string };
  }

  /**
   * The attacker connects an X login to the victim's address (X never vouches for an email): the
   * account it opens, and `retry`, the same sign-in again.
   */
  async function connectAttackerX(email: string) {
    const attackerX = { sub: newSubject(), email: null };
    const xToken = await providers.issue('twitter', attackerX);
    const first = await signIn('twitter', xToken, attackerX, email);
    expect(first.status).toBe(200);
    return {
      id: first.body.user.id as string,
      token: first.body.token as string,
      retry: () => signIn('twitter', xToken, attackerX, email),
    };
  }

  /**
   * Whoever proved `email` (`proof`: the answer of the code check or of the sign-in) now holds the
   * account the attacker held: same id, the attacker's token revoked, the new one working, the address proven.
   */
  async function expectClaimedBy(proof: { user: { id: string }; token: string }, attacker: { id: string; token: string }, email: string) {
    expect(proof.user.id).toBe(attacker.id);
    expect(await statusWith(attacker.token)).toBe(401);
    expect(await statusWith(proof.token)).toBe(200);
    expect((await accountRow(email)).email_verified_at).not.toBeNull();
  }

  describe('by a one-time code', () => {
    it("revokes the pre-registrant's token and gives the account to whoever proves the address", async () => {
      const email = newEmail();
      const attacker = await registerAsAttacker(email);

      const proof = await proveByOtp(email);
      await expectClaimedBy(proof, attacker, email);
    });

    it('removes a provider login connected before the proof', async () => {
      const email = newEmail();
      const attacker = await connectAttackerX(email);
      expect(await socialLinks(attacker.id)).toEqual(['twitter']);

      const proof = await proveByOtp(email);
      await expectClaimedBy(proof, attacker, email);
      expect(await socialLinks(proof.user.id)).toEqual([]);
      // The X login no longer opens the account: X's email is never enough to link.
      const again = await attacker.retry();
      expect(again.status).toBe(422);
      expect(again.body.errors).toHaveProperty('email');
    });

    it('leaves an account whose address was already proven alone (positive control)', async () => {
      const email = newEmail();
      const { user, token } = await createUser(t, { email, emailVerifiedAt: new Date('2024-01-01T00:00:00Z') });
      const google = { sub: newSubject(), email };
      expect((await signIn('google', await providers.issue('google', google), google)).status).toBe(200);

      const proof = await proveByOtp(email);
      expect(proof.user.id).toBe(user.id);
      expect(await statusWith(token)).toBe(200);
      expect(await socialLinks(user.id)).toEqual(['google']);
      expect((await accountRow(email)).email_verified_at).toEqual(new Date('2024-01-01T00:00:00Z'));
    });
  });

  describe('by a sign-in whose provider vouches for the address', () => {
    it.each<[FakeProvider]>([['google'], ['facebook'], ['github'], ['apple']])(
      '%s: links, revokes the earlier tokens and marks the address proven',
      async (provider) => {
        const email = newEmail();
        const attacker = await registerAsAttacker(email);
        const victim = { sub: provider === 'apple' ? `001.${randomUUID()}` : newSubject(), email, emailVerified: true };

        const res = await signIn(provider, await providers.issue(provider, victim), victim);
        expect(res.status).toBe(200);
        await expectClaimedBy(res.body, attacker, email);
      },
    );

    it('removes the provider logins connected before the proof, keeps the proving one', async () => {
      const email = newEmail();
      const attacker = await connectAttackerX(email);

      const victim = { sub: newSubject(), email };
      const res = await signIn('google', await providers.issue('google', victim), victim);
      expect(res.status).toBe(200);
      await expectClaimedBy(res.body, attacker, email);
      expect(await socialLinks(res.body.user.id)).toEqual(['google']);
      expect((await attacker.retry()).status).toBe(422);
    });

    it('leaves an account whose address was already proven alone (positive control)', async () => {
      const email = newEmail();
      const { user, token } = await createUser(t, { email, emailVerifiedAt: new Date() });
      const victim = { sub: newSubject(), email };
      const res = await signIn('github', await providers.issue('github', victim), victim);
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(user.id);
      expect(await statusWith(token)).toBe(200);
      expect(await statusWith(res.body.token)).toBe(200);
    });
  });

  it.each(['otp', 'google'] as const)(
    'lets no earlier provider login keep or regain the account, even racing the proof (proof: %s)',
    async (proofKind) => {
      const email = newEmail();
      const attacker = await connectAttackerX(email);
      const victim = { sub: newSubject(), email };
      const prove =
        proofKind === 'otp'
          ? await otpFor(email).then(
              ({ uuid, code }) =>
                () =>
                  t.http().post('/api/v1/otp/verify').send({ uuid, otp_code: code }),
            )
          : await providers.issue('google', victim).then((token) => () => signIn('google', token, victim));

      const [proof, ...attempts] = await Promise.all([prove(), ...Array.from({ length: 20 }, () => attacker.retry())]);
      expect(proof.status).toBe(200);
      expect(attempts.every((res) => res.status === 200 || res.status === 422)).toBe(true);
      const issued = attempts.filter((res) => res.status === 200).map((res) => res.body.token as string);
      const survivors = [];
      for (const token of [attacker.token, ...issued]) if ((await statusWith(token)) !== 401) survivors.push(token);
      expect(survivors).toEqual([]);
      expect(await statusWith(proof.body.token)).toBe(200);
      expect(await socialLinks(attacker.id)).toEqual(proofKind === 'otp' ? [] : ['google']);
    },
  );

  describe('an address the provider does not vouch for', () => {
    it.each<[string, FakeProvider, Partial<ProviderAccount>]>([
      ['google with email_verified false', 'google', { emailVerified: false }],
      ['apple with email_verified false', 'apple', { emailVerified: false }],
      ['X (its email is never trusted)', 'twitter', { email: null }],
    ])('%s: neither links nor claims', async (_name, provider, override) => {
      const email = newEmail();
      const attacker = await registerAsAttacker(email);
      const someone = { sub: provider === 'apple' ? `001.${randomUUID()}` : newSubject(), email, ...override };

      const res = await signIn(provider, await providers.issue(provider, someone), someone, email);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('email');
      expect(await statusWith(attacker.token)).toBe(200);
      expect((await accountRow(email)).email_verified_at).toBeNull();
      expect(await socialLinks(attacker.id)).toEqual([]);
    });

    it('creates a new account with the address unproven, which a later proof claims', async () => {
      const email = newEmail();
      const someone = { sub: newSubject(), email, emailVerified: false };
      const first = await signIn('google', await providers.issue('google', someone), someone);
      expect(first.status).toBe(200);
      expect((await accountRow(email)).email_verified_at).toBeNull();

      const proof = await proveByOtp(email);
      await expectClaimedBy(proof, { id: first.body.user.id, token: first.body.token }, email);
    });
  });
});
