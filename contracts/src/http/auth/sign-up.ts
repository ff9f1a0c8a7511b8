import { z } from 'zod';
import { UserSchema } from '../../entities/user';
import { NewPasswordSchema } from './password-policy';

export const signUpMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  duplicate: 'An account with this email already exists',
} as const;

const requiredText = (msg: string, max = 100) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, msg)
    .max(max, `${msg.replace(' is required', '')} is too long`);

/** POST /auth/sign-up (JSON or form-encoded). userName may be sent but is always derived again. */
export const SignUpRequestSchema = z.object({
  firstName: requiredText(signUpMessages.firstName),
  lastName: requiredText(signUpMessages.lastName),
  email: z
    .string({ error: signUpMessages.email })
    .trim()
    .max(254, signUpMessages.email)
    .pipe(z.email(signUpMessages.email)),
  password: NewPasswordSchema,
  userName: z.string().optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const AuthSuccessSchema = z.object({ msg: z.string(), user: UserSchema });
export type AuthSuccess = z.infer<typeof AuthSuccessSchema>;
