import { z } from 'zod';
import { BaseConfigSchema } from '@bookwright/kit';

/** The largest WebSocket message taken: a whole 100,000-word book's first sync is a few MB. */
const defaultMaxMessageBytes = 32 * 1024 * 1024;

export const CollabConfigSchema = BaseConfigSchema.extend({
  /**
   * The WebSocket port of a collab process run alone (distributed mode); the gateway hands `/collab` to it
   * (COLLAB_URLS) and the Kubernetes Ingress routes `/collab` to it. Embedded, the collab service serves
   * on the gateway's port instead and this is not read.
   */
  COLLAB_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** Interface to listen on when run alone; unset: 127.0.0.1 outside production, 0.0.0.0 in it. */
  HOST: z.string().min(1).optional(),
  /**
   * The HMAC key of collab tokens, shared with the gateway, which signs them (at least 32 characters).
   * `npm start` and `npm run start:distributed` make one per run when it is unset; set it in production.
   */
  COLLAB_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /**
   * redis://host:port of the Redis the collab replicas meet in (decision 0043): updates and presence of a
   * book reach the people connected to other replicas. Unset: one replica on its own (embedded mode).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** The largest WebSocket message a client may send, in bytes; a larger one closes its connection (1009). */
  COLLAB_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1_024).default(defaultMaxMessageBytes),
});
export type CollabConfig = z.output<typeof CollabConfigSchema>;

/** Where a collab process run alone listens: HOST when set, else loopback outside production. */
export const collabListenHost = (config: Pick<CollabConfig, 'HOST' | 'NODE_ENV'>): string =>
  config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
