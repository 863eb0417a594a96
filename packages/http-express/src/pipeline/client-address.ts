import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client is counted by (issue 26, point 3). IPv4: the address itself (an IPv4-mapped IPv6
 * address, `::ffff:192.0.2.1`, is that IPv4 address). IPv6: its /64 network (`2001:db8:1:2::/64`), the
 * smallest block a provider hands one subscriber, who holds 2^64 addresses and could otherwise spend a
 * fresh one per request.
 */
export function countedAddress(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not a host
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
