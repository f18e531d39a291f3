/**
 * The part of a client address that one party controls, for counters keyed by address: an IPv4
 * address as it is, an IPv6 address as its /64 network (a single host is commonly given a whole
 * /64, so counting single IPv6 addresses would give it 2^64 allowances). Pure: no I/O.
 */
import { isIPv6 } from 'node:net';

/** Hex groups of an IPv6 address written in full (8 groups); an IPv4 tail becomes two groups. */
function groupsOf(address: string): string[] {
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) => {
    const [x, y, z, w] = [a, b, c, d].map(Number) as [number, number, number, number];
    return `${((x << 8) | y).toString(16)}:${((z << 8) | w).toString(16)}`;
  });
  const [head = '', tail] = withoutV4.split('::');
  const headGroups = head ? head.split(':') : [];
  if (tail === undefined) return headGroups;
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups];
}

export function addressGroup(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // an IPv6 zone (`fe80::1%eth0`) is no part of it
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const network = groupsOf(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
