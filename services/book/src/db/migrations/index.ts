import { outboxMigration, type Migration } from '@bookwright/kit';
import { booksMigration } from './0001_books';
import { allowanceKeyMigration } from './0002_allowance_key';
import { revisionsMigration } from './0003_revisions';
import { translationsMigration } from './0004_translations';
import { versionsAndNamedRevisionsMigration } from './0005_versions_and_named_revisions';
import { trashMigration } from './0006_trash';
import { chaptersAsRowsMigration } from './0007_chapters_as_rows';
import { lz4ManuscriptsMigration } from './0008_lz4_manuscripts';
import { chapterWordCountsMigration } from './0009_chapter_word_counts';
import { bookMembersMigration } from './0010_book_members';
import { workspacesMigration } from './0011_workspaces';
import { collabStatesMigration } from './0012_collab_states';
import { commentsMigration } from './0013_comments';
import { collabStateBuiltMigration } from './0014_collab_state_built';
import { auditApiTokensMigration } from './0015_audit_api_tokens';
import { chapterSearchTextMigration } from './0016_chapter_search_text';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [
  outboxMigration,
  booksMigration,
  allowanceKeyMigration,
  revisionsMigration,
  translationsMigration,
  versionsAndNamedRevisionsMigration,
  trashMigration,
  chaptersAsRowsMigration,
  lz4ManuscriptsMigration,
  chapterWordCountsMigration,
  bookMembersMigration,
  workspacesMigration,
  collabStatesMigration,
  commentsMigration,
  collabStateBuiltMigration,
  auditApiTokensMigration,
  chapterSearchTextMigration,
];
