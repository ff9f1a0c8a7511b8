import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { isoDateTimeSchema } from '../../entities/formats';

/*
 * Outcomes a program waits for (issue 45's webhooks): a file made, a translation finished. Named as the
 * webhook types that carry them.
 */
export const bookExportedV1 = defineEvent({
  name: 'book.exported',
  version: 1,
  schema: z.object({
    bookId: z.string(),
    /** Who asked for the file (the owner or a member allowed to export). */
    exportedBy: z.string(),
    format: z.enum(['epub', 'pdf', 'zip', 'docx']),
    fileName: z.string(),
    size: z.number().int().nonnegative(),
    /** Open suggestions left out of the file (its printed form); a Word file carries them as tracked changes. */
    openSuggestions: z.number().int().nonnegative(),
    at: isoDateTimeSchema,
  }),
  description:
    'The export service made a file of a book (EPUB, KDP PDF, ZIP of both, or Word) and holds it for download. The file itself is not in the event.',
});
