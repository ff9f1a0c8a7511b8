import { z } from 'zod';
import { BaseConfigSchema, publicUrlConfigFields, withPublicUrl } from '@bookwright/kit';
import { secretKeysSchema } from './domain/secret-keys';

export const WebhooksConfigSchema = BaseConfigSchema.extend({
  /** Where the web app is reachable: the settings link in the mail that says an endpoint was disabled. */
  ...publicUrlConfigFields,
  /** smtp(s)://user:pass@host:port; unset = mails are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Bookwright <no-reply@bookwright.local>'),
  /**
   * The first retry's delay in ms; the whole schedule scales with it (the n-th retry after base × 4^(n-1),
   * ±10 %; 45 s gives about 3 days over 8 attempts). Tests set it to a few ms.
   */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(45_000),
  /**
   * How long a dispatcher holds a delivery it is calling. A dispatcher that dies mid-call (kill -9, a lost
   * machine) leaves its calls to be sent again by any replica once their lease runs out; a shorter lease sends
   * them sooner. It must outlast a call (10 s) and the recording after it, or a slow call would be sent
   * twice at once; the restart test sets it short.
   */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(15_000).default(60_000),
  /** 1: endpoints may be http and reach private, loopback and link-local addresses (development and tests). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * The AES-256-GCM keys that seal the signing secrets at rest (decision 0052): `id:base64key,…`, the first
   * current, the others kept to open what they sealed. Required in production; npm start and npm run
   * start:distributed keep one in DATA_DIR, and the service alone makes one per start.
   */
  WEBHOOK_SECRET_KEYS: secretKeysSchema.optional(),
})
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.WEBHOOK_SECRET_KEYS)
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET_KEYS'],
        message: 'is required in production: the webhook signing secrets are encrypted under it',
      });
  })
  .transform(withPublicUrl);
export type WebhooksConfig = z.output<typeof WebhooksConfigSchema>;
