import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a request's address stands for, wherever the service counts what one client does
 * (rate limits, inventory holds; decisions §2): an IPv4 address is itself; an IPv6 address is its
 * /64, since one subscriber is given a whole /64 and can pick any address in it; an IPv4-mapped
 * IPv6 address is its IPv4 address. Anything else (no socket address, an odd value a trusted proxy
 * forwarded) is hashed. The answer is canonical and at most 45 characters long.
 */
export function clientNetwork(address: string): string {
  const text = address.trim().toLowerCase();
  if (isIPv4(text)) return text;
  const withoutZone = text.split('%')[0];
  if (isIPv6(withoutZone)) {
    const groups = ipv6Groups(withoutZone);
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
      return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
    }
    return `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`;
  }
  return `other:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tailStart = text.lastIndexOf(':') + 1;
  const tail = text.slice(tailStart);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((group) => parseInt(group, 16));
}
