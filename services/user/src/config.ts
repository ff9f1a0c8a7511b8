import { z } from 'zod';
import { BaseConfigSchema } from '@bookwright/kit';

export const UserConfigSchema = BaseConfigSchema.extend({
  /** Where the web app is reachable by users: the base of links in mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** smtp(s)://user:pass@host:port; unset = mails are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Bookwright <no-reply@bookwright.local>'),
});
export type UserConfig = z.output<typeof UserConfigSchema>;
