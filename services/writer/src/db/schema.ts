import type { ColumnType, Generated, Selectable } from 'kysely';
import type { OutboxDatabase } from '@bookwright/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** `stopped`: the book went to the trash; a restore resumes it under a new attempt. */
export type JobStatus = 'writing' | 'completed' | 'failed' | 'stopped';
/** Writing a book from its plan, or translating another book's manuscript. */
export type JobKind = 'write' | 'translate';

/**
 * One book being written. The plan is a snapshot taken from the first confirmation: later attempts
 * (the author pressing retry) resume this job and keep its chapters.
 */
export interface WritingJobsTable {
  id: string;
  book_id: string;
  user_id: string;
  kind: Generated<JobKind>;
  /** A translation's snapshot of its original: `{ sourceLanguage, document }`; null for writing. */
  source: ColumnType<unknown, string | null | undefined, string | null>;
  first_attempt: number;
  /** The latest confirmation seen; the manuscript is stored under it. */
  current_attempt: number;
  status: JobStatus;
  /** Title, genre, language, audience, type and size of the book when it was confirmed. */
  brief: Json<unknown>;
  /** The bookState when it was confirmed. */
  plan: Json<unknown>;
  chapters_total: number;
  /** The writer instance working on the job, until `lease_expires_at`; another may take over after. */
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  /** Why writing failed, as the author reads it; `failure_reported` once the book service has it. */
  failure_reason: string | null;
  failure_reported: Generated<boolean>;
  manuscript_key: string | null;
  words: number | null;
  pages: number | null;
  /** Token usage of every LLM call made for the book, summed. */
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  llm_calls: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Timestamp | null;
}

/** Every confirmation (book id, attempt) seen: a redelivered event finds its row and changes nothing. */
export interface WritingAttemptsTable {
  book_id: string;
  attempt: number;
  job_id: string;
  received_at: Generated<Date>;
}

/**
 * A finished chapter, committed once: (job, chapter) is unique. For a translation, `text` is the
 * translated chapter as editor JSON (`{ heading, blocks }`), and summary and facts are empty.
 */
export interface WrittenChaptersTable {
  job_id: string;
  chapter_number: number;
  title: string;
  text: string;
  words: number;
  /** Characters as the page estimate counts them. */
  characters: number;
  summary: string;
  facts: Json<string[]>;
  /**
   * False when the chapter was committed without its notes because no later chapter was left to read
   * them; `summary` is then its opening and `facts` empty (migration 0004).
   */
  notes_taken: Generated<boolean>;
  /** LLM calls that wrote the text (parts, extensions included). */
  parts: number;
  /** The job attempt during which it was written. */
  attempt: number;
  written_at: Generated<Date>;
}

export interface WriterDatabase extends OutboxDatabase {
  writing_jobs: WritingJobsTable;
  writing_attempts: WritingAttemptsTable;
  written_chapters: WrittenChaptersTable;
}

export type WritingJobRow = Selectable<WritingJobsTable>;
export type WrittenChapterRow = Selectable<WrittenChaptersTable>;
