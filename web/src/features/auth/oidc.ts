/**
 * The identity-provider endpoint hosted by the gateway (spec §7: "browser navigation to the identity
 * provider's login and sign-up endpoints hosted by the product"). From the signup page it carries the
 * chosen accountType, so checkout follows the first sign-in.
 */
const oidcLoginBase = '/api/v1/auth/oidc/login';

export function oidcLoginUrl(accountType?: string | null): string {
  return accountType ? `${oidcLoginBase}?${new URLSearchParams({ accountType }).toString()}` : oidcLoginBase;
}
