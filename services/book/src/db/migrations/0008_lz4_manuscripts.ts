import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/** The columns that hold manuscripts: a snapshot's text and a chapter's nodes (tens to hundreds of KB each). */
export const manuscriptColumns = [
  { table: 'book_revisions', column: 'content' },
  { table: 'book_chapters', column: 'nodes' },
] as const;

/**
 * Manuscripts are compressed with lz4 instead of PostgreSQL's default pglz where the server has it (issue
 * 22, bench/README "revisions"): a restore of a 100,000-word book spent a third of its time compressing
 * the snapshot and the chapters it writes (48 → 36 ms on PostgreSQL 16), and every whole save writes its
 * chapters the same way. Only new values are written with lz4; stored ones stay readable as they are.
 * PGlite and servers built without lz4 refuse the setting (feature_not_supported): they keep pglz, and the
 * migration still counts as run.
 */
export const lz4ManuscriptsMigration: Migration = {
  name: '0008_lz4_manuscripts',
  async up(db: Kysely<unknown>) {
    const statements = manuscriptColumns.map(
      ({ table, column }) => `ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION lz4;`,
    );
    await sql
      .raw(`DO $$ BEGIN ${statements.join(' ')} EXCEPTION WHEN feature_not_supported THEN NULL; END $$`)
      .execute(db);
  },
};
