import { z } from 'zod';
import { NewPasswordSchema } from './password-policy';

export const changePasswordMessages = {
  current: 'Current password is required',
  wrongCurrent: 'Current password is incorrect',
  mismatch: 'Passwords do not match',
  sameAsOld: 'The new password must be different from the current one',
  success: 'Password updated successfully!',
} as const;

/** PATCH /user/password. The spec's client sends the three values with no checks of its own. */
export const ChangePasswordRequestSchema = z
  .object({
    password: z.string({ error: changePasswordMessages.current }).min(1, changePasswordMessages.current).max(1024),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ error: changePasswordMessages.mismatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: changePasswordMessages.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
