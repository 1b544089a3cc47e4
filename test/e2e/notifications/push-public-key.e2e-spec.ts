import { generateVapidKeys } from '@modules/notifications';
import { withTestApp } from '@test/support/test-app';

describe('GET /api/v1/push/public-key (decisions §17)', () => {
  it('answers the configured VAPID public key without a token', async () => {
    const keys = generateVapidKeys();
    await withTestApp({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } }, async (t) => {
      const res = await t.http().get('/api/v1/push/public-key');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ public_key: keys.publicKey });
      expect(Buffer.from(res.body.public_key, 'base64url')).toHaveLength(65);
    });
  });

  it('answers 404 with a message when Web Push is not configured', async () => {
    await withTestApp({ env: { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' } }, async (t) => {
      const res = await t.http().get('/api/v1/push/public-key');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Web Push is not configured on this server.' });
    });
  });
});
