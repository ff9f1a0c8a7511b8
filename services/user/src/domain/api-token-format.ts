import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { apiTokenPrefix } from '@bookwright/contracts/http';

/**
 * The shape of a personal API token (decision 0045): `bw_pat_`, 30 random base62 characters (about 178
 * bits), then the CRC32 of those 30 as 6 base62 characters. The prefix lets secret scanners find one, and
 * the checksum lets them (and us, before any database read) tell a real token from a look-alike offline,
 * as GitHub's tokens do. The checksum is not a secret and protects nothing: the random part does.
 */
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomLength = 30;
const checksumLength = 6;
const tokenPattern = new RegExp(`^${apiTokenPrefix}[0-9A-Za-z]{${randomLength + checksumLength}}$`);

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

function checksumOf(random: string): string {
  let value = crc32(random);
  let out = '';
  for (let i = 0; i < checksumLength; i++) {
    out = alphabet[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function newApiToken(): string {
  const random = randomBase62(randomLength);
  return `${apiTokenPrefix}${random}${checksumOf(random)}`;
}

/** Whether it has the shape and a checksum that agrees: a cheap, offline test, before any lookup. */
export function isWellFormedApiToken(token: string): boolean {
  if (!tokenPattern.test(token)) return false;
  const body = token.slice(apiTokenPrefix.length);
  return checksumOf(body.slice(0, randomLength)) === body.slice(randomLength);
}

/** HMAC-SHA256 under the server's secret: a leaked table cannot be checked against guesses without it. */
export function apiTokenHash(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
