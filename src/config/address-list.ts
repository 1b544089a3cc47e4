import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { ValidateBy } from 'class-validator';

/**
 * A comma-separated list of IP addresses and CIDR networks, IPv4 or IPv6 (`127.0.0.0/8, ::1`), as
 * METRICS_ALLOW takes it. Answers the problems instead when an entry is not one.
 */
export function parseAddressList(text: string): { list: BlockList; problems: string[] } {
  const list = new BlockList();
  const problems: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    const [address, prefix, ...rest] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) && !address.includes('%') ? 'ipv6' : null;
    const bits = type === 'ipv4' ? 32 : 128;
    if (!type || rest.length > 0 || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      problems.push(`"${entry}" is not an IP address or a CIDR network such as 10.0.0.0/8`);
    } else if (prefix === undefined) {
      list.addAddress(address, type);
    } else {
      list.addSubnet(address, Number(prefix), type);
    }
  }
  return { list, problems };
}

/**
 * Whether a client address (Express `req.ip`) is in the list. An IPv4-mapped IPv6 address counts as
 * its IPv4 address; anything that is not an IP address (no socket address, an odd forwarded value)
 * is not in it.
 */
export function isAddressInList(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const candidate = mapped ?? address;
  if (isIPv4(candidate)) return list.check(candidate, 'ipv4');
  if (!isIPv6(candidate) || candidate.includes('%')) return false;
  return list.check(candidate, 'ipv6');
}

/** class-validator: the value is an address list `parseAddressList` accepts. */
export function IsAddressList(): PropertyDecorator {
  return ValidateBy({
    name: 'isAddressList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseAddressList(value).problems.length === 0,
      defaultMessage: (args) => {
        const value = args?.value;
        const problems = typeof value === 'string' ? parseAddressList(value).problems : ['not text'];
        return `${args?.property} must be a comma-separated list of IP addresses or CIDR networks: ${problems.join('; ')}`;
      },
    },
  });
}
