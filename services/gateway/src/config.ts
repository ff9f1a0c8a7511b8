import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseConfigSchema, envBoolean } from '@bookwright/kit';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export const GatewayConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: 127.0.0.1 outside production, 0.0.0.0 in it (see `listenHost`); images and manifests set it. */
  HOST: z.string().min(1).optional(),
  /** Where users reach the app; decides whether cookies are Secure (anything but http://localhost). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
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
});
export type GatewayConfig = z.output<typeof GatewayConfigSchema>;

/** Where the gateway listens: HOST when set, else loopback outside production so a laptop run is not exposed. */
export function listenHost(config: Pick<GatewayConfig, 'HOST' | 'NODE_ENV'>): string {
  return config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}
