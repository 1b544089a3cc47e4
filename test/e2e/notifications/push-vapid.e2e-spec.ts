import { createECDH, randomUUID } from 'node:crypto';
import { validateEnv } from '@config/validate-env';
import { PushChannel, WebPushPayload } from '@modules/notifications/channels/push.channel';
import { runCli, spawnTs } from '@test/support/cli';
import { authHeader, createUser } from '@test/support/factories';
import { useFakePushService } from '@test/support/fake-push-service';
import { withTestApp } from '@test/support/test-app';

const KEY_LINES = /^VAPID_PUBLIC_KEY=([A-Za-z0-9_-]+)\nVAPID_PRIVATE_KEY=([A-Za-z0-9_-]+)\n$/;

describe('VAPID keys (decisions §9, §11)', () => {
  it('`vapid:generate` prints a pair of unpadded base64url keys, as .env lines that start-up accepts', async () => {
    const [{ code, stdout }, another] = await Promise.all([runCli('vapid:generate'), runCli('vapid:generate')]);
    expect(code).toBe(0);
    const [, publicKey, privateKey] = KEY_LINES.exec(stdout) ?? [];
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(curve.getPublicKey('base64url')).toBe(publicKey);
    const env = validateEnv({
      APP_KEY: 'k'.repeat(32),
      DATABASE_URL: 'postgres://x@127.0.0.1/x',
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(env.VAPID_PRIVATE_KEY).toBe(privateKey);
    // A new pair each time.
    expect(KEY_LINES.exec(another.stdout)?.[1]).not.toBe(publicKey);
  });

  it('`vapid:generate` works without a database and with a configuration start-up refuses (it is how one fixes it)', async () => {
    const run = spawnTs('src/cli.ts', ['vapid:generate'], { DATABASE_URL: '', VAPID_PUBLIC_KEY: 'half-a-pair', APP_KEY: 'short' });
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toMatch(KEY_LINES);
  });

  describe('without a VAPID pair (the default)', () => {
    const push = useFakePushService();

    it('stores subscriptions but skips pushes, warning once per process', async () => {
      await withTestApp(
        {
          env: {
            PUSH_ALLOWED_HOSTS: '127.0.0.1',
            PUSH_ALLOWED_PORTS: push.port,
            PUSH_CA_FILE: push.caFile,
            VAPID_PUBLIC_KEY: '',
            VAPID_PRIVATE_KEY: '',
          },
          logLevel: 'warn',
        },
        async (t) => {
          const { user, token } = await createUser(t);
          const browser = push.browser();
          await t.http().post('/api/v1/push-subscriptions').set(authHeader(token)).send(browser.subscription).expect(200);
          expect(await t.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [user.id])).toHaveLength(1);

          const payload: WebPushPayload = { title: 'T', icon: '/i.png', body: 'B', actions: [], data: {} };
          await t.get(PushChannel).sendToUser(user.id, payload, `test.${randomUUID()}`);
          await t.get(PushChannel).sendToUser(user.id, payload, `test.${randomUUID()}`);
          expect(browser.requests()).toEqual([]);
          const warnings = t.logs.filter((line) => String(line.msg).startsWith('Web Push is not configured'));
          expect(warnings).toHaveLength(1);
        },
      );
    });
  });
});
