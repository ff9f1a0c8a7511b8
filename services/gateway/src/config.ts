import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseConfigSchema, envBoolean, publicUrlConfigFields, withPublicUrl } from '@bookwright/kit';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export const GatewayConfigSchema = BaseConfigSchema.extend({
  /** PORT, and PUBLIC_URL: where users reach the app; decides whether cookies are Secure (anything but http://localhost). */
  ...publicUrlConfigFields,
  HOST: z.string().default('0.0.0.0'),
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
}).transform(withPublicUrl);
export type GatewayConfig = z.output<typeof GatewayConfigSchema>;
