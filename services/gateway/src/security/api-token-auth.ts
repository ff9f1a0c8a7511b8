import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  AppError,
  apiMessages,
  apiTokenMessages,
  missingScope,
  type ApiTokenScope,
  type ResolvedApiToken,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { on, type Bus, type WindowCount, type WindowCounters } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import { tokenPolicy, type TokenPolicy } from './api-token-scopes';
import { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token a request was authenticated with (Authorization: Bearer), or null. */
    apiToken: ResolvedApiToken | null;
  }
}

/** A token that never expires still needs a date in the session shape; nothing reads it for tokens. */
const neverExpires = '9999-12-31T23:59:59.999Z';

/** The token of an `Authorization` header's `Bearer <token>`, or undefined when it is no bearer token. */
export function parseBearer(header: string): string | undefined {
  return /^Bearer[ ]+(\S+)[ ]*$/i.exec(header)?.[1];
}

/**
 * A request's `Authorization` header as parsed, and its token, held on the request. Three hooks ask every API
 * request for its token (the security headers, CSRF, the route's token hook): the first parses the header, and
 * the others find it here. Held on the request itself, so a request's header is never compared with another's:
 * a memo of the last header seen compared each new one with the previous request's secret, character by
 * character, and its time could tell how much of a guess matched (issue 45: a lookup must not reveal a prefix).
 * Not a WeakMap keyed by the request: with an entry per request, the token path's requests were 5% slower than
 * the cookie's in two runs (bench/README, session 31). Two fields that every request is built with
 * (`decorateParsedBearer`), not an object added to it: the request keeps one shape, and nothing is allocated.
 */
const parsedHeader = Symbol('parsedAuthorizationHeader');
const parsedToken = Symbol('parsedBearerToken');
type ParsedOn = { [parsedHeader]?: string | null; [parsedToken]?: string | undefined };

/** Builds every request with the two fields `bearerTokenOf` fills, before any route or hook is added. */
export function decorateParsedBearer(app: FastifyInstance): void {
  app.decorateRequest(parsedHeader, null);
  app.decorateRequest(parsedToken, undefined);
}

/** The token of `Authorization: Bearer <token>`, or undefined when the request has no bearer token. */
export function bearerTokenOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const parsed = request as ParsedOn;
  // The request's own header against itself (the same string, unless a hook replaced it meanwhile).
  if (parsed[parsedHeader] === header) return parsed[parsedToken];
  const token = parseBearer(header);
  parsed[parsedHeader] = header;
  parsed[parsedToken] = token;
  return token;
}

/**
 * The tokens this replica resolved lately, keyed by token and address (a use from a new address still reaches
 * the user service, which records it). A revocation drops a token at once on the replica that took it
 * (`forget`) and on the others when its event arrives; API_TOKEN_CACHE_TTL_MS bounds the rest (a lapsed plan,
 * a workspace admin made a member).
 */
export interface ResolvedTokens {
  forget(tokenId: string): void;
}

/**
 * API tokens (issue 45, decision 0045): a request to /api/v1 that carries `Authorization: Bearer` is
 * authenticated by that token alone (any session cookie is ignored, and no XSRF header is asked: a
 * cross-site page cannot set Authorization). Before the route's handler, in this order: routes about the
 * session answer 403; the user service resolves the token (401 unknown, revoked or expired; 402 when the
 * plan lapsed); the token's own rate limit counts in the shared store (429 with Retry-After); the route's
 * scope must be among the token's (403 naming it). Then `request.session` is the token's person, so
 * `requireSession` and every handler see the person, and the book service checks their role as for a browser.
 */
export async function registerApiTokenAuth(
  app: FastifyInstance,
  options: {
    bus: Bus;
    counters: WindowCounters;
    config: Pick<
      GatewayConfig,
      | 'API_TOKEN_RATE_LIMIT'
      | 'RATE_LIMIT_WINDOW_MS'
      | 'BUS_TIMEOUT_MS'
      | 'API_TOKEN_CACHE_TTL_MS'
      | 'SESSION_CACHE_MAX_ENTRIES'
    >;
    apiPrefix: string;
  },
): Promise<ResolvedTokens> {
  const { bus, counters, config, apiPrefix } = options;
  app.decorateRequest('apiToken', null);
  const { cache, forget } = await resolvedTokenCache(app, bus, config);

  const resolve = tokenResolver(bus, cache, config);
  const admit = tokenAdmission(counters, config);

  // Each route's policy is looked up once, as the route is added, and its hook is the route's own: a request
  // pays neither the lookup nor, on a route that takes no token (public, or outside the API), a hook at all.
  // Routes added before this (the edge's plugins) take no token.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice(apiPrefix.length);
    const policies = methods.map((method) => tokenPolicy(method, path));
    const policy: TokenPolicy = policies[0] ?? 'session';
    // One route object may carry several methods; their policies are one in every route we add.
    if (policies.some((other) => other !== policy))
      throw new Error(`${methods.join(',')} ${route.url}: one token policy per route`);
    if (policy === 'public') return;
    const hook: onRequestHookHandler =
      policy === 'session'
        ? (request, _reply, done) =>
            bearerTokenOf(request) === undefined ? done() : done(new AppError(403, apiTokenMessages.sessionOnly))
        : (request, reply, done) => {
            const token = bearerTokenOf(request);
            if (token === undefined) return done();
            const found = resolve(token, request.ip, request.id);
            if (found instanceof Promise) {
              found.then(
                (resolved) => admit(request, reply, policy, resolved, done),
                (error: Error) => done(error),
              );
            } else {
              admit(request, reply, policy, found, done);
            }
          };
    // First among the route's own hooks, as a global hook would be (the route's rate limit keys by the person).
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [hook, ...own];
  });
  return { forget };
}

/**
 * The replica's cache of resolved tokens, kept current by the events that end or narrow a token: a revocation,
 * an account deleted, a plan changed (the person's tokens, and every workspace's, whose payer is not named).
 */
async function resolvedTokenCache(
  app: FastifyInstance,
  bus: Bus,
  config: Pick<GatewayConfig, 'API_TOKEN_CACHE_TTL_MS' | 'SESSION_CACHE_MAX_ENTRIES'>,
) {
  const cache = new SessionCache<ResolvedApiToken>({
    ttlMs: config.API_TOKEN_CACHE_TTL_MS,
    maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
  });
  const forget = (tokenId: string) => cache.forgetWhere((resolved) => resolved.tokenId === tokenId);
  const tail = await bus.tail([
    on(events.userApiTokenActivity, async (d) => {
      if (d.action === 'revoked') forget(d.tokenId);
    }),
    on(events.userDeleted, async (d) => cache.forgetWhere((resolved) => resolved.userId === d.userId)),
    on(events.billingPlanChanged, async (d) =>
      cache.forgetWhere((resolved) => resolved.userId === d.userId || resolved.workspaceId !== null),
    ),
  ]);
  app.addHook('onClose', async () => tail.stop());

  return { cache, forget };
}

/** Resolves a token through the user service, or from the replica's cache without a promise (the common case). */
function tokenResolver(
  bus: Bus,
  cache: SessionCache<ResolvedApiToken>,
  config: Pick<GatewayConfig, 'BUS_TIMEOUT_MS'>,
): (token: string, ip: string, requestId: string) => ResolvedApiToken | Promise<ResolvedApiToken> {
  return (token, ip, requestId) => {
    const key = SessionCache.keyOf(`${token}\n${ip}`);
    // Concurrent requests with one token and address share one resolution: a program's parallel calls would
    // otherwise each ask the user service (and have it note the use) whenever the cached entry ends.
    return (
      cache.get(key) ??
      cache.resolveOnce(key, () =>
        bus.request(requests.user.resolveToken, { token, ip }, { requestId, timeoutMs: config.BUS_TIMEOUT_MS }),
      )
    );
  };
}

/** Counts a resolved token's request in its window and admits or refuses it (429, 403). */
function tokenAdmission(
  counters: WindowCounters,
  config: Pick<GatewayConfig, 'API_TOKEN_RATE_LIMIT' | 'RATE_LIMIT_WINDOW_MS'>,
) {
  /** Lets the counted request through or refuses it (429, 403); throws the refusal. */
  const admitCounted = (
    request: FastifyRequest,
    reply: FastifyReply,
    policy: ApiTokenScope,
    resolved: ResolvedApiToken,
    session: NonNullable<FastifyRequest['session']>,
    { count, resetAt }: WindowCount,
  ): void => {
    const resetSeconds = Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
    void reply.headers({
      'ratelimit-limit': limitHeader,
      'ratelimit-remaining': String(Math.max(0, config.API_TOKEN_RATE_LIMIT - count)),
      'ratelimit-reset': String(resetSeconds),
    });
    if (count > config.API_TOKEN_RATE_LIMIT) {
      void reply.header('retry-after', String(Math.max(1, resetSeconds)));
      throw new AppError(429, apiMessages.tooManyRequests);
    }
    if (!resolved.scopes.includes(policy)) throw new AppError(403, missingScope(policy));
    request.apiToken = resolved;
    request.session = session;
  };
  // One session object and counter key per resolution, shared by its requests as a cookie's cached session is.
  const perResolution = new WeakMap<
    ResolvedApiToken,
    { session: NonNullable<FastifyRequest['session']>; counterKey: string }
  >();
  const ofResolution = (resolved: ResolvedApiToken) => {
    let shared = perResolution.get(resolved);
    if (!shared) {
      shared = {
        session: {
          userId: resolved.userId,
          sessionId: `api-token:${resolved.tokenId}`,
          expiresAt: resolved.expiresAt ?? neverExpires,
        },
        counterKey: `api-token\n${resolved.tokenId}`,
      };
      perResolution.set(resolved, shared);
    }
    return shared;
  };
  const limitHeader = String(config.API_TOKEN_RATE_LIMIT);

  /**
   * Counts the request against the token's own window, then admits or refuses it. Without a promise when the
   * token is cached and the counts are in this process (embedded): every API request passes here, and each
   * promise hop would put it behind the microtask queue.
   */
  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    policy: ApiTokenScope,
    resolved: ResolvedApiToken,
    done: (error?: Error) => void,
  ): void => {
    const { session, counterKey } = ofResolution(resolved);
    let counted: WindowCount | Promise<WindowCount>;
    try {
      counted = counters.increment(counterKey, config.RATE_LIMIT_WINDOW_MS);
    } catch (error) {
      return done(error as Error);
    }
    const decide = (count: WindowCount) => {
      try {
        admitCounted(request, reply, policy, resolved, session, count);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    if (counted instanceof Promise) counted.then(decide, (error: Error) => done(error));
    else decide(counted);
  };
  return admit;
}
