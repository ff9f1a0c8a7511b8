import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a webhook may never reach (decision 0046): loopback, private, shared (CGNAT),
 * link-local (the cloud metadata address 169.254.169.254 is one), unique-local IPv6 (fd00:ec2::254 is one),
 * multicast, reserved and unspecified, in any spelling: IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4)
 * is judged as the IPv4 address it carries. Decimal and hex IPv4 numbers reach this as dotted quads (the
 * WHATWG URL parser and the resolver normalise them).
 */
const forbiddenIPv4: Array<[number, number, number, number, number]> = [
  [0, 0, 0, 0, 8], // "this network", 0.0.0.0
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10], // shared address space (carrier-grade NAT)
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16], // link-local, cloud metadata
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay anycast
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24],
  [203, 0, 113, 0, 24],
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

function inPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

function forbiddenV4Bytes(bytes: readonly number[]): boolean {
  return forbiddenIPv4.some(([a, b, c, d, bits]) => inPrefix(bytes, [a, b, c, d], bits));
}

/** The 16 bytes of an IPv6 address in any textual form (with :: and an embedded dotted quad). */
export function ipv6Bytes(address: string): number[] {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const v6 = (text: string) => ipv6Bytes(text);
const forbiddenIPv6: Array<[number[], number]> = [
  [v6('::'), 128],
  [v6('::1'), 128],
  [v6('100::'), 64], // discard-only
  [v6('2001:db8::'), 32], // documentation
  [v6('fc00::'), 7], // unique local (fd00:ec2::254 is AWS's metadata address)
  [v6('fe80::'), 10], // link-local
  [v6('fec0::'), 10], // site-local (deprecated)
  [v6('ff00::'), 8], // multicast
];

/** IPv6 forms that carry an IPv4 address, and where it sits. */
const carriesIPv4: Array<[number[], number, number]> = [
  [v6('::ffff:0:0'), 96, 12], // IPv4-mapped
  [v6('::'), 96, 12], // IPv4-compatible (deprecated)
  [v6('64:ff9b::'), 96, 12], // NAT64
  [v6('64:ff9b:1::'), 48, 12], // local NAT64
  [v6('2002::'), 16, 2], // 6to4
];

/** true when a webhook may not be sent to this address (an IP literal; anything else is refused too). */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbiddenV4Bytes(ipv4Bytes(address));
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIPv6(bare)) return true;
  const bytes = ipv6Bytes(bare);
  for (const [prefix, bits, at] of carriesIPv4)
    if (inPrefix(bytes, prefix, bits)) return forbiddenV4Bytes(bytes.slice(at, at + 4));
  return forbiddenIPv6.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}
