import { parseRate, parseTrustProxy, validateEnv } from './env.validation';

const base = { APP_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };

describe('validateEnv', () => {
  it('applies defaults and converts types', () => {
    const env = validateEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.APP_ROLE).toBe('all');
    expect(env.MIGRATIONS_RUN).toBe(true);
    expect(env.THROTTLE_API).toBe('60/60');
  });

  it('treats an empty value as unset', () => {
    expect(validateEnv({ ...base, PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ DATABASE_URL: undefined }, 'DATABASE_URL'],
    [{ APP_KEY: 'short' }, 'APP_KEY'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ APP_ROLE: 'both' }, 'APP_ROLE'],
    [{ THROTTLE_API: '60 per minute' }, 'THROTTLE_API'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
  ])('stops start-up naming the bad variable (%o)', (override, name) => {
    expect(() => validateEnv({ ...base, ...override })).toThrow(new RegExp(name));
  });

  it('parses rates and proxy trust', () => {
    expect(parseRate('5/3600')).toEqual({ limit: 5, seconds: 3600 });
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toBe('loopback');
  });
});
