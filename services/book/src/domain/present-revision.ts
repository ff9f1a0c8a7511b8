import type { RevisionSummary } from '@bookwright/contracts/http';

/** A stored revision as the API lists it, without its text. */
export type RevisionRow = { id: string; created_at: Date | string; word_count: number; name: string | null };
export const presentRevision = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  createdAt: new Date(row.created_at).toISOString(),
  wordCount: row.word_count,
  name: row.name,
});
