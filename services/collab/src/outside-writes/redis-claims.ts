import RedisClient from 'ioredis';
import type { Logger } from '@bookwright/kit';
import type { OutsideWriteClaims } from './outside-write-claims';

/** How long a claim is kept: longer than the event could reach the slowest replica. */
const claimTtlMs = 10 * 60_000;

/** Replicas over Redis: a claim is `SET key NX PX`, on the Redis the replicas already meet in. */
export function redisClaims(options: { redisUrl: string; prefix: string; logger: Logger }): OutsideWriteClaims {
  const client = new RedisClient(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  client.on('error', (error: Error) => options.logger.warn({ err: error }, 'collab: Redis connection error'));
  return {
    async claim(key) {
      const answer = await client.set(`${options.prefix}:outside-write:${key}`, '1', 'PX', claimTtlMs, 'NX');
      return answer === 'OK';
    },
    async stop() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
