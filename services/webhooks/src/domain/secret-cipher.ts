import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** One AES-256 key of WEBHOOK_SECRET_KEYS: its id travels with every ciphertext made under it. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** What a stored secret looks like: `wsk1:<key id>:<base64url of iv, ciphertext and tag>`. */
const sealedPrefix = 'wsk1';
const ivBytes = 12;
const tagBytes = 16;

/** A stored secret that cannot be opened: unknown key id, wrong key, tampered or not a sealed value at all. */
export class SecretCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretCipherError';
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(`${sealedPrefix}:`);

/**
 * Webhook signing secrets at rest (decision 0052): AES-256-GCM under the first key, opened with whichever key
 * the ciphertext names, so older keys keep decrypting after a rotation. The endpoint's id is the additional
 * data: a ciphertext copied onto another endpoint's row does not open there.
 */
export class SecretCipher {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new Error('a secret cipher needs at least one key');
    this.byId = new Map(keys.map(({ id, key }) => [id, key]));
  }

  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  seal(secret: string, webhookId: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(webhookId, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${sealedPrefix}:${id}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  open(stored: string, webhookId: string): string {
    const [prefix, keyId, payload, extra] = stored.split(':');
    if (prefix !== sealedPrefix || !keyId || !payload || extra !== undefined)
      throw new SecretCipherError('the stored webhook secret is not an encrypted value');
    const key = this.byId.get(keyId);
    if (!key)
      throw new SecretCipherError(`the webhook secret was encrypted under key "${keyId}", which is not configured`);
    const raw = Buffer.from(payload, 'base64url');
    if (raw.length < ivBytes + tagBytes + 1) throw new SecretCipherError('the stored webhook secret is truncated');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes))
        .setAAD(Buffer.from(webhookId, 'utf8'))
        .setAuthTag(raw.subarray(raw.length - tagBytes));
      return Buffer.concat([decipher.update(raw.subarray(ivBytes, raw.length - tagBytes)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretCipherError(
        `the webhook secret does not decrypt under key "${keyId}" (a wrong key, or a tampered value)`,
      );
    }
  }
}
