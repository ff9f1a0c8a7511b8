import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseConfigSchema, envBoolean, publicUrlConfigFields, withPublicUrl } from '@bookwright/kit';
import { bodyLimits } from './security/body-limits';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export const GatewayConfigSchema = BaseConfigSchema.extend({
  /** PORT, and PUBLIC_URL: where users reach the app; decides whether cookies are Secure (anything but http://localhost). */
  ...publicUrlConfigFields,
  /** Unset: 127.0.0.1 outside production, 0.0.0.0 in it (see `listenHost`); images and manifests set it. */
  HOST: z.string().min(1).optional(),
  /** The built single-page app served at `/`. */
  WEB_DIST_DIR: z.string().default(defaultWebDist),
  /** Comma-separated origins allowed to call the API cross-origin; unset = CORS off (same origin only). */
  CORS_ORIGINS: z.string().optional(),
  /** Trust X-Forwarded-* from a proxy in front (ingress): needed for per-IP rate limits behind one. */
  TRUST_PROXY: envBoolean.default(false),
  /** Calls to login, sign-up, forgot and reset password together, per IP per window; successful logins do not count. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Failed logins per account and IP pair per window: a stranger's guesses never lock the owner out. */
  AUTH_RATE_LIMIT_FAILED_LOGINS: z.coerce.number().int().positive().default(10),
  /** Plan and write requests per signed-in user per window. */
  GENERATION_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Editor rewrites (POST /book/{id}/rewrite) per signed-in user per window. */
  REWRITE_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(120),
  /** Book searches (GET /book/search) per signed-in user per window: each scans the text of the whole library. */
  SEARCH_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(600),
  /** Downloads of all one's data (GET /user/export) per signed-in user per window: each reads every book. */
  TAKEOUT_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(5),
  /** Requests one API token may make per window (issue 45): each token counts apart, in the shared store. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * How long a resolved API token is trusted without asking the user service again (0: every request asks).
   * A revocation is heard at once; this bounds how long a lapsed plan or a lost admin role takes to count.
   */
  API_TOKEN_CACHE_TTL_MS: z.coerce.number().int().min(0).default(15_000),
  /** Rate-limit window in milliseconds; the spec says limits reset every hour. */
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  /**
   * Largest body of a form, in bytes: a route that takes a body and names no larger kind (saves of a
   * manuscript, an author's text and uploads have their own: security/body-limits.ts).
   */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(bodyLimits.form),
  BUS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * On stop, how long open keep-alive connections may still bring a request (answered, then closed) before
   * the idle ones are closed. Keep it well under the orchestrator's grace period (30 s in k8s/).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * How long this replica trusts a session it resolved, in milliseconds, before asking the user service
   * again; 0 asks on every request. Revocations reach every replica as events sooner than this: it only
   * bounds what a lost event could leave behind.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Most sessions one replica caches. */
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
  /**
   * How long this replica answers a user's library list (GET /book) from memory, in milliseconds; 0 asks
   * the book service every time. Book events and the user's own writes drop it sooner.
   */
  LIBRARY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Most users whose library lists one replica holds. */
  LIBRARY_CACHE_MAX_USERS: z.coerce.number().int().positive().default(10_000),
  /**
   * How long this replica answers GET /book/{id} from memory (ETag and serialised body), in milliseconds; 0
   * asks the book service every time. Only books not being planned, written or translated are held; book
   * events and the user's own writes drop them sooner.
   */
  BOOK_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Most books one replica holds for GET /book/{id} (a 100-page manuscript is about 300 KB). */
  BOOK_CACHE_MAX_BOOKS: z.coerce.number().int().positive().default(100),
  /**
   * How long this replica answers GET /user/current-user from memory, in milliseconds; 0 asks the user and
   * billing services every time. Plan, allowance and account events and the user's own writes drop it sooner.
   */
  CURRENT_USER_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Most users one replica holds for GET /user/current-user. */
  CURRENT_USER_CACHE_MAX_USERS: z.coerce.number().int().positive().default(10_000),
  /**
   * How far apart the gateway replicas' clocks may be: after a user's write, lists read by another replica
   * less than this later are not answered from memory.
   */
  MAX_CLOCK_SKEW_MS: z.coerce.number().int().min(0).default(1_000),
  /** Sign-in with an identity provider (OpenID Connect): all four, or none to hide the option. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the 'Continue with …' button. */
  OIDC_NAME: z.string().max(40).optional(),
  /**
   * The HMAC key of collab tokens (POST /book/{id}/collab-token, live books), shared with the collab
   * service; at least 32 characters. Required in production; `npm start` and `npm run start:distributed`
   * make one per run when it is unset. Unset elsewhere: the route answers 503.
   */
  COLLAB_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Distributed mode: the collab replicas (comma-separated http://host:port) the gateway hands WebSocket
   * upgrades of /collab to, in turn. Unset: the collab service of this process (embedded), or none.
   */
  COLLAB_URLS: z
    .string()
    .regex(/^https?:\/\/[^,\s]+(,https?:\/\/[^,\s]+)*$/, 'comma-separated http:// URLs')
    .optional(),
})
  .superRefine((config, ctx) => {
    const oidcVariables = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;
    const set = oidcVariables.filter((name) => config[name] !== undefined);
    if (set.length > 0 && set.length < oidcVariables.length)
      for (const name of oidcVariables.filter((n) => config[n] === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `set all of ${oidcVariables.join(', ')} to enable sign-in with an identity provider, or none of them`,
        });
    if (config.NODE_ENV === 'production' && !config.COLLAB_TOKEN_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['COLLAB_TOKEN_SECRET'],
        message: 'is required in production: the collab service checks the tokens the gateway signs with it',
      });
    if (config.OIDC_ISSUER && !issuerIsAcceptable(new URL(config.OIDC_ISSUER)))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be an https:// URL (http:// is accepted only on a loopback address such as 127.0.0.1)',
      });
  })
  .transform(withPublicUrl);
/** Tokens must travel over TLS; a provider on this machine (development, tests) is the one exception. */
export function issuerIsAcceptable(issuer: URL): boolean {
  if (issuer.protocol === 'https:') return true;
  return issuer.protocol === 'http:' && isLoopback(issuer.hostname);
}

export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** The identity provider, when all four variables are set. */
export function oidcSettings(config: GatewayConfig) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_NAME: name } = config;
  return issuer && clientId && clientSecret && name ? { issuer, clientId, clientSecret, name } : undefined;
}
export type OidcSettings = NonNullable<ReturnType<typeof oidcSettings>>;

export type GatewayConfig = z.output<typeof GatewayConfigSchema>;

/** The collab replicas of COLLAB_URLS, in order. */
export const collabReplicaUrls = (config: Pick<GatewayConfig, 'COLLAB_URLS'>): string[] =>
  config.COLLAB_URLS ? config.COLLAB_URLS.split(',') : [];

/** Where the gateway listens: HOST when set, else loopback outside production so a laptop run is not exposed. */
export function listenHost(config: Pick<GatewayConfig, 'HOST' | 'NODE_ENV'>): string {
  return config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}
