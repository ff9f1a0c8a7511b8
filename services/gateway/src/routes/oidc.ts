import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  AuthProvidersResponseSchema,
  hasPlan,
  identityProviderMessages,
  MessageSchema,
  OidcLoginQuerySchema,
  type IdentityProviderError,
  type UserProfile,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { oidcSettings } from '../config';
import { cookiesAreSecure } from '../security/cookies';
import { attemptCookieName, attemptSealer, attemptTtlMs, type SignInAttempt } from '../oidc/attempt-cookie';
import { identityProvider, SignInFailure } from '../oidc/identity-provider';
import { withBilling } from './current-user';
import { routePresets } from '../security/route-presets';
import type { RouteDeps } from './route-deps';

export const oidcCallbackPath = '/api/v1/auth/oidc/callback';

const listAuthProvidersSchema = {
  operationId: 'listAuthProviders',
  tags: ['auth'],
  summary: 'The identity provider offered on the login and signup pages, if any',
  response: { 200: AuthProvidersResponseSchema },
};

const startOidcLoginSchema = {
  operationId: 'startOidcLogin',
  tags: ['auth'],
  summary:
    'Start sign-in at the identity provider (redirects there); ?accountType=starter|professional from the signup page',
  response: { 404: MessageSchema },
};

const finishOidcLoginSchema = {
  operationId: 'finishOidcLogin',
  tags: ['auth'],
  summary: 'Where the identity provider sends the browser back: signs in and redirects into the app',
  response: { 404: MessageSchema },
};

/**
 * GET /auth/providers, GET /auth/oidc/login and GET /auth/oidc/callback: sign-in with an OpenID Connect
 * provider. The browser navigates through these, so every failure ends on the login page with a readable
 * reason (`/login?error=<code>`), never on JSON.
 */
export function oidcRoutes(deps: RouteDeps) {
  const { bus, ask, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  const { authThrottled } = routePresets(deps);
  const settings = oidcSettings(config);
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const provider = settings
    ? identityProvider(settings, { redirectUri: `${publicUrl}${oidcCallbackPath}`, timeoutMs })
    : undefined;
  const sealer = settings ? attemptSealer(settings.clientSecret) : undefined;
  const attemptCookie = {
    path: '/api/v1/auth/oidc',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesAreSecure(config.PUBLIC_URL),
  } as const;
  const failed = (reply: FastifyReply, code: IdentityProviderError) =>
    reply.redirect(`/login?${new URLSearchParams({ error: code }).toString()}`, 303);
  const notConfigured = () => new AppError(404, identityProviderMessages.notConfigured);

  const landingFor = landingAfterSignIn(bus, timeoutMs);

  async function listAuthProviders() {
    return { data: { oidc: provider ? { name: provider.name } : null } };
  }

  async function startOidcLogin(request: FastifyRequest, reply: FastifyReply) {
    if (!provider || !sealer) throw notConfigured();
    // A plan the signup page did not offer is ignored rather than refused: the sign-in itself is fine.
    const query = OidcLoginQuerySchema.safeParse(request.query).data;
    const accountType = query?.accountType;
    try {
      const begun = await provider.begin(accountType);
      const { url } = begun;
      // The invitation rides in the sealed attempt: the callback goes back to it, which then accepts it.
      const attempt = query?.invite ? { ...begun.attempt, invite: query.invite } : begun.attempt;
      reply.setCookie(attemptCookieName, sealer.seal(attempt), { ...attemptCookie, maxAge: attemptTtlMs / 1000 });
      return reply.redirect(url.href, 303);
    } catch (error) {
      if (!(error instanceof SignInFailure)) throw error;
      request.log.warn({ err: error.cause ?? error }, 'identity provider unavailable');
      return failed(reply, error.code);
    }
  }

  async function finishOidcLogin(request: FastifyRequest, reply: FastifyReply) {
    if (!provider || !sealer) throw notConfigured();
    // Single use: whatever happens next, this browser's attempt is over.
    const attempt = sealer.open(request.cookies[attemptCookieName], Date.now());
    reply.clearCookie(attemptCookieName, attemptCookie);
    const callbackUrl = new URL(request.url, publicUrl);
    try {
      if (!attempt) {
        const error = callbackUrl.searchParams.get('error');
        throw new SignInFailure(error === 'access_denied' ? 'oidc_denied' : 'oidc_expired');
      }
      const claims = await provider.finish(callbackUrl, attempt);
      const replacesToken = sessions.sessionToken(request);
      const result = await ask(request, requests.user.identitySignIn, {
        claims,
        ...(replacesToken ? { replacesToken } : {}),
      });
      if (result.outcome === 'refused') throw new SignInFailure(result.reason);
      sessions.forgetToken(replacesToken);
      sessions.setSessionCookie(reply, result.session);
      if (attempt.invite) return reply.redirect(`/invite/${encodeURIComponent(attempt.invite)}?accept=1`, 303);
      return reply.redirect(await landingFor(result.user, attempt.accountType, request.id), 303);
    } catch (error) {
      if (error instanceof SignInFailure) {
        request.log.warn({ err: error.cause ?? error, reason: error.code }, 'identity-provider sign-in failed');
        return failed(reply, error.code);
      }
      request.log.error({ err: error }, 'identity-provider sign-in failed');
      return failed(reply, 'oidc_failed');
    }
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/auth/providers', { schema: listAuthProvidersSchema }, listAuthProviders);
    // The one per-IP budget of every auth route.
    app.get('/auth/oidc/login', { schema: startOidcLoginSchema, ...authThrottled }, startOidcLogin);
    app.get('/auth/oidc/callback', { schema: finishOidcLoginSchema, ...authThrottled }, finishOidcLogin);
  };
}

/**
 * Spec §2: an account without a plan chooses one first, or goes straight to checkout for the plan it
 * carried. An account whose plan ended goes to its books instead (decision 0012).
 */
function landingAfterSignIn(bus: RouteDeps['bus'], timeoutMs: number) {
  return async (profile: UserProfile, accountType: SignInAttempt['accountType'], requestId: string) => {
    let hadAPlan: boolean;
    try {
      const user = await withBilling(bus, profile, requestId, timeoutMs);
      if (hasPlan(user)) return '/app';
      hadAPlan = user.subscriptionStatus !== null;
    } catch {
      // Signed in already: the app finds out about the plan itself.
      return '/app';
    }
    if (accountType) return `/choose-plan?${new URLSearchParams({ checkout: accountType }).toString()}`;
    return hadAPlan ? '/app' : '/choose-plan';
  };
}
