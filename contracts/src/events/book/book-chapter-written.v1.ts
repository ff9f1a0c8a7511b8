import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base, chapterProgress } from './event-fields';

export const bookChapterWrittenV1 = defineEvent({
  name: 'book.chapter-written',
  version: 1,
  schema: z.object({
    ...base,
    ...chapterProgress,
  }),
  description: 'One more chapter is written and saved: writing progress is chaptersWritten of chaptersTotal.',
});
