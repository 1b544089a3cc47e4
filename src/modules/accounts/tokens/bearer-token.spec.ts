import { formatBearerToken, hashTokenSecret, newTokenSecret, parseBearerToken, secretMatchesHash } from './bearer-token';

describe('bearer token format (decisions §3)', () => {
  it('makes 48-character base62 secrets, all different', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newTokenSecret()));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('round-trips <id>|<secret>', () => {
    const secret = newTokenSecret();
    expect(parseBearerToken(formatBearerToken('42', secret))).toEqual({ id: '42', secret });
  });

  it.each([
    '',
    '42',
    '42|',
    '|abc',
    '0|' + 'a'.repeat(48),
    '-1|' + 'a'.repeat(48),
    '42|short',
    `42|${'a'.repeat(47)}!`,
    `1234567890123456789|${'a'.repeat(48)}`,
    `42|${'a'.repeat(48)} `,
  ])('rejects %p', (token) => {
    expect(parseBearerToken(token)).toBeNull();
  });

  it('stores only a SHA-256 hex of the secret and compares it', () => {
    const secret = newTokenSecret();
    const hash = hashTokenSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(secretMatchesHash(secret, hash)).toBe(true);
    expect(secretMatchesHash(`${secret.slice(0, -1)}x`, hash)).toBe(secret.endsWith('x'));
    expect(secretMatchesHash(secret, 'ab')).toBe(false);
  });
});
