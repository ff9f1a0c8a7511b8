import { z } from 'zod';

export const loginMessages = {
  email: 'Email is required',
  password: 'Password is required',
  invalidCredentials: 'Invalid email or password',
} as const;

/** POST /auth/login (JSON or form-encoded). */
export const LoginRequestSchema = z.object({
  email: z
    .string({ error: loginMessages.email })
    .trim()
    .min(1, loginMessages.email)
    .max(254, loginMessages.invalidCredentials),
  password: z
    .string({ error: loginMessages.password })
    .min(1, loginMessages.password)
    .max(1024, loginMessages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
