import { outboxMigration, type Migration } from '@bookwright/kit';
import { writingJobsMigration } from './0001_writing_jobs';
import { translationJobsMigration } from './0002_translation_jobs';
import { stoppedJobsMigration } from './0003_stopped_jobs';
import { chapterNotesTakenMigration } from './0004_chapter_notes_taken';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [
  outboxMigration,
  writingJobsMigration,
  translationJobsMigration,
  stoppedJobsMigration,
  chapterNotesTakenMigration,
];
