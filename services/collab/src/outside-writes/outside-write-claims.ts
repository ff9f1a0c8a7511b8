/**
 * Which replica applies an outside write to a book's document. Every replica holding the document hears
 * the event (a tail), but only one may apply it: two replicas each turning the document into the stored
 * chapters would insert the same text twice once their updates meet over Redis (two Yjs clients, two
 * copies). The first to claim the event's id applies it; the others receive its edits over Redis.
 */
export interface OutsideWriteClaims {
  /** True for the one caller that claims `key` first (within `ttlMs`). */
  claim(key: string): Promise<boolean>;
  stop(): Promise<void>;
}

/** One replica on its own (embedded mode): it always applies. */
export const soleReplicaClaims = (): OutsideWriteClaims => ({
  claim: async () => true,
  stop: async () => {},
});
