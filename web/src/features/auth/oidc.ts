/**
 * The identity-provider endpoints hosted by the gateway (spec §7: "browser navigation to the identity
 * provider's login and sign-up endpoints hosted by the product"). Sign-up carries the chosen accountType
 * when there is one. The gateway answers with a clear message until a provider is configured.
 */
export const oidcLoginUrl = '/api/v1/auth/oidc/login';
const oidcSignUpBase = '/api/v1/auth/oidc/sign-up';

export function oidcSignUpUrl(accountType: string | null): string {
  return accountType ? `${oidcSignUpBase}?${new URLSearchParams({ accountType }).toString()}` : oidcSignUpBase;
}

export const identityProviderLabel = 'single sign-on';
