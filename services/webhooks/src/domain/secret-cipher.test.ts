import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@bookwright/kit';
import { WebhooksConfigSchema } from '../config';
import { SecretCipher, SecretCipherError } from './secret-cipher';
import { newSecretKeysValue, secretKeysSchema } from './secret-keys';
import { newWebhookSecret } from './signing';

const keys = (value: string) => secretKeysSchema.parse(value);
const secret = newWebhookSecret();

describe('SecretCipher', () => {
  it('seals a secret into a value that names its key and holds no whsec_ text, and opens it again', () => {
    const cipher = new SecretCipher(keys(newSecretKeysValue('k1')));
    const sealed = cipher.seal(secret, 'w1');
    expect(sealed).toMatch(/^wsk1:k1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toContain(secret.slice(6));
    expect(cipher.seal(secret, 'w1')).not.toBe(sealed);
    expect(cipher.open(sealed, 'w1')).toBe(secret);
  });

  it('refuses a wrong key, a tampered value, another endpoint and an unknown key id, saying which', () => {
    const sealed = new SecretCipher(keys(newSecretKeysValue('k1'))).seal(secret, 'w1');
    const other = new SecretCipher(keys(newSecretKeysValue('k1')));
    expect(() => other.open(sealed, 'w1')).toThrow(/does not decrypt under key "k1"/);
    const cipher = new SecretCipher(keys(newSecretKeysValue('k1')));
    const good = cipher.seal(secret, 'w1');
    const flipped = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => cipher.open(flipped, 'w1')).toThrow(SecretCipherError);
    expect(() => cipher.open(good, 'w2')).toThrow(/wrong key, or a tampered value/);
    expect(() => cipher.open(good.replace('wsk1:k1:', 'wsk1:k9:'), 'w1')).toThrow(/key "k9", which is not configured/);
    expect(() => cipher.open(secret, 'w1')).toThrow(/not an encrypted value/);
  });

  it('opens under an older key after a rotation and seals new secrets under the new one', () => {
    const before = newSecretKeysValue('k1');
    const sealedBefore = new SecretCipher(keys(before)).seal(secret, 'w1');
    const rotated = new SecretCipher(keys(`${newSecretKeysValue('k2')},${before}`));
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(sealedBefore, 'w1')).toBe(secret);
    const sealedAfter = rotated.seal(secret, 'w1');
    expect(sealedAfter).toMatch(/^wsk1:k2:/);
    const oldOnly = new SecretCipher(keys(before));
    expect(() => oldOnly.open(sealedAfter, 'w1')).toThrow(/key "k2", which is not configured/);
  });
});

describe('WEBHOOK_SECRET_KEYS', () => {
  const key = randomBytes(32).toString('base64');

  it('reads id:key pairs, the first current', () => {
    const config = parseConfig(WebhooksConfigSchema, { WEBHOOK_SECRET_KEYS: `new:${key}, old:${key}` });
    expect(config.WEBHOOK_SECRET_KEYS?.map(({ id }) => id)).toEqual(['new', 'old']);
  });

  it.each([
    ['a short key', `k1:${randomBytes(16).toString('base64')}`],
    ['no id', key],
    ['an id twice', `k1:${key},k1:${key}`],
    ['a bad id', `k 1:${key}`],
  ])('refuses %s', (_, value) => {
    expect(() => parseConfig(WebhooksConfigSchema, { WEBHOOK_SECRET_KEYS: value })).toThrow(/WEBHOOK_SECRET_KEYS/);
  });

  it('is required in production', () => {
    expect(() => parseConfig(WebhooksConfigSchema, { NODE_ENV: 'production', PUBLIC_URL: 'https://x.test' })).toThrow(
      /WEBHOOK_SECRET_KEYS is missing: is required in production/,
    );
  });
});
