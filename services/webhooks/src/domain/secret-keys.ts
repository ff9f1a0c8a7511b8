import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SecretKey } from './secret-cipher';

const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * WEBHOOK_SECRET_KEYS: `id:base64key` pairs, comma-separated, the first one current (new secrets are sealed
 * under it) and the others only for opening what was sealed before a key rotation. Keys are 32 bytes.
 */
export const secretKeysSchema = z.string().transform((value, ctx): SecretKey[] => {
  const keys: SecretKey[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [id, encoded, extra] = entry.split(':');
    const key = encoded ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    if (!id || !keyIdPattern.test(id) || extra !== undefined || key.length !== 32) {
      ctx.addIssue({
        code: 'custom',
        message: 'comma-separated id:key pairs, the id letters, digits, _ or -, the key 32 bytes in base64',
      });
      return z.NEVER;
    }
    if (keys.some((known) => known.id === id)) {
      ctx.addIssue({ code: 'custom', message: `the key id "${id}" is given twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  return keys;
});

/** A fresh WEBHOOK_SECRET_KEYS value with one key: what an operator sets, and what embedded mode keeps. */
export const newSecretKeysValue = (id = 'k1'): string => `${id}:${randomBytes(32).toString('base64')}`;
