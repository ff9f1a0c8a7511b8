import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookLanguageSchema, BookTypeSchema, GenreSchema } from '../../constants';
import { BookStatusSchema, FailedStepSchema } from '../../entities/book/book';
import { BookAllowanceKindSchema, heldAllowanceFields } from './held-allowance';

const base = { bookId: z.string(), userId: z.string() };

export const bookCreatedV1 = defineEvent({
  name: 'book.created',
  version: 1,
  schema: z.object({
    ...base,
    title: z.string(),
    genre: GenreSchema,
    bookType: BookTypeSchema,
    language: BookLanguageSchema,
    targetAudience: z.string(),
    size: z.enum(['short', 'long']),
    prompt: z.string(),
    workspaceId: z.string().optional().describe("A team workspace's book: userId is the workspace's owner"),
    createdBy: z.string().optional().describe('Who created it, when not userId (a member of the workspace)'),
    ...heldAllowanceFields,
  }),
  description:
    'A book was created from a plan request and is in status planning. Billing keeps the reservation it holds (allowanceKey).',
});

export const bookPlannedV1 = defineEvent({
  name: 'book.planned',
  version: 1,
  schema: z.object(base),
  description: 'The plan (bookState) is ready; the book is in status validation and waits for the author.',
});

export const bookConfirmedV1 = defineEvent({
  name: 'book.confirmed',
  version: 1,
  schema: z.object({ ...base, attempt: z.number().int().positive(), ...heldAllowanceFields }),
  description:
    'The author confirmed the structure (or retried failed writing); the writer should write (or resume) the book. Billing keeps the reservation it holds (allowanceKey).',
});

/** Progress of a book being written or translated: the chapter just saved, and how many of how many are. */
const chapterProgress = {
  chapterNumber: z.number().int().positive(),
  chaptersWritten: z.number().int().min(0),
  chaptersTotal: z.number().int().positive(),
};

export const bookChapterWrittenV1 = defineEvent({
  name: 'book.chapter-written',
  version: 1,
  schema: z.object({
    ...base,
    ...chapterProgress,
  }),
  description: 'One more chapter is written and saved: writing progress is chaptersWritten of chaptersTotal.',
});

export const bookTranslationRequestedV1 = defineEvent({
  name: 'book.translation-requested',
  version: 1,
  schema: z.object({
    ...base,
    attempt: z.number().int().positive(),
    sourceBookId: z.string(),
    sourceLanguage: BookLanguageSchema,
    language: BookLanguageSchema,
    /** The original's manuscript (tiptap JSON) as it was when the translation was asked for, in the blob store. */
    sourceContentKey: z.string(),
    ...heldAllowanceFields,
  }),
  description:
    "A new book (status translating) is to be translated from sourceBookId into language; the writer translates it chapter by chapter (or resumes, for a later attempt), and the cover service gives it the original's cover art with its own title. Billing keeps the reservation it holds (allowanceKey, allowanceKind).",
});

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

export const bookReadyV1 = defineEvent({
  name: 'book.ready',
  version: 1,
  schema: z.object({ ...base, words: z.number().int().min(0), pages: z.number().int().min(0) }),
  description: 'The manuscript is complete and stored; the book is in status ready.',
});

export const bookFailedV1 = defineEvent({
  name: 'book.failed',
  version: 1,
  schema: z.object({
    ...base,
    step: FailedStepSchema,
    reason: z.string(),
    /** The allowance reservation of the failed attempt (`billing.allowance.consume` key): billing gives it back. */
    allowanceKey: z.string().optional(),
    /** Which allowance the reservation took from; absent = `book` (events from before translations). */
    allowanceKind: BookAllowanceKindSchema.optional(),
  }),
  description:
    'Planning, writing or translating failed for good; the book is in status failed and can be retried. Billing gives back the allowance (allowanceKind, default book) held under allowanceKey.',
});

export const bookUpdatedV1 = defineEvent({
  name: 'book.updated',
  version: 1,
  schema: z.object({
    ...base,
    fields: z.array(z.string()),
    status: BookStatusSchema,
  }),
  description: 'The author changed the book (structure, content, metadata or cover); `fields` names what changed.',
});

export const bookDeletedV1 = defineEvent({
  name: 'book.deleted',
  version: 1,
  schema: z.object({ ...base, deletedAt: z.string() }),
  description:
    'The book is gone for good: deleted from the trash by its author, purged 30 days after it was trashed, or ' +
    "its author's account was deleted. Every service removes what it holds of it (chapter jobs, cover " +
    'records and images, exports, manuscripts). Handlers must be idempotent.',
});
