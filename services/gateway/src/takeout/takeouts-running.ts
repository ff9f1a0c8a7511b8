/**
 * Which authors have a takeout streaming from this gateway replica. A takeout reads every book an author
 * holds, so a second one started beside it (a double click, a retry of a slow download) only doubles the
 * work: it is refused with a 409 until the first one's connection closes. Per replica, like the stream
 * itself; the per-user rate limit is what holds across replicas.
 */
export interface TakeoutsRunning {
  /** Marks the author's takeout as started; false when one is already running. */
  begin(userId: string): { end(): void } | undefined;
}

export function createTakeoutsRunning(): TakeoutsRunning {
  const running = new Set<string>();
  return {
    begin(userId) {
      if (running.has(userId)) return undefined;
      running.add(userId);
      let ended = false;
      return {
        end() {
          // The close of the connection and an error before the stream can both end the same takeout.
          if (ended) return;
          ended = true;
          running.delete(userId);
        },
      };
    },
  };
}
