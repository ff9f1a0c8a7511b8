import { z } from 'zod';
import { NewPasswordSchema } from './password-policy';
import { EmailFieldSchema, invalidEmailMessage } from '../text-fields';

export const passwordResetMessages = {
  invalidEmail: invalidEmailMessage,
  /** Same answer whether or not the account exists, so the endpoint reveals nothing. */
  linkSent: "If an account exists for this email, we've sent a link to reset your password.",
  tokenRequired: 'The reset link is missing its token. Please request a new one.',
  tokenUnknown: 'This reset link is invalid. Please request a new one.',
  tokenExpired: 'This reset link has expired. Please request a new one.',
  tokenUsed: 'This reset link has already been used. Please request a new one.',
  success: 'Password reset successfully!',
} as const;

/** A reset link is valid for one hour. */
export const passwordResetTtlMs = 60 * 60 * 1000;

/** POST /user/forgot-password */
export const ForgotPasswordRequestSchema = z.object({
  email: EmailFieldSchema,
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** POST /user/reset-password */
export const ResetPasswordRequestSchema = z.object({
  token: z
    .string({ error: passwordResetMessages.tokenRequired })
    .min(1, passwordResetMessages.tokenRequired)
    .max(200, passwordResetMessages.tokenUnknown),
  newPassword: NewPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
