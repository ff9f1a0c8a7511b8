import type { WindowCounters } from '@bookwright/kit';

/**
 * How long a takeout holds its author's one place. A replica that dies mid-stream cannot hand it back, so the
 * place lapses by itself; a download still streaming after this long lets a second one start beside it, which
 * only doubles work (a takeout changes nothing).
 */
export const takeoutLeaseMs = 30 * 60_000;

/** What a takeout may do now: start (and `end` it when its connection closes), or why not. */
export type TakeoutTurn =
  | { started: true; end(): void }
  | { started: false; reason: 'running' }
  | { started: false; reason: 'allowance'; retryAfterSeconds: number };

export interface TakeoutGate {
  /** Takes the author's place and counts the takeout against their hour, or says why it cannot start. */
  begin(userId: string): Promise<TakeoutTurn>;
}

/**
 * One takeout per author at a time, and `limit` started takeouts per window, both counted in the store the
 * gateway's rate limits share (a NATS KV bucket across replicas; memory in one process), so two replicas
 * cannot stream one author's takeout at once. A takeout reads every book its author holds: a second one
 * started beside it (a double click, a retry of a slow download) is refused with 409 and counts nothing, and
 * one refused for the allowance (429) counts nothing either: only takeouts that start use up the hour.
 */
export function createTakeoutGate(options: {
  counters: WindowCounters;
  limit: number;
  windowMs: number;
  /** Where an `end` that could not reach the store is reported: the place then lapses with its lease. */
  onEndFailed: (error: unknown) => void;
  now?: () => number;
}): TakeoutGate {
  const { counters, limit, windowMs, now = Date.now } = options;
  const placeOf = (userId: string) => `takeout-running\n${userId}`;
  const allowanceOf = (userId: string) => `takeout\n${userId}`;
  return {
    async begin(userId) {
      const place = await counters.increment(placeOf(userId), takeoutLeaseMs);
      if (place.count > 1) {
        await counters.decrement(placeOf(userId));
        return { started: false, reason: 'running' };
      }
      // Holding the place, this is the author's only takeout starting: reading then adding cannot race.
      try {
        const used = await counters.read(allowanceOf(userId), windowMs);
        if (used.count >= limit) {
          await counters.clear(placeOf(userId));
          const retryAfterSeconds = Math.max(1, Math.ceil((used.resetAt - now()) / 1000));
          return { started: false, reason: 'allowance', retryAfterSeconds };
        }
        await counters.increment(allowanceOf(userId), windowMs);
      } catch (error) {
        await counters.clear(placeOf(userId)).catch(() => undefined);
        throw error;
      }
      let ended = false;
      return {
        started: true,
        end() {
          // The close of the connection and an error before the stream can both end the same takeout.
          if (ended) return;
          ended = true;
          counters.clear(placeOf(userId)).catch(options.onEndFailed);
        },
      };
    },
  };
}
