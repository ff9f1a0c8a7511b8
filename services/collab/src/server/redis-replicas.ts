import type { Extension } from '@hocuspocus/server';
import type { Logger } from '@bookwright/kit';
import type { OutsideWriteClaims } from '../outside-writes/outside-write-claims';

/** How the replicas of the collab service meet (distributed mode): the Hocuspocus extension and the claims. */
export interface Replicas {
  extension: Extension;
  claims: OutsideWriteClaims;
}

/**
 * The replicas meeting in Redis (decision 0043). ioredis and Hocuspocus's Redis extension are imported
 * here, when Redis is configured, and not at start: the embedded all-in-one process never uses them, and
 * loaded they are about 10 MB of its idle memory (issue 44's idle-memory figure).
 */
export async function redisReplicas(options: { url: string; prefix: string; logger: Logger }): Promise<Replicas> {
  const [{ replicaSync }, { redisClaims }] = await Promise.all([
    import('./replica-sync'),
    import('../outside-writes/redis-claims'),
  ]);
  const { url: redisUrl, prefix, logger } = options;
  return { extension: replicaSync({ redisUrl, prefix, logger }), claims: redisClaims({ redisUrl, prefix, logger }) };
}
