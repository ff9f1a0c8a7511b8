import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import RedisClient from 'ioredis';
import type { Logger } from '@bookwright/kit';

/**
 * The replicas of the collab service meet in Redis (decision 0043): each book's updates and presence are
 * published on its channel, so people connected to different replicas edit one document.
 *
 * Without the extension's store lock: a replica that misses the lock skips its save silently, and the
 * edits it alone had seen last would wait for the next one. Saves are conditional on the manuscript
 * version instead (book.collab.save's ifMatch), so two replicas saving at once cannot overwrite each
 * other: the second gets 412, merges what the first stored and saves again.
 */
export class ReplicaSync extends RedisExtension {
  override async onStoreDocument(): Promise<void> {}

  override async afterStoreDocument(): Promise<void> {}
}

export function replicaSync(options: { redisUrl: string; prefix: string; logger: Logger }): ReplicaSync {
  const createClient = () => {
    // No ready check: a replica that loads a document as it starts subscribes before the connection is
    // ready, and ioredis's ready check (INFO) then fails on a connection already in subscriber mode,
    // leaving the replica deaf to the others (seen in outside-writes/replicas.test.ts).
    const client = new RedisClient(options.redisUrl, { lazyConnect: false, enableReadyCheck: false });
    // ioredis reconnects by itself; without a listener its errors would be printed unstructured.
    client.on('error', (error: Error) => options.logger.warn({ err: error }, 'collab: Redis connection error'));
    return client;
  };
  return new ReplicaSync({ createClient, prefix: options.prefix });
}
