import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('answers the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:db8:a:b::/64';
    expect(clientNetwork('2001:db8:a:b::1')).toBe(network);
    expect(clientNetwork('2001:0DB8:000A:000B:1234:5678:9abc:def0')).toBe(network);
    expect(clientNetwork('2001:db8:a:b:ffff::')).toBe(network);
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8:a:c::1')).not.toBe(network);
  });

  it('answers the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetwork('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('hashes anything else into a short value', () => {
    const odd = clientNetwork('x'.repeat(10_000));
    expect(odd).toMatch(/^other:[0-9a-f]{32}$/);
    expect(clientNetwork('unknown')).toMatch(/^other:/);
    expect(clientNetwork('unknown')).not.toBe(odd);
  });
});
