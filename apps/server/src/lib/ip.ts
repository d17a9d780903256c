import { isIPv4, isIPv6 } from 'node:net';

/** An address without brackets and zone (`[fe80::1%eth0]` → `fe80::1`). */
export const bareAddress = (ip: string) => ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counted as two), or null for anything else. */
export function ipv6Groups(address: string): number[] | null {
  const ip = bareAddress(address);
  if (!isIPv6(ip)) return null;
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/**
 * The IPv4 address an IPv6 address carries and stands for: IPv4-mapped (`::ffff:a.b.c.d`) and
 * IPv4-translated (SIIT, `::ffff:0:a.b.c.d`, RFC 6145), whichever way they are written; else null.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g || g.slice(0, 4).some((x) => x !== 0)) return null;
  const mapped = g[4] === 0 && g[5] === 0xffff;
  const translated = g[4] === 0xffff && g[5] === 0;
  if (!mapped && !translated) return null;
  return [g[6]! >>> 8, g[6]! & 255, g[7]! >>> 8, g[7]! & 255].join('.');
}

export { isIPv4, isIPv6 };
