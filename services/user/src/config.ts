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
}).transform(withPublicUrl);
export type UserConfig = z.output<typeof UserConfigSchema>;
