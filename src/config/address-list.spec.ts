import { isAddressInList, parseAddressList } from './address-list';
import { validateEnv } from './validate-env';

const base = { APP_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };

describe('address lists (METRICS_ALLOW)', () => {
  it('matches addresses and networks, IPv4 and IPv6; an IPv4-mapped address as its IPv4 address', () => {
    const { list, problems } = parseAddressList('127.0.0.0/8, ::1, 10.1.2.3, 2001:db8::/32');
    expect(problems).toEqual([]);
    expect(isAddressInList(list, '127.0.0.1')).toBe(true);
    expect(isAddressInList(list, '127.255.0.9')).toBe(true);
    expect(isAddressInList(list, '::ffff:127.0.0.1')).toBe(true);
    expect(isAddressInList(list, '::1')).toBe(true);
    expect(isAddressInList(list, '10.1.2.3')).toBe(true);
    expect(isAddressInList(list, '2001:db8:1::7')).toBe(true);
    expect(isAddressInList(list, '10.1.2.4')).toBe(false);
    expect(isAddressInList(list, '128.0.0.1')).toBe(false);
    expect(isAddressInList(list, '2001:db9::1')).toBe(false);
  });

  it('never matches what is not an IP address', () => {
    const { list } = parseAddressList('0.0.0.0/0, ::/0');
    for (const odd of [undefined, '', 'unknown', 'localhost', '127.0.0.1, 10.0.0.1', 'fe80::1%eth0']) {
      expect(isAddressInList(list, odd)).toBe(false);
    }
  });

  it.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.0/', '10.0.0.0/-1', '*', '127.0.0.1,,::1'])(
    'stops start-up on METRICS_ALLOW=%s, naming it',
    (value) => {
      expect(() => validateEnv({ ...base, METRICS_ALLOW: value })).toThrow(/METRICS_ALLOW must be a comma-separated list/);
    },
  );

  it('defaults to loopback, with metrics off', () => {
    const env = validateEnv(base);
    expect(env.METRICS_ENABLED).toBe(false);
    expect(env.METRICS_ALLOW).toBe('127.0.0.0/8,::1');
    expect(validateEnv({ ...base, METRICS_ENABLED: 'true' }).METRICS_ENABLED).toBe(true);
    expect(() => validateEnv({ ...base, METRICS_ENABLED: 'sometimes' })).toThrow(/METRICS_ENABLED/);
  });
});
