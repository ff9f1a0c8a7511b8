import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseConfigSchema, envBoolean } from '@bookwright/kit';
import { LlmConfigSchema } from '@bookwright/ai';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export const GatewayConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where users reach the app; decides whether cookies are Secure (anything but http://localhost). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** The built single-page app served at `/`. */
  WEB_DIST_DIR: z.string().default(defaultWebDist),
  /** Comma-separated origins allowed to call the API cross-origin; unset = CORS off (same origin only). */
  CORS_ORIGINS: z.string().optional(),
  /** Trust X-Forwarded-* from a proxy in front (ingress): needed for per-IP rate limits behind one. */
  TRUST_PROXY: envBoolean.default(false),
  /** Auth calls (login, sign-up, password recovery) per IP per window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Login attempts per account (email) per window, whatever the IP. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Plan and write requests per signed-in user per window. */
  GENERATION_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Editor rewrites (POST /book/{id}/rewrite) per signed-in user per window. */
  REWRITE_RATE_LIMIT_PER_USER: z.coerce.number().int().positive().default(120),
  /** Rate-limit window in milliseconds; the spec says limits reset every hour. */
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  /** Largest accepted request body (JSON and uploads), in bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 1024 * 1024),
  BUS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Sign-in with an identity provider (OpenID Connect): all four, or none to hide the option. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the 'Continue with …' button. */
  OIDC_NAME: z.string().max(40).optional(),
  // The editor's rewrite streams from the gateway itself (routes/book-ai.ts).
  ...LlmConfigSchema.shape,
}).superRefine((config, ctx) => {
  const oidcVariables = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;
  const set = oidcVariables.filter((name) => config[name] !== undefined);
  if (set.length > 0 && set.length < oidcVariables.length)
    for (const name of oidcVariables.filter((n) => config[n] === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `set all of ${oidcVariables.join(', ')} to enable sign-in with an identity provider, or none of them`,
      });
  if (config.OIDC_ISSUER && !issuerIsAcceptable(new URL(config.OIDC_ISSUER)))
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message: 'must be an https:// URL (http:// is accepted only on a loopback address such as 127.0.0.1)',
    });
});
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
