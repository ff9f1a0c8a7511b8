import { createHash } from 'node:crypto';
import { JetStreamApiCodes, JetStreamApiError, StorageType } from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { z } from 'zod';
import { AppError } from '@bookwright/contracts/http';
import type { Logger } from '../logger/logger';
import type { WindowCount, WindowCounters } from './window-counters';

const StoredCountSchema = z.object({ count: z.number().int().nonnegative(), resetAt: z.number() });

/**
 * Compare-and-set rounds before an increment gives up. Each lost round means another replica counted in
 * between, so this many in a row means dozens of concurrent requests for one key, all but one of which
 * would be refused anyway.
 */
const maxRounds = 50;

/**
 * Counters in a NATS KV bucket, shared by every gateway replica. Each key holds `{count, resetAt}`; an
 * increment reads the entry and writes it back only if nobody wrote in between (the entry's revision), so
 * two replicas never both grant the last allowed call. The bucket's max age (the longest window) sweeps
 * keys nobody touches any more. The store has its own connection, closed by `close()`, and keeps
 * reconnecting through NATS restarts like the bus does.
 */
export async function connectNatsWindowCounters(options: {
  servers: string;
  bucket: string;
  /** The longest window any caller uses: entries older than this are dropped by NATS. */
  maxWindowMs: number;
  logger: Logger;
  now?: () => number;
}): Promise<WindowCounters> {
  const now = options.now ?? Date.now;
  const servers = options.servers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const nc = await connect({ servers, name: `counters:${options.bucket}`, maxReconnectAttempts: -1 });
  let kv: KV;
  try {
    // File storage: a memory bucket would vanish with a NATS restart and every later call would fail.
    kv = await new Kvm(nc).create(options.bucket, { history: 1, ttl: options.maxWindowMs, storage: StorageType.File });
  } catch (error) {
    await nc.close();
    throw error;
  }
  options.logger.info({ bucket: options.bucket }, 'rate-limit counters connected');

  const openCount = (entry: KvEntry | null): WindowCount | undefined => {
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return undefined;
    const parsed = StoredCountSchema.safeParse(entry.json());
    return parsed.success && parsed.data.resetAt > now() ? parsed.data : undefined;
  };
  /** Writes `next` if the key is still at `entry`'s revision; false when another writer came first. */
  const writeIfUnchanged = async (key: string, entry: KvEntry | null, next: WindowCount): Promise<boolean> => {
    const data = JSON.stringify(next);
    try {
      if (!entry) await kv.create(key, data);
      else await kv.update(key, data, entry.revision);
      return true;
    } catch (error) {
      if (isLostRace(error)) return false;
      throw error;
    }
  };

  return {
    read: (key, windowMs) =>
      unavailableOnFailure(
        async () => openCount(await kv.get(storeKey(key))) ?? { count: 0, resetAt: now() + windowMs },
      ),
    increment: (key, windowMs) =>
      unavailableOnFailure(async () => {
        const k = storeKey(key);
        for (let round = 0; round < maxRounds; round++) {
          const entry = await kv.get(k);
          const current = openCount(entry);
          const next = { count: (current?.count ?? 0) + 1, resetAt: current?.resetAt ?? now() + windowMs };
          if (await writeIfUnchanged(k, entry, next)) return next;
        }
        throw new Error(`a rate-limit counter kept changing under ${maxRounds} attempts to count`);
      }),
    decrement: (key) =>
      unavailableOnFailure(async () => {
        const k = storeKey(key);
        for (let round = 0; round < maxRounds; round++) {
          const entry = await kv.get(k);
          const current = openCount(entry);
          if (!current || current.count === 0) return;
          if (await writeIfUnchanged(k, entry, { ...current, count: current.count - 1 })) return;
        }
        throw new Error(`a rate-limit counter kept changing under ${maxRounds} attempts to give one back`);
      }),
    clear: (key) =>
      unavailableOnFailure(async () => {
        await kv.delete(storeKey(key));
      }),
    async close() {
      if (!nc.isClosed()) await nc.close();
    },
  };
}

/**
 * A limit that cannot be counted is not granted: the call is refused as the bus refuses calls it cannot
 * carry (503, the catalogue's text), rather than failing as an unexplained 500 or passing uncounted.
 */
async function unavailableOnFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      503,
      `rate-limit counters unavailable: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * KV keys allow only [-/_=.a-zA-Z0-9]; rate-limit keys hold IPv6 addresses, emails and route paths. A
 * digest fits every key to the alphabet and keeps emails out of the bucket's listing.
 */
function storeKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** A create on a key that exists, or an update from a stale revision: another writer was first. */
function isLostRace(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.StreamWrongLastSequence ||
      error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}
