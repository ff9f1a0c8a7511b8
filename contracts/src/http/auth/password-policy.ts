import { z } from 'zod';
import { tooLongMessage } from '../text-fields';

export const passwordPolicy = { minLength: 8, maxLength: 256 } as const;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${passwordPolicy.minLength} characters long`,
  tooLong: tooLongMessage('Password', passwordPolicy.maxLength),
  tooCommon: 'This password is too common. Please choose a less common one',
} as const;

/** Length rules only: the common-password check needs the list, which lives in the user service. */
export const NewPasswordSchema = z
  .string({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(passwordPolicy.minLength, passwordMessages.tooShort)
  .max(passwordPolicy.maxLength, passwordMessages.tooLong);
