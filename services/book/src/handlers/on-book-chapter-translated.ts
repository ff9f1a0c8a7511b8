import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { recordWritingProgress } from '../domain/writing-progress';

/** book.chapter-translated: one more chapter of a book being translated. */
export function onBookChapterTranslated(deps: BookHandlerDeps) {
  return async (data: z.output<(typeof events.bookChapterTranslated)['schema']>, _meta: EventMeta) => {
    await recordWritingProgress(deps, data);
  };
}
