import { describe, expect, it } from 'vitest';
import { attemptSealer, type SignInAttempt } from './attempt-cookie';

const attempt: SignInAttempt = {
  state: 'state-value',
  nonce: 'nonce-value',
  codeVerifier: 'verifier-value',
  accountType: 'starter',
  expiresAt: 2_000,
};

describe('sign-in attempt cookie', () => {
  const sealer = attemptSealer('client-secret');

  it('opens what it sealed, until it expires', () => {
    const sealed = sealer.seal(attempt);
    expect(sealed).not.toContain('verifier-value');
    expect(sealer.open(sealed, 1_999)).toEqual(attempt);
    expect(sealer.open(sealed, 2_000)).toBeUndefined();
  });

  it('refuses a cookie changed in any byte, sealed with another key, or not a cookie of ours', () => {
    const sealed = sealer.seal(attempt);
    const [iv, tag, body] = sealed.split('.') as [string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const forged of [
      `${flip(iv)}.${tag}.${body}`,
      `${iv}.${flip(tag)}.${body}`,
      `${iv}.${tag}.${flip(body)}`,
      attemptSealer('another-secret').seal(attempt),
      '',
      'a.b.c',
      `${sealed}.extra`,
    ])
      expect(sealer.open(forged, 0)).toBeUndefined();
    expect(sealer.open(undefined, 0)).toBeUndefined();
  });
});
