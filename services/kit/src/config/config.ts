import { z } from 'zod';
import { defaultDataDir } from './defaults';

/** A configuration that failed validation; `problems` lists every bad or missing variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up, against a zod object whose keys are variable names.
 * Empty strings count as unset so `FOO=` in a .env file falls back to the default.
 */
export function parseConfig<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv = process.env): T {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') cleaned[key] = value;
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const shown = cleaned[name] === undefined ? 'is missing' : `has a bad value`;
    return `${name} ${shown}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** `true`/`false`/`1`/`0`/`yes`/`no` as a boolean. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `1000,5000,60000`: whole milliseconds, comma-separated, at least one. */
export const envMillisecondsList = z
  .string()
  .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'comma-separated whole milliseconds, e.g. 1000,5000,60000')
  .transform((list) => list.split(',').map((ms) => Number(ms.trim())));

/** The variables every process reads. Services extend this with their own. */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: envBoolean.optional(),
  DATA_DIR: z.string().default(defaultDataDir),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL (comma-separate several servers)')
    .optional(),
  /** Prefix of every subject, stream and bucket, so several deployments (or test runs) can share a NATS server. */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _ only')
    .default('bw'),
  /**
   * Pause before each redelivery of an event whose handler failed, the last step repeated for ever
   * (decision 0049). Unset: the bus's default, 1 s, 5 s, 15 s, 30 s, 60 s.
   */
  BUS_REDELIVERY_BACKOFF_MS: envMillisecondsList.optional(),
  /** Prepended to every service's schema name; lets test runs share one PostgreSQL database safely. */
  DATABASE_SCHEMA_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'lower-case letters, digits and _ only')
    .default(''),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** `/livez` fails when the event loop has not turned for this long. */
  LIVENESS_BLOCKED_AFTER_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
  /** `/livez` fails when deliveries a consumer has room for have waited this long and none started. */
  LIVENESS_STALLED_AFTER_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
});
export type BaseConfig = z.output<typeof BaseConfigSchema>;

export type Mode = 'embedded' | 'distributed';
export const modeOf = (config: Pick<BaseConfig, 'NATS_URL'>): Mode => (config.NATS_URL ? 'distributed' : 'embedded');
