import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base, chapterProgress } from './event-fields';

export const bookChapterTranslatedV1 = defineEvent({
  name: 'book.chapter-translated',
  version: 1,
  schema: z.object({
    ...base,
    ...chapterProgress,
  }),
  description:
    'One more chapter of a translation is translated and saved: progress is chaptersWritten of chaptersTotal.',
});
