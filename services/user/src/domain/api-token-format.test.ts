import { describe, expect, it } from 'vitest';
import { apiTokenHash, isWellFormedApiToken, newApiToken, sameHash } from './api-token-format';

describe('API token format', () => {
  it('is bw_pat_, 30 random base62 characters and a 6-character checksum', () => {
    const token = newApiToken();
    expect(token).toMatch(/^bw_pat_[0-9A-Za-z]{36}$/);
    expect(isWellFormedApiToken(token)).toBe(true);
    expect(newApiToken()).not.toBe(token);
  });

  it('refuses a token whose checksum does not agree, or of another shape', () => {
    const token = newApiToken();
    const last = token.at(-1)!;
    expect(isWellFormedApiToken(token.slice(0, -1) + (last === 'a' ? 'b' : 'a'))).toBe(false);
    const first = token[7]!;
    expect(isWellFormedApiToken(token.slice(0, 7) + (first === 'a' ? 'b' : 'a') + token.slice(8))).toBe(false);
    expect(isWellFormedApiToken(token.slice(1))).toBe(false);
    expect(isWellFormedApiToken(`${token}x`)).toBe(false);
    expect(isWellFormedApiToken('')).toBe(false);
  });

  it('is stored as a keyed hash that depends on the secret', () => {
    const token = newApiToken();
    const a = apiTokenHash(token, 'secret-one-secret-one-secret-one-1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(apiTokenHash(token, 'secret-two-secret-two-secret-two-2'));
    expect(sameHash(a, apiTokenHash(token, 'secret-one-secret-one-secret-one-1'))).toBe(true);
    expect(sameHash(a, a.slice(1))).toBe(false);
  });
});
