import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * A short claim set carried by the client and checked by another process that shares the secret: the
 * collab token (the gateway signs it, every collab replica checks it). `<payload>.<signature>`, both
 * base64url; the payload is JSON, the signature an HMAC-SHA256 over the payload's text. Not encrypted:
 * put nothing secret in it.
 */
export function signClaims(secret: string, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

/**
 * The claims of a token signed with `secret`, checked against `schema` and unexpired at `now` (`exp`,
 * milliseconds since the epoch); undefined for anything else: a forged, altered, malformed or expired
 * token, or one signed with another secret. Expired and invalid are not told apart on purpose: the
 * client's answer to both is a new token.
 */
export function verifyClaims<S extends z.ZodType<{ exp: number }>>(
  secret: string,
  token: string,
  schema: S,
  now: number,
): z.output<S> | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || token.length > 4_096) return undefined;
  const expected = Buffer.from(signatureOf(secret, payload), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const claims = schema.safeParse(parsed);
  return claims.success && claims.data.exp > now ? claims.data : undefined;
}

const signatureOf = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(payload).digest('base64url');
