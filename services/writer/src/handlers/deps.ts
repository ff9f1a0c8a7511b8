import type { Kysely } from 'kysely';
import type { Bus } from '@bookwright/kit';
import type { WriterDatabase } from '../db/schema';
import type { WritingRunner } from '../writing/writing-runner';

/** What the writer's bus handlers may use; nothing else. */
export interface WriterHandlerDeps {
  db: Kysely<WriterDatabase>;
  bus: Pick<Bus, 'request'>;
  runner: Pick<WritingRunner, 'ensureRunning' | 'resendCompletion'>;
}
