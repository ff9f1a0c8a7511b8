import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Whether a live document's stored state was built from the chapters (book.collab.store-state, issue 44)
 * rather than saved by a live document. An open applies either; a merge after an outside write or a 412
 * applies only a saved one as a CRDT (it came from a document that saw this one, through Redis), and
 * merges a built one as text: a build on another replica need never have seen this document, and its items
 * for a changed chapter would sit beside this document's own.
 */
export const collabStateBuiltMigration: Migration = {
  name: '0014_collab_state_built',
  async up(db: Kysely<unknown>) {
    await sql`alter table book_collab_states add column built boolean not null default false`.execute(db);
  },
};
