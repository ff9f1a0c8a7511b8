import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@bookwright/contracts/http';

/** A new signing secret: whsec_ and 32 random bytes in base64 (Standard Webhooks' format). */
export function newWebhookSecret(): string {
  return webhookSecretPrefix + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(webhookSecretPrefix) ? secret.slice(webhookSecretPrefix.length) : secret,
    'base64',
  );
}

/** `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's key. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The Standard Webhooks headers (a type alias, so it passes as a Record<string, string>). */
export type SignedHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };

/**
 * The three Standard Webhooks headers. Every secret given signs (space-separated): the new and the old one
 * during the 24 hours after a rotation, so a receiver that still has the old secret keeps verifying.
 */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(' '),
  };
}
