import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, ipv6Bytes } from './target-address';

/** An IP as a webhook URL's host normalises it (decimal, hex, octal and bracketed forms). */
const hostOf = (host: string) => new URL(`https://${host}/`).hostname;

describe('the addresses a webhook may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254', // AWS metadata over IPv6
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '::127.0.0.1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::',
  ])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['2852039166', '169.254.169.254'],
  ])('refuses the host %s, which a URL reads as %s', (host, normalised) => {
    expect(hostOf(host)).toBe(normalised);
    expect(isForbiddenAddress(hostOf(host))).toBe(true);
  });

  it('refuses what is not an address at all', () => {
    expect(isForbiddenAddress('localhost')).toBe(true);
    expect(isForbiddenAddress('')).toBe(true);
  });

  it('reads every IPv6 spelling of an address as the same bytes', () => {
    expect(ipv6Bytes('::ffff:127.0.0.1')).toEqual(ipv6Bytes('0:0:0:0:0:ffff:7f00:0001'));
    expect(ipv6Bytes('fe80::1%eth0')).toEqual(ipv6Bytes('fe80:0:0:0:0:0:0:1'));
  });

  const octet = fc.integer({ min: 0, max: 255 });
  const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;

  it('refuses every address in the private, loopback and link-local ranges, in every spelling', () => {
    const privateV4 = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(10, b, c, d)),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(127, b, c, d)),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => v4(172, b, c, d)),
      fc.tuple(octet, octet).map(([c, d]) => v4(192, 168, c, d)),
      fc.tuple(octet, octet).map(([c, d]) => v4(169, 254, c, d)),
    );
    fc.assert(
      fc.property(privateV4, (address) => {
        const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
        const decimal = String((((a << 24) >>> 0) + (b << 16) + (c << 8) + d) >>> 0);
        const hex = `0x${((((a << 24) >>> 0) + (b << 16) + (c << 8) + d) >>> 0).toString(16)}`;
        const mapped = `::ffff:${address}`;
        return [address, mapped, hostOf(decimal), hostOf(hex), hostOf(`[${mapped}]`)].every(isForbiddenAddress);
      }),
    );
  });

  it('refuses every link-local and unique-local IPv6 address', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(
        fc.integer({ min: 0xfc00, max: 0xfdff }),
        fc.array(group, { minLength: 7, maxLength: 7 }),
        (first, rest) => isForbiddenAddress([first.toString(16), ...rest].join(':')),
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0xfe80, max: 0xfebf }), group, (first, last) =>
        isForbiddenAddress(`${first.toString(16)}::${last}`),
      ),
    );
  });
});
