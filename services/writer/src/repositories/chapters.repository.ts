import { sql, type Kysely } from 'kysely';
import type { WriterDatabase, WrittenChapterRow } from '../db/schema';

type Db = Kysely<WriterDatabase>;

export interface NewChapter {
  jobId: string;
  chapterNumber: number;
  title: string;
  text: string;
  words: number;
  characters: number;
  summary: string;
  facts: string[];
  parts: number;
  attempt: number;
  /** False when committed without its notes (no later chapter was left to read them). Default true. */
  notesTaken?: boolean;
}

function rowOf(chapter: NewChapter) {
  return {
    job_id: chapter.jobId,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    text: chapter.text,
    words: chapter.words,
    characters: chapter.characters,
    summary: chapter.summary,
    facts: JSON.stringify(chapter.facts),
    parts: chapter.parts,
    attempt: chapter.attempt,
    notes_taken: chapter.notesTaken ?? true,
  };
}

export const chaptersRepository = {
  listForJob(db: Db, jobId: string): Promise<WrittenChapterRow[]> {
    return db
      .selectFrom('written_chapters')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('chapter_number')
      .execute();
  },

  /**
   * Commits a chapter once and answers how many of the job's chapters are committed with it; undefined when
   * the (job, chapter) row already exists. One statement: the count is of the rows the statement's snapshot
   * sees, which leaves out the one it inserts, so call it after locking the job row (commits of one job
   * then follow each other, and each statement sees every chapter committed before it).
   */
  async insert(db: Db, chapter: NewChapter): Promise<number | undefined> {
    const row = await db
      .with('inserted', (cte) =>
        cte
          .insertInto('written_chapters')
          .values(rowOf(chapter))
          .onConflict((oc) => oc.columns(['job_id', 'chapter_number']).doNothing())
          .returning('chapter_number'),
      )
      .selectFrom('inserted')
      .select((eb) =>
        eb
          .selectFrom('written_chapters')
          .select(sql<string>`count(*)`.as('n'))
          .where('job_id', '=', chapter.jobId)
          .as('before'),
      )
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.before) + 1;
  },

  /** Stores the notes of a chapter committed without them (a resumed job whose later chapters need them). */
  async setNotes(db: Db, jobId: string, chapterNumber: number, notes: { summary: string; facts: string[] }) {
    await db
      .updateTable('written_chapters')
      .set({ summary: notes.summary, facts: JSON.stringify(notes.facts), notes_taken: true })
      .where('job_id', '=', jobId)
      .where('chapter_number', '=', chapterNumber)
      .execute();
  },
};
