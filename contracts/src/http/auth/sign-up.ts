import { z } from 'zod';
import { UserSchema } from '../../entities/user';
import { EmailFieldSchema, invalidEmailMessage, requiredText } from '../text-fields';
import { NewPasswordSchema } from './password-policy';

export const signUpMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: invalidEmailMessage,
  duplicate: 'An account with this email already exists',
} as const;

/** POST /auth/sign-up (JSON or form-encoded). userName may be sent but is always derived again. */
export const SignUpRequestSchema = z.object({
  firstName: requiredText('First name', signUpMessages.firstName, 100),
  lastName: requiredText('Last name', signUpMessages.lastName, 100),
  email: EmailFieldSchema,
  password: NewPasswordSchema,
  userName: z.string().optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const AuthSuccessSchema = z.object({ msg: z.string(), user: UserSchema });
export type AuthSuccess = z.infer<typeof AuthSuccessSchema>;
