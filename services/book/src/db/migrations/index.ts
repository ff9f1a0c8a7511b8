import { outboxMigration, type Migration } from '@bookwright/kit';
import { booksMigration } from './0001_books';
import { revisionsMigration } from './0002_revisions';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [outboxMigration, booksMigration, revisionsMigration];
