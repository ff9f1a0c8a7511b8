import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { MailSettingsSchema, UserProfileSchema } from '../../entities/user';

export const updateMailSettingsRequest = defineRequest({
  name: 'user.mail-settings.update',
  version: 1,
  request: z.object({ userId: z.string(), settings: MailSettingsSchema }),
  response: UserProfileSchema,
  description: 'PATCH /user/{id}/mail-settings: which mails the account gets (comment mail).',
});
