import type * as Oidc from 'openid-client';
import type { IdentityClaims, IdentityProviderError, PaidAccountTypeSchema } from '@bookwright/contracts/http';
import type { z } from 'zod';
import { isLoopback, type OidcSettings } from '../config';
import { attemptTtlMs, sameValue, type SignInAttempt } from './attempt-cookie';

/** A sign-in that cannot finish, with the code the login page explains. */
export class SignInFailure extends Error {
  constructor(
    readonly code: IdentityProviderError,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'SignInFailure';
  }
}

// openid-client is loaded by the first sign-in through a provider: a gateway without OIDC settings never
// loads it, and one with them starts no slower.
let openidClient: Promise<typeof Oidc> | undefined;
const loadOpenidClient = () => (openidClient ??= import('openid-client'));

export interface IdentityProvider {
  readonly name: string;
  /** Where to send the browser, and the attempt to keep in it. Fails with oidc_unavailable. */
  begin(accountType: z.infer<typeof PaidAccountTypeSchema> | undefined): Promise<{ url: URL; attempt: SignInAttempt }>;
  /** Checks the callback against the attempt, redeems the code and returns the ID token's identity. */
  finish(callbackUrl: URL, attempt: SignInAttempt): Promise<IdentityClaims>;
}

/**
 * OpenID Connect with openid-client: authorization code flow with PKCE (S256), state and nonce. The
 * provider's metadata is discovered on first use and kept; a failed discovery is retried on the next
 * sign-in, so a provider that was down at start-up does not stay broken.
 */
export function identityProvider(settings: OidcSettings, options: { redirectUri: string; timeoutMs: number }) {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<Oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= loadOpenidClient()
      .then((oidc) =>
        oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
          // The configuration check only lets plain http through for a provider on this machine.
          ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname)
            ? { execute: [oidc.allowInsecureRequests] }
            : {}),
          timeout: Math.ceil(options.timeoutMs / 1000),
        }),
      )
      .then((config) => {
        config.timeout = Math.ceil(options.timeoutMs / 1000);
        return config;
      });
    return discovered.catch((error: unknown) => {
      discovered = undefined;
      throw new SignInFailure('oidc_unavailable', { cause: error });
    });
  };

  const provider: IdentityProvider = {
    name: settings.name,
    async begin(accountType) {
      const config = await configuration();
      const oidc = await loadOpenidClient();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const attempt: SignInAttempt = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        ...(accountType ? { accountType } : {}),
        expiresAt: Date.now() + attemptTtlMs,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
      return { url, attempt };
    },

    async finish(callbackUrl, attempt) {
      const params = callbackUrl.searchParams;
      const error = params.get('error');
      if (error) throw new SignInFailure(error === 'access_denied' ? 'oidc_denied' : 'oidc_rejected');
      if (!sameValue(params.get('state') ?? '', attempt.state)) throw new SignInFailure('oidc_state');
      const config = await configuration();
      const oidc = await loadOpenidClient();
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(
          config,
          callbackUrl,
          {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: attempt.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          },
          { redirect_uri: options.redirectUri },
        );
      } catch (cause) {
        throw new SignInFailure(unreachable(cause, oidc) ? 'oidc_unavailable' : 'oidc_rejected', { cause });
      }
      const claims = tokens.claims();
      if (!claims) throw new SignInFailure('oidc_rejected');
      return identityOf(config.serverMetadata().issuer, claims);
    },
  };
  return provider;
}

/** Network failures and timeouts, and a provider answering with a server error. */
function unreachable(error: unknown, oidc: typeof Oidc): boolean {
  if (error instanceof TypeError) return true;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true;
  const cause = error instanceof oidc.ClientError ? error.cause : undefined;
  return cause instanceof Response && cause.status >= 500;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The account's names come from given_name/family_name, else from name, else from the email. */
export function identityOf(issuer: string, claims: Oidc.IDToken): IdentityClaims {
  const email = text(claims.email);
  if (!email) throw new SignInFailure('oidc_no_email');
  const [firstOfName, ...restOfName] = (text(claims.name) ?? '').split(/\s+/);
  const firstName = text(claims.given_name) ?? (firstOfName || email.split('@')[0] || email);
  const lastName = text(claims.family_name) ?? restOfName.join(' ');
  return {
    issuer,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    firstName: firstName.slice(0, 100),
    lastName: lastName.slice(0, 100),
  };
}
