import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { z } from 'zod';
import { signClaims, verifyClaims } from './signed-claims';

const Claims = z.object({ userId: z.string(), exp: z.number().int() });
const secret = 'a-secret-of-at-least-thirty-two-characters';
const now = 1_000_000;

describe('signed claims', () => {
  it('gives back what was signed, until it expires', () => {
    const token = signClaims(secret, { userId: 'u1', exp: now + 1 });
    expect(verifyClaims(secret, token, Claims, now)).toEqual({ userId: 'u1', exp: now + 1 });
    expect(verifyClaims(secret, token, Claims, now + 1)).toBeUndefined();
  });

  it('refuses another secret, a changed payload, a changed signature and a wrong shape', () => {
    const token = signClaims(secret, { userId: 'u1', exp: now + 1_000 });
    const [payload, signature] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ userId: 'u2', exp: now + 1_000 })).toString('base64url');
    expect(verifyClaims(`${secret}x`, token, Claims, now)).toBeUndefined();
    expect(verifyClaims(secret, `${forgedPayload}.${signature}`, Claims, now)).toBeUndefined();
    expect(verifyClaims(secret, `${payload}.${signature.slice(1)}A`, Claims, now)).toBeUndefined();
    expect(verifyClaims(secret, signClaims(secret, { user: 'u1', exp: now + 1 }), Claims, now)).toBeUndefined();
    expect(verifyClaims(secret, `${token}.extra`, Claims, now)).toBeUndefined();
    expect(verifyClaims(secret, '', Claims, now)).toBeUndefined();
  });

  test.prop([fc.string({ maxLength: 300 })])('refuses any text that was not signed', (text) => {
    expect(verifyClaims(secret, text, Claims, now)).toBeUndefined();
  });
});
