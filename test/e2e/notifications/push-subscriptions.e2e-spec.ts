import { randomUUID } from 'node:crypto';
import { authHeader, createUser } from '@test/support/factories';
import { expectInvalid } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { BrowserKeys } from '@test/support/web-push-receiver';

const PATH = '/api/v1/push-subscriptions';

/** A browser subscription on Firebase Cloud Messaging, one of the default allowed push services. */
function fcmSubscription(overrides: Record<string, unknown> = {}) {
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: new BrowserKeys().keys, ...overrides };
}

describe('Push subscriptions: POST and DELETE /api/v1/push-subscriptions (spec 4.6, decisions §12, §15)', () => {
  // The default PUSH_ALLOWED_HOSTS: the browsers' push services.
  const t = useTestApp();

  const post = (token: string, body: object) => t.http().post(PATH).set(authHeader(token)).send(body);
  const remove = (token: string, body: object) => t.http().delete(PATH).set(authHeader(token)).send(body);
  const rowsOf = (userId: string) =>
    t.db.query('SELECT endpoint, auth, p256dh, content_encoding, created_at, updated_at FROM push_subscriptions WHERE user_id = $1', [
      userId,
    ]);

  it('answers 401 without a valid bearer token', async () => {
    for (const res of [await t.http().post(PATH).send(fcmSubscription()), await t.http().delete(PATH).send({ endpoint: 'x' })]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
    }
    const bad = await t.http().post(PATH).set(authHeader('1|not-a-token')).send(fcmSubscription());
    expect(bad.status).toBe(401);
  });

  it('registers a subscription (aes128gcm unless told) and answers as the spec says', async () => {
    const { user, token } = await createUser(t);
    const body = fcmSubscription();
    const res = await post(token, body);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Web Push subscription updated.' },
    });
    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({ endpoint: body.endpoint, auth: body.keys.auth, p256dh: body.keys.p256dh, content_encoding: 'aes128gcm' }),
    ]);
  });

  it('updates the row of an endpoint registered again: one row, new keys and encoding', async () => {
    const { user, token } = await createUser(t);
    const first = fcmSubscription();
    await post(token, first).expect(200);
    const [before] = await rowsOf(user.id);
    const again = { endpoint: first.endpoint, keys: new BrowserKeys().keys, contentEncoding: 'aesgcm' };
    await post(token, again).expect(200);
    const rows = await rowsOf(user.id);
    expect(rows).toEqual([
      expect.objectContaining({ endpoint: first.endpoint, auth: again.keys.auth, p256dh: again.keys.p256dh, content_encoding: 'aesgcm' }),
    ]);
    expect(rows[0].created_at).toEqual(before.created_at);
    expect(rows[0].updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('moves an endpoint registered by another user to the caller (one endpoint is one browser)', async () => {
    const previous = await createUser(t);
    const next = await createUser(t);
    const body = fcmSubscription();
    await post(previous.token, body).expect(200);
    await post(next.token, body).expect(200);
    expect(await rowsOf(previous.user.id)).toEqual([]);
    expect(await rowsOf(next.user.id)).toHaveLength(1);
  });

  it('stores the endpoint re-serialised (the default port left out, the host lower-cased)', async () => {
    const { user, token } = await createUser(t);
    const id = randomUUID();
    await post(token, fcmSubscription({ endpoint: `https://FCM.googleapis.com:443/fcm/send/${id}` })).expect(200);
    expect(await rowsOf(user.id)).toEqual([expect.objectContaining({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}` })]);
  });

  it('stores padded keys unpadded, as web-push takes them', async () => {
    const { user, token } = await createUser(t);
    const keys = new BrowserKeys().keys;
    await post(token, fcmSubscription({ keys: { auth: `${keys.auth}==`, p256dh: `${keys.p256dh}=` } })).expect(200);
    expect(await rowsOf(user.id)).toEqual([expect.objectContaining({ auth: keys.auth, p256dh: keys.p256dh })]);
  });

  it('keeps the 20 most recently registered browsers of a user', async () => {
    const { user, token } = await createUser(t);
    const bodies = Array.from({ length: 21 }, () => fcmSubscription());
    for (const body of bodies) await post(token, body).expect(200);
    const endpoints = (await rowsOf(user.id)).map((row: { endpoint: string }) => row.endpoint);
    expect(endpoints).toHaveLength(20);
    expect(endpoints).not.toContain(bodies[0].endpoint);
  });

  it.each([
    ['Mozilla autopush', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk'],
    ['Apple', 'https://web.push.apple.com/QGuQyavXutnMH'],
    ['Windows (any *.notify.windows.com)', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD'],
  ])('accepts the default push service of %s', async (_vendor, endpoint) => {
    const { token } = await createUser(t);
    await post(token, fcmSubscription({ endpoint })).expect(200);
  });

  describe('refuses with 422 on the dotted path', () => {
    const keys = () => new BrowserKeys().keys;

    it.each<[string, Record<string, unknown>, string[]]>([
      ['no endpoint', { endpoint: undefined }, ['endpoint']],
      ['no keys object', { keys: undefined }, ['keys.auth', 'keys.p256dh']],
      ['keys null', { keys: null }, ['keys.auth', 'keys.p256dh']],
      ['an empty keys object', { keys: {} }, ['keys.auth', 'keys.p256dh']],
      ['keys not an object', { keys: 'abc' }, ['keys']],
      ['keys an empty array', { keys: [] }, ['keys']],
      ['keys an array of a keys object', { keys: [keys()] }, ['keys']],
      ['keys a number', { keys: 42 }, ['keys']],
      ['keys a boolean', { keys: true }, ['keys']],
      ['an endpoint of 1001 characters', { endpoint: `https://fcm.googleapis.com/${'a'.repeat(974)}` }, ['endpoint']],
      ['an http:// endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, ['endpoint']],
      ['an endpoint that is not a string', { endpoint: 42 }, ['endpoint']],
      ['an auth secret of 256 characters', { keys: { ...keys(), auth: 'a'.repeat(256) } }, ['keys.auth']],
      ['an auth secret of 8 bytes', { keys: { ...keys(), auth: 'AAAAAAAAAAA' } }, ['keys.auth']],
      ['an auth secret in standard base64', { keys: { ...keys(), auth: '+/v7+/v7+/v7+/v7+/v7+w' } }, ['keys.auth']],
      ['a p256dh of 256 characters', { keys: { ...keys(), p256dh: 'B'.repeat(256) } }, ['keys.p256dh']],
      [
        'a p256dh off the curve',
        { keys: { ...keys(), p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') } },
        ['keys.p256dh'],
      ],
      ['an unknown content encoding', { contentEncoding: 'gzip' }, ['contentEncoding']],
      ['a content encoding of 51 characters', { contentEncoding: 'a'.repeat(51) }, ['contentEncoding']],
      ['an unknown field', { expirationTime: null }, ['expirationTime']],
      ['an unknown key', { keys: { ...keys(), extra: 'x' } }, ['keys.extra']],
    ])('%s', async (_case, override, fields) => {
      const { token } = await createUser(t);
      const res = await post(token, { ...fcmSubscription(), ...override });
      expectInvalid(res, fields);
    });

    it.each([
      ['a host not in PUSH_ALLOWED_HOSTS', 'https://push.evil.example/push/1'],
      ['a cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
      ['loopback, not allowed by default', 'https://127.0.0.1:8443/push/1'],
      ['the apex of a wildcard entry', 'https://notify.windows.com/w/?token=1'],
      ['an allowed host as user name', 'https://fcm.googleapis.com@push.evil.example/fcm/send/1'],
      ['an allowed host as a prefix', 'https://fcm.googleapis.com.evil.example/fcm/send/1'],
      // WHATWG URL reads the host "127.0.0.1;.notify.windows.com"; web-push's url.parse connects to 127.0.0.1.
      ['a host the two URL parsers read differently', 'https://127.0.0.1;.notify.windows.com/x'],
      ['a host with characters outside plain DNS names', 'https://wns2_par.notify.windows.com/w/?token=1'],
      ['a percent-encoded host', 'https://wns%32.notify.windows.com/w/?token=1'],
      ['a port not in PUSH_ALLOWED_PORTS', 'https://fcm.googleapis.com:8443/fcm/send/1'],
      ['an empty user name', 'https://@fcm.googleapis.com/fcm/send/1'],
    ])('endpoint on %s, storing nothing', async (_case, endpoint) => {
      const { user, token } = await createUser(t);
      const res = await post(token, fcmSubscription({ endpoint }));
      expectInvalid(res, ['endpoint']);
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('an empty body, naming each required leaf', async () => {
      const { token } = await createUser(t);
      const res = await post(token, {});
      expectInvalid(res, ['endpoint', 'keys.auth', 'keys.p256dh']);
      expect(res.body.errors['keys.auth']).toEqual(['The keys.auth field is required.']);
    });

    it.each<[string, Record<string, unknown>]>([
      ['no endpoint', {}],
      ['an endpoint of 1001 characters', { endpoint: 'x'.repeat(1001) }],
    ])('DELETE with %s', async (_case, body) => {
      const { token } = await createUser(t);
      expectInvalid(await remove(token, body), ['endpoint']);
    });
  });

  it('DELETE forgets the caller’s subscription, answers 200 for an unknown one, and never touches another user’s', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const mine = fcmSubscription();
    const theirs = fcmSubscription();
    await post(owner.token, mine).expect(200);
    await post(other.token, theirs).expect(200);

    const deleted = await remove(owner.token, { endpoint: mine.endpoint });
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Web Push subscription deleted.' },
    });
    expect(await rowsOf(owner.user.id)).toEqual([]);

    await remove(owner.token, { endpoint: mine.endpoint }).expect(200);
    await remove(owner.token, { endpoint: theirs.endpoint }).expect(200);
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });

  it('DELETE by endpoint finds a subscription stored re-serialised, spelt as it was registered', async () => {
    const { user, token } = await createUser(t);
    const endpoint = `https://FCM.googleapis.com:443/fcm/send/${randomUUID()}`;
    await post(token, fcmSubscription({ endpoint })).expect(200);
    await remove(token, { endpoint }).expect(200);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('deletes a user’s subscriptions with the user', async () => {
    const { user, token } = await createUser(t);
    await post(token, fcmSubscription()).expect(200);
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  describe('GET /api/v1/push-subscriptions and DELETE /api/v1/push-subscriptions/{id} (decisions §15)', () => {
    const list = (token: string) => t.http().get(PATH).set(authHeader(token));
    const removeById = (token: string, id: string) => t.http().delete(`${PATH}/${id}`).set(authHeader(token));

    it('answer 401 without a valid bearer token', async () => {
      for (const res of [await t.http().get(PATH), await t.http().delete(`${PATH}/${randomUUID()}`)]) {
        expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
      }
    });

    it('lists only the caller’s own, oldest first, as { id, endpoint_host, created_at } in the list envelope', async () => {
      const { user, token } = await createUser(t);
      const other = await createUser(t);
      await post(token, fcmSubscription()).expect(200);
      await post(token, fcmSubscription({ endpoint: 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD' })).expect(200);
      await post(other.token, fcmSubscription()).expect(200);
      const rows: Array<{ id: string; endpoint: string; created_at: Date }> = await t.db.query(
        'SELECT id, endpoint, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id',
        [user.id],
      );

      const res = await list(token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        rows.map((row) => ({ id: row.id, endpoint_host: new URL(row.endpoint).hostname, created_at: row.created_at.toISOString() })),
      );
      expect(res.body.data.map((row: { endpoint_host: string }) => row.endpoint_host).sort()).toEqual([
        'fcm.googleapis.com',
        'wns2-par02p.notify.windows.com',
      ]);
      expect(res.body.meta).toEqual(expect.objectContaining({ current_page: 1, total: 2, per_page: 20, from: 1, to: 2, last_page: 1 }));
      expect(res.body.links).toEqual(expect.objectContaining({ prev: null, next: null }));
      // No endpoint (a capability URL of the browser) and no keys in the answer.
      expect(JSON.stringify(res.body)).not.toContain('/fcm/send/');
      expect((await list(other.token)).body.data).toHaveLength(1);
    });

    it('DELETE by id removes the caller’s own (204); another user’s id, an unknown id or a malformed one is 404 and removes nothing', async () => {
      const { user, token } = await createUser(t);
      const other = await createUser(t);
      await post(token, fcmSubscription()).expect(200);
      await post(other.token, fcmSubscription()).expect(200);
      const [mine] = await t.db.query('SELECT id FROM push_subscriptions WHERE user_id = $1', [user.id]);
      const [theirs] = await t.db.query('SELECT id FROM push_subscriptions WHERE user_id = $1', [other.user.id]);

      for (const id of [theirs.id, randomUUID(), 'not-a-uuid', '1']) {
        const res = await removeById(token, id);
        expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: 'Push subscription not found.' });
      }
      expect(await rowsOf(other.user.id)).toHaveLength(1);

      const deleted = await removeById(token, mine.id);
      expect(deleted.status).toBe(204);
      expect(await rowsOf(user.id)).toEqual([]);
      expect((await removeById(token, mine.id)).status).toBe(404);
      expect((await list(token)).body.data).toEqual([]);
    });
  });
});
