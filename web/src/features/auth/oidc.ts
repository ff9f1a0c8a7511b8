/**
 * The identity-provider endpoint hosted by the gateway (spec §7: "browser navigation to the identity
 * provider's login and sign-up endpoints hosted by the product"). From the signup page it carries the
 * chosen accountType, so checkout follows the first sign-in; from an invitation, its token, so the sign-in
 * comes back to the invitation and accepts it.
 */
const oidcLoginBase = '/api/v1/auth/oidc/login';

export function oidcLoginUrl(accountType?: string | null, invite?: string | null): string {
  const query = new URLSearchParams({ ...(accountType ? { accountType } : {}), ...(invite ? { invite } : {}) });
  return query.size > 0 ? `${oidcLoginBase}?${query.toString()}` : oidcLoginBase;
}
