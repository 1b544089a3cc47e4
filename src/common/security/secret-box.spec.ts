import { openSecret, sealSecret } from './secret-box';

const appKey = 'k'.repeat(32);

describe('secret box: secrets at rest sealed with a key derived from APP_KEY', () => {
  it('opens what it sealed, unicode included', () => {
    for (const plain of ['', '123456', 'Your verification code is 042917.', 'ñandú 🚀 '.repeat(200)]) {
      expect(openSecret(sealSecret(plain, appKey), appKey)).toBe(plain);
    }
  });

  it('never shows the secret, and seals the same text differently each time', () => {
    const first = sealSecret('Your verification code is 042917.', appKey);
    const second = sealSecret('Your verification code is 042917.', appKey);
    expect(first).not.toContain('042917');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/);
  });

  it('refuses another APP_KEY, a changed byte and malformed text', () => {
    const sealed = sealSecret('042917', appKey);
    expect(() => openSecret(sealed, 'x'.repeat(32))).toThrow(/cannot be opened/);
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openSecret([version, iv, tag, flipped.toString('base64url')].join('.'), appKey)).toThrow(/cannot be opened/);
    for (const bad of ['', '042917', 'v2.a.b.c', 'v1.a.b', `v1.${iv}.${tag.slice(2)}.${body}`]) {
      expect(() => openSecret(bad, appKey)).toThrow(/cannot be opened/);
    }
  });
});
