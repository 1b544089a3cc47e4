import { openSecret, SecretBoxError, sealSecret, secretBoxKey } from './secret-box';

describe('secret box', () => {
  const key = secretBoxKey('an-app-key-of-at-least-32-characters!', 'test-purpose');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = sealSecret(key, '12|token-secret', 'record-a');
    expect(sealed).not.toContain('token-secret');
    expect(sealed).toMatch(/^sb1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(openSecret(key, sealed, 'record-a')).toBe('12|token-secret');
    expect(sealSecret(key, '12|token-secret', 'record-a')).not.toBe(sealed);
    expect(openSecret(key, sealSecret(key, ''))).toBe('');
  });

  it('derives one key per purpose and per APP_KEY', () => {
    expect(key).toHaveLength(32);
    expect(secretBoxKey('an-app-key-of-at-least-32-characters!', 'test-purpose').equals(key)).toBe(true);
    expect(secretBoxKey('an-app-key-of-at-least-32-characters!', 'other-purpose').equals(key)).toBe(false);
    expect(secretBoxKey('another-app-key-of-at-least-32-chars', 'test-purpose').equals(key)).toBe(false);
  });

  it('refuses a box sealed with another key, for another context, altered, or malformed', () => {
    const sealed = sealSecret(key, 'secret', 'record-a');
    const other = secretBoxKey('an-app-key-of-at-least-32-characters!', 'other-purpose');
    expect(() => openSecret(other, sealed, 'record-a')).toThrow(SecretBoxError);
    expect(() => openSecret(key, sealed, 'record-b')).toThrow(SecretBoxError);
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openSecret(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 'record-a')).toThrow(SecretBoxError);
    for (const malformed of ['', 'secret', 'sb1.a.b', 'sb2.a.b.c', `sb1..${tag}.${body}`, `sb1.${iv}.short.${body}`]) {
      expect(() => openSecret(key, malformed, 'record-a')).toThrow(SecretBoxError);
    }
  });

  it('takes only a 32-byte key', () => {
    expect(() => sealSecret(Buffer.alloc(16), 'secret')).toThrow(/32-byte/);
  });
});
