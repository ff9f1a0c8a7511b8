import { z } from 'zod';
import { signUpMessages, SignUpRequestSchema } from '../auth/sign-up';
import { changePasswordMessages } from '../auth/change-password';

export const accountMessages = {
  updated: 'Account updated successfully!',
  updateFailed: 'Error while updating account. Please try again',
  emailTaken: signUpMessages.duplicate,
  userNameTaken: 'This username is already taken',
  userName: 'Username is required',
  userNameFormat: 'A username may contain only letters, digits, dots, hyphens and underscores',
  passwordForEmail: 'Enter your current password to change your email',
  wrongPassword: changePasswordMessages.wrongCurrent,
  deleteConfirmation: 'Enter your password to delete your account',
  deleteEmailMismatch: 'The email does not match your account',
  deleted: 'Your account has been deleted',
  mailSettingsSaved: 'Mail settings saved',
} as const;

/**
 * PATCH /user/{id} (multipart; the optional `image` file travels beside these fields). `password` is the
 * current password, needed only when the email changes.
 */
export const UpdateAccountRequestSchema = z.object({
  firstName: SignUpRequestSchema.shape.firstName,
  lastName: SignUpRequestSchema.shape.lastName,
  email: SignUpRequestSchema.shape.email,
  userName: z
    .string({ error: accountMessages.userName })
    .trim()
    .min(1, accountMessages.userName)
    .max(60, 'Username is too long')
    .regex(/^[\p{L}\p{N}._-]+$/u, accountMessages.userNameFormat),
  password: z.string().max(1024).optional(),
});
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequestSchema>;

/**
 * DELETE /user/{id}: the current password, or for an account without one (provider sign-in) the
 * account's email typed again.
 */
export const DeleteAccountRequestSchema = z.union(
  [z.object({ password: z.string().min(1).max(1024) }), z.object({ email: z.string().trim().min(1).max(254) })],
  { error: accountMessages.deleteConfirmation },
);
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** Where the gateway serves an avatar (owner only); `avatar` on the User holds this URL. */
export const avatarImageUrl = (userId: string, avatarId: string): string => `/api/v1/user/${userId}/avatar/${avatarId}`;

/** Blob key of an avatar; every avatar of a user lives under `avatarBlobPrefix`. */
export const avatarBlobPrefix = (userId: string): string => `avatars/${userId}`;
export const avatarBlobKey = (userId: string, avatarId: string): string => `${avatarBlobPrefix(userId)}/${avatarId}`;

/** Avatars are stored square, this many pixels wide. */
export const avatarSizePx = 256;
