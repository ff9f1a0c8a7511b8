import type { Migration } from '@bookwright/kit';
import { coverGenerationsMigration } from './0001_cover_generations';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [coverGenerationsMigration];
