import { z } from 'zod';
import { PaidAccountTypeSchema } from '../../constants/plan-schemas';

/** GET /auth/providers (public): which identity provider the 'Continue with …' button offers, if any. */
export const AuthProvidersResponseSchema = z.object({
  data: z.object({ oidc: z.object({ name: z.string() }).nullable() }),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/** GET /auth/oidc/login: the signup page passes the plan it was opened with, so checkout can follow. */
export const OidcLoginQuerySchema = z.object({
  accountType: PaidAccountTypeSchema.optional(),
  invite: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe('An invitation token (/invite/{token}) to go back to, and accept, once signed in'),
});

/** The callback's query as the provider sends it; openid-client checks the values themselves. */
export const OidcCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const identityProviderMessages = {
  notConfigured: 'Sign-in with an identity provider is not configured. Please use your email and password.',
} as const;

/**
 * Why a sign-in through the identity provider did not finish. The gateway ends every failed callback on
 * `/login?error=<code>`; the login page shows the text of the code in its red box.
 */
export const identityProviderErrors = {
  oidc_expired: 'Your sign-in attempt expired or was already used. Please try again.',
  oidc_state: 'The sign-in response did not match the attempt started in this browser. Please try again.',
  oidc_denied: 'Sign-in was cancelled at the identity provider.',
  oidc_unavailable: 'The identity provider cannot be reached right now. Please try again later.',
  oidc_rejected: 'The identity provider refused the sign-in. Please try again.',
  oidc_failed: 'Sign-in with the identity provider did not finish. Please try again.',
  oidc_no_email: 'The identity provider did not share your email address, so no account can be opened.',
  oidc_unverified_email:
    'Your identity provider has not verified this email address. Verify it there, or use your email and password instead.',
} as const;
export type IdentityProviderError = keyof typeof identityProviderErrors;

export function identityProviderErrorText(code: string | null): string | undefined {
  return code && Object.hasOwn(identityProviderErrors, code)
    ? identityProviderErrors[code as IdentityProviderError]
    : undefined;
}

/**
 * What the gateway hands the user service after checking the ID token: the provider's identity of the user
 * (issuer + subject) and the claims an account is made from.
 */
export const IdentityClaimsSchema = z.object({
  issuer: z.string().min(1),
  subject: z.string().min(1),
  email: z.string().trim().max(254).pipe(z.email()),
  emailVerified: z.boolean(),
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
});
export type IdentityClaims = z.infer<typeof IdentityClaimsSchema>;
