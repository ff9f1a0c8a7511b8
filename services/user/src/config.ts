import { z } from 'zod';
import { BaseConfigSchema, publicUrlConfigFields, withPublicUrl } from '@bookwright/kit';

export const UserConfigSchema = BaseConfigSchema.extend({
  /** Where the web app is reachable by users: the base of links in mails (default from the app's PORT). */
  ...publicUrlConfigFields,
  /** smtp(s)://user:pass@host:port; unset = mails are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Bookwright <no-reply@bookwright.local>'),
  /** Where Enterprise enquiries (the "Contact sales" form) are mailed. */
  SALES_EMAIL: z.email().default('sales@bookwright.app'),
  /**
   * The HMAC-SHA256 key under which API tokens are stored (decision 0045), at least 32 characters. Required
   * in production; elsewhere one is made per start when it is unset, so tokens made before a restart stop
   * working (as with COLLAB_TOKEN_SECRET, `npm start` needs nothing set).
   */
  API_TOKEN_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
})
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.API_TOKEN_HASH_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['API_TOKEN_HASH_SECRET'],
        message: 'is required in production: API tokens are stored as HMACs under it',
      });
  })
  .transform(withPublicUrl);
export type UserConfig = z.output<typeof UserConfigSchema>;
