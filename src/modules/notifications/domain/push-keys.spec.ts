import { createECDH, ECDH, randomBytes } from 'node:crypto';
import { canonicalPushKey, isPushAuthSecret, isPushPublicKey } from './push-keys';

describe('push subscription keys (RFC 8291)', () => {
  const publicKey = createECDH('prime256v1').generateKeys();

  it('accepts a browser public key, padded or not', () => {
    expect(isPushPublicKey(publicKey.toString('base64url'))).toBe(true);
    expect(isPushPublicKey(`${publicKey.toString('base64url')}=`)).toBe(true);
  });

  it.each([
    ['standard base64', publicKey.toString('base64').replace(/=+$/, '') + '+/'],
    ['the compressed form', (ECDH.convertKey(publicKey, 'prime256v1', undefined, undefined, 'compressed') as Buffer).toString('base64url')],
    ['65 bytes off the curve', Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url')],
    ['64 bytes', publicKey.subarray(1).toString('base64url')],
    ['empty', ''],
  ])('refuses as p256dh: %s', (_case, value) => {
    expect(isPushPublicKey(value)).toBe(false);
  });

  it('wants exactly 16 bytes of auth secret', () => {
    expect(isPushAuthSecret(randomBytes(16).toString('base64url'))).toBe(true);
    expect(isPushAuthSecret(Buffer.alloc(16, 0xfb).toString('base64'))).toBe(false); // "+/v7…": not base64url
    expect(isPushAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isPushAuthSecret(randomBytes(17).toString('base64url'))).toBe(false);
    expect(isPushAuthSecret('!!!!!!!!!!!!!!!!!!!!!!')).toBe(false);
  });

  it('stores keys unpadded', () => {
    expect(canonicalPushKey('abc==')).toBe('abc');
  });
});
