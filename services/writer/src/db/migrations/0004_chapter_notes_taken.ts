import type { Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * A chapter's notes are taken only when a later chapter will read them (the last chapter's never are), so
 * a row says whether it has them. Rows from before had them taken: the default. A writer that resumes
 * takes the missing notes of a committed chapter before a later chapter that needs them goes on.
 */
export const chapterNotesTakenMigration: Migration = {
  name: '0004_chapter_notes_taken',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('written_chapters')
      .addColumn('notes_taken', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  },
};
