import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a per-address limit counts a client by. An IPv4 address is one client; an IPv6 client is handed a whole
 * /64 (and picks any address in it for each request), so it counts by that prefix. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 client it maps. Anything else is kept as given.
 */
export const clientNetwork = (ip: string): string => {
  const address = ip.split('%')[0].toLowerCase();
  if (isIPv4(address) || !isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
const ipv6Groups = (address: string): number[] => {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined): number[] =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const first = parse(head);
  const last = parse(tail);
  return tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
};
