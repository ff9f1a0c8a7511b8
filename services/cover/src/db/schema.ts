import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type GenerationStatus = 'running' | 'done' | 'failed';

/** One cover generation: the rate limit counts them, a repeated request id finds its cover again. */
export interface CoverGenerationsTable {
  request_id: string;
  user_id: string;
  book_id: string;
  status: GenerationStatus;
  cover_id: string | null;
  width: number | null;
  height: number | null;
  provider: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type CoverGenerationRow = Selectable<CoverGenerationsTable>;

export interface CoverDatabase {
  cover_generations: CoverGenerationsTable;
}
