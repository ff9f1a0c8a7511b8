import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PaidAccountTypeSchema } from '@bookwright/contracts/http';

/**
 * One sign-in attempt (state, nonce, PKCE verifier and the plan the signup page carried), kept in the
 * browser that started it as an HttpOnly cookie sealed with AES-256-GCM: it cannot be read or forged, so
 * a callback only succeeds in the browser that began the attempt, and every gateway replica can open it.
 */
const AttemptSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  accountType: PaidAccountTypeSchema.optional(),
  /** An invitation the person was accepting when they chose the identity provider. */
  invite: z.string().optional(),
  expiresAt: z.number(),
});
export type SignInAttempt = z.infer<typeof AttemptSchema>;

export const attemptCookieName = 'oidc_attempt';
/** Long enough to type a password and pass a second factor at the provider. */
export const attemptTtlMs = 10 * 60 * 1000;

export interface AttemptSealer {
  seal(attempt: SignInAttempt): string;
  /** undefined when the cookie is missing, tampered with, sealed with another key or expired. */
  open(sealed: string | undefined, now: number): SignInAttempt | undefined;
}

/** The key comes from the client secret, which only this deployment and the provider know. */
export function attemptSealer(clientSecret: string): AttemptSealer {
  const key = Buffer.from(hkdfSync('sha256', clientSecret, 'bookwright', 'oidc sign-in attempt cookie', 32));
  return {
    seal(attempt) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(attempt), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed, now) {
      const [iv, tag, body, ...rest] = (sealed ?? '').split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body || rest.length > 0 || iv.length !== 12 || tag.length !== 16) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        const attempt = AttemptSchema.parse(JSON.parse(json));
        return attempt.expiresAt > now ? attempt : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
