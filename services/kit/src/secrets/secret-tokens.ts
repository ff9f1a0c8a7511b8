import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session ids, password-reset tokens, invitation links. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored hashed; sha256 is enough because the input already has 256 bits of entropy. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
