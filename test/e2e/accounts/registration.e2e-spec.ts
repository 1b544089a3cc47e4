import { randomUUID } from 'node:crypto';
import { authHeader, createUser } from '@test/support/factories';
import { storeValues } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';

const email = () => `reg-${randomUUID()}@example.test`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana López',
  email: email(),
  password: 'secret123',
  password_confirmation: 'secret123',
  ...overrides,
});

describe('POST /api/v1/register (spec 4.1, decisions §3)', () => {
  const t = useTestApp();

  const register = (body: Record<string, unknown>) => t.http().post('/api/v1/register').send(body);
  const usersWithEmail = async (address: string) =>
    Number((await t.db.query('SELECT count(*) AS n FROM users WHERE lower(email) = lower($1)', [address]))[0].n);

  describe('201', () => {
    it('creates the account and answers { data } with a bearer token and Location', async () => {
      const body = valid({ email: `  Ana.${randomUUID()}@Example.TEST ` });
      const res = await register(body);

      expect(res.status).toBe(201);
      expect(res.headers.location).toBe('/api/v1/user');
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Ana López',
          email: body.email.trim().toLowerCase(),
          tenant_id: null,
          access_token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40,}$/),
          token_type: 'Bearer',
        },
      });

      const me = await t.http().get('/api/v1/user').set(authHeader(res.body.data.access_token));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: res.body.data.id, email: res.body.data.email, tenant_id: null, role: 'customer' });
    });

    it('stores an argon2id hash and only a SHA-256 of the token secret', async () => {
      const res = await register(valid());
      const [user] = await t.db.query('SELECT email, password_hash FROM users WHERE id = $1', [res.body.data.id]);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.password_hash).not.toContain('secret123');

      const [id, secret] = (res.body.data.access_token as string).split('|');
      const [token] = await t.db.query('SELECT user_id, name, token_hash, expires_at FROM personal_access_tokens WHERE id = $1', [id]);
      expect(token.user_id).toBe(res.body.data.id);
      expect(token.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(token.token_hash).not.toContain(secret);
      // TOKEN_TTL_DAYS defaults to 30.
      const days = (new Date(token.expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });

    it('records UserRegistered in the outbox', async () => {
      const res = await register(valid());
      const rows = await t.db.query(`SELECT payload FROM outbox_events WHERE event_type = 'UserRegistered' AND payload->>'user_id' = $1`, [
        res.body.data.id,
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].payload).toMatchObject({ role: 'customer', via: 'http', created_tenant: false });
    });

    it('with tenant_name creates a shop owned by the user, who becomes owner', async () => {
      const res = await register(valid({ tenant_name: `Café Niño ${randomUUID().slice(0, 8)}` }));
      expect(res.status).toBe(201);
      const tenantId = res.body.data.tenant_id;
      expect(tenantId).toMatch(/^[0-9a-f-]{36}$/);

      const [tenant] = await t.db.query('SELECT name, slug, user_id, status, ai_credits, tags FROM tenants WHERE id = $1', [tenantId]);
      expect(tenant.user_id).toBe(res.body.data.id);
      expect(tenant.slug).toMatch(/^cafe-nino-[0-9a-f]{8}$/);
      expect(tenant).toMatchObject({ status: 'active', ai_credits: 100, tags: [] });
      const [user] = await t.db.query('SELECT role, tenant_id FROM users WHERE id = $1', [res.body.data.id]);
      expect(user).toEqual({ role: 'owner', tenant_id: tenantId });
    });

    it('numbers slugs -2, -3 for the same shop name', async () => {
      const name = `Café Niño ${randomUUID().slice(0, 8)}`;
      const base = name.toLowerCase().replace('é', 'e').replace('ñ', 'n').replace(/ /g, '-');
      const slugs: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await register(valid({ tenant_name: name }));
        expect(res.status).toBe(201);
        slugs.push((await t.db.query('SELECT slug FROM tenants WHERE id = $1', [res.body.data.tenant_id]))[0].slug);
      }
      expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
    });

    it('gives 20 concurrent shops with one name 20 distinct slugs', async () => {
      const name = `Pupusería ${randomUUID().slice(0, 8)}`;
      const responses = await Promise.all(Array.from({ length: 20 }, () => register(valid({ tenant_name: name }))));
      expect(responses.map((res) => res.status)).toEqual(Array(20).fill(201));
      const rows: Array<{ slug: string }> = await t.db.query('SELECT slug FROM tenants WHERE id = ANY($1::uuid[])', [
        responses.map((res) => res.body.data.tenant_id),
      ]);
      const base = `pupuseria-${name.slice(-8)}`;
      expect(rows.map((row) => row.slug).sort()).toEqual([base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)].sort());
    });

    it('treats an empty tenant_name as absent', async () => {
      const res = await register(valid({ tenant_name: '  ' }));
      expect(res.status).toBe(201);
      expect(res.body.data.tenant_id).toBeNull();
    });

    it('accepts a name of exactly 255 characters', async () => {
      const res = await register(valid({ name: 'n'.repeat(255) }));
      expect(res.status).toBe(201);
    });
  });

  describe('422', () => {
    const expect422 = async (body: Record<string, unknown>, fields: string[]) => {
      const res = await register(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
      expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(res.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
      return res;
    };

    it('lists every missing field, once each', async () => {
      const res = await expect422({}, ['name', 'email', 'password', 'password_confirmation']);
      expect(res.body.errors).toEqual({
        name: ['The name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        password_confirmation: ['The password confirmation field is required.'],
      });
    });

    it.each([
      ['too short', 'abc123', ['The password must be at least 8 characters.']],
      ['no digit', 'abcdefgh', ['The password must contain at least one number.']],
      ['no letter', '12345678', ['The password must contain at least one letter.']],
    ])('refuses a weak password (%s)', async (_case, password, messages) => {
      const res = await expect422(valid({ password, password_confirmation: password }), ['password']);
      expect(res.body.errors.password).toEqual(messages);
    });

    it('refuses a mismatched confirmation', async () => {
      const res = await expect422(valid({ password_confirmation: 'secret124' }), ['password_confirmation']);
      expect(res.body.errors.password_confirmation).toEqual(['The password confirmation does not match.']);
    });

    it('refuses a name over 255 characters', async () => {
      const res = await expect422(valid({ name: 'n'.repeat(256) }), ['name']);
      expect(res.body.errors.name).toEqual(['The name may not be greater than 255 characters.']);
    });

    it('refuses a malformed email', async () => {
      await expect422(valid({ email: 'not-an-email' }), ['email']);
    });

    it('refuses wrong types', async () => {
      await expect422(valid({ name: 42, tenant_name: ['x'] }), ['name', 'tenant_name']);
    });

    it('refuses unknown fields (a client cannot pick its role or tenant)', async () => {
      const res = await expect422(valid({ role: 'owner', tenant_id: randomUUID() }), ['role', 'tenant_id']);
      expect(res.body.errors.role).toEqual(['The role field is not allowed.']);
    });

    it('refuses an email already taken, whatever its case', async () => {
      const address = email();
      expect((await register(valid({ email: address }))).status).toBe(201);
      const res = await expect422(valid({ email: address.toUpperCase() }), ['email']);
      expect(res.body.errors.email).toEqual(['The email has already been taken.']);
      expect(await usersWithEmail(address)).toBe(1);
    });

    it('refuses an email taken by an account made elsewhere (factory, social sign-in)', async () => {
      const { user } = await createUser(t, { password: null, token: false });
      await expect422(valid({ email: user.email }), ['email']);
    });

    it('20 concurrent registrations of one email: exactly one 201, nineteen 422 on email, never a 500', async () => {
      const address = email();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => register(valid({ email: i % 2 ? address : address.toUpperCase() }))),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 422)).toHaveLength(19);
      for (const res of responses.filter((r) => r.status === 422)) {
        expect(res.body.errors).toEqual({ email: ['The email has already been taken.'] });
      }
      expect(await usersWithEmail(address)).toBe(1);
    });
  });

  describe('idempotency (decisions §2)', () => {
    it('replays the first response for the same key and body, creating one account', async () => {
      const key = randomUUID();
      const body = valid();
      const first = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);
      const again = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);

      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers.location).toBe('/api/v1/user');
      expect(again.body).toEqual(first.body);
      expect(await usersWithEmail(body.email)).toBe(1);
    });

    it('keeps the token of the kept answer only encrypted, and the replay still carries it (decisions §15)', async () => {
      const key = randomUUID();
      const body = valid();
      const first = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);
      expect(first.status).toBe(201);
      const token: string = first.body.data.access_token;
      const secret = token.split('|')[1];
      const records = await storeValues(t, 'idem:*');
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(record).not.toContain(secret);
        expect(record).not.toContain(body.email);
      }

      const again = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.access_token).toBe(token);
    });

    it('takes the key from Idempotency-Key or the idempotency_key body field', async () => {
      const key = randomUUID();
      const body = valid({ idempotency_key: key });
      const first = await register(body);
      const again = await register(body);
      expect(first.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.id).toBe(first.body.data.id);

      const headerKey = randomUUID();
      const other = valid();
      await t.http().post('/api/v1/register').set('Idempotency-Key', headerKey).send(other);
      const replay = await t.http().post('/api/v1/register').set('Idempotency-Key', headerKey).send(other);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await usersWithEmail(other.email)).toBe(1);
    });

    it('20 concurrent registrations with one key create one account', async () => {
      const key = randomUUID();
      const body = valid();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body)),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(statuses).toContain(201);
      expect(await usersWithEmail(body.email)).toBe(1);
      const ids = new Set(responses.filter((res) => res.status === 201).map((res) => res.body.data.id));
      expect(ids.size).toBe(1);

      const replay = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });

    it('does not keep a 422: the same key works once the input is fixed', async () => {
      const key = randomUUID();
      const body = valid();
      const bad = await t
        .http()
        .post('/api/v1/register')
        .set('X-Idempotency-Key', key)
        .send({ ...body, password_confirmation: 'nope12345' });
      expect(bad.status).toBe(422);
      const good = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(body);
      expect(good.status).toBe(201);
    });

    it('refuses the same key with a different body', async () => {
      const key = randomUUID();
      expect((await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(valid())).status).toBe(201);
      const other = await t.http().post('/api/v1/register').set('X-Idempotency-Key', key).send(valid());
      expect(other.status).toBe(422);
      expect(other.body.errors).toEqual({ 'X-Idempotency-Key': ['This idempotency key cannot be used with this request.'] });
    });
  });
});
