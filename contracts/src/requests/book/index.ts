import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema, BookSummarySchema, FailedStepSchema } from '../../entities/book/book';
import { BookLanguageSchema } from '../../constants/languages';
import { PlanRequestSchema } from '../../http/agent/plan';
import { UpdateMetadataRequestSchema } from '../../http/books/metadata';
import {
  ChaptersSaveSchema,
  ManuscriptTextSchema,
  SaveAnswerSchema,
  SavedContentSchema,
} from '../../http/books/content-save';
import { RevisionSchema, RevisionSummarySchema, SaveRevisionRequestSchema } from '../../http/books/revisions';
import { TakeoutVersionSchema } from '../../http/user/takeout';
import { TranslationTitleSchema } from '../../http/books/translate';
import { RewritePlanContextSchema } from '../../http/books/rewrite';
import { defineHealthRequest } from '../health';
import { bookTrashRequests } from './trash';
import { bookMemberRequests } from './members';
import { workspaceRequests } from './workspaces';
import { bookCollabRequests } from './collab';
import { bookCommentRequests } from './comments';
import { BookActionSchema } from '../../entities/book/access';
import { BookStateInputSchema } from '../../entities/book/document-depth';
import { importManuscriptRequest } from './import-manuscript';
import { searchBooksRequest } from './search';

const owned = { userId: z.string(), bookId: z.string() };

/**
 * The entity tags of a conditional save (If-Match, already checked for form by the gateway): the save
 * happens only if the book is at one of them, else 412. Absent: no condition (last write wins).
 */
const ifMatch = { ifMatch: z.array(z.string()).min(1).max(20).optional() };

/** What the planner and writer need to know about a book (internal: no owner check). */
export const BookBriefSchema = BookSchema.pick({
  _id: true,
  title: true,
  subtitle: true,
  genre: true,
  bookType: true,
  language: true,
  targetAudience: true,
  size: true,
  prompt: true,
  author: true,
  status: true,
  bookState: true,
  translation: true,
}).extend({ userId: z.string() });
export type BookBrief = z.infer<typeof BookBriefSchema>;

export const bookRequests = {
  health: defineHealthRequest('book'),
  ...bookTrashRequests,
  ...bookMemberRequests,
  ...workspaceRequests,
  ...bookCollabRequests,
  ...bookCommentRequests,
  importManuscript: importManuscriptRequest,
  search: searchBooksRequest,
  create: defineRequest({
    name: 'book.create',
    version: 1,
    request: z.object({
      userId: z.string(),
      plan: PlanRequestSchema,
      requestId: z.string().min(1).max(190),
      workspaceId: z
        .string()
        .optional()
        .describe("A workspace the person belongs to: the book is the workspace's, paid from its pool"),
    }),
    response: BookSchema,
    description:
      'POST /agent/plan: reserves one book of the monthly allowance (403 with the spec text when none is left), stores the book in planning and asks the planner for its plan (book.planning-requested). The same requestId pays once and returns the same book.',
  }),
  list: defineRequest({
    name: 'book.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({ books: z.array(BookSummarySchema) }),
    description:
      "The person's library, newest first, without plan and manuscript: their own books, the books shared with them, and the books of their workspaces (each with workspaceId).",
  }),
  get: defineRequest({
    name: 'book.get',
    version: 1,
    request: z.object({
      ...owned,
      action: BookActionSchema.optional().describe(
        'What the caller will do with the book (read when absent): export and cover services ask for export and manage',
      ),
    }),
    response: BookSchema,
    description:
      'A book the user has a role on (role in the answer); 404 for an unknown id and for a book they have no role on, 403 (naming what the role may not do) when their role may not do `action`.',
  }),
  updateState: defineRequest({
    name: 'book.state.update',
    version: 1,
    request: z.object({
      ...owned,
      // Its depth before the bus stringifies it and the book service's schema reads it (document-depth.ts).
      newBookState: BookStateInputSchema,
    }),
    response: BookSchema,
    description:
      'Replaces the whole bookState (validated against the book’s fiction/non-fiction shape). 409 while planning or writing.',
  }),
  setCover: defineRequest({
    name: 'book.cover.set',
    version: 1,
    request: z.object({ ...owned, coverImage: z.string().nullable() }),
    response: BookSchema,
    description: 'Points the book at a cover image URL (or removes it).',
  }),
  updateContent: defineRequest({
    name: 'book.content.update',
    version: 1,
    request: z.object({ ...owned, bookContent: ManuscriptTextSchema, ...ifMatch, answer: SaveAnswerSchema.optional() }),
    response: z.union([BookSchema, SavedContentSchema]),
    description:
      "Replaces the manuscript (tiptap JSON text; invalid documents get 400). 409 unless the book is ready. With ifMatch, 412 (extra: etag, updatedAt) unless the book is at one of those tags, checked under the row lock. Answers the book, or only its etag and updatedAt when answer is 'version'.",
  }),
  updateChapters: defineRequest({
    name: 'book.chapters.update',
    version: 1,
    request: z.object({
      ...owned,
      chapters: ChaptersSaveSchema,
      ifMatch: ifMatch.ifMatch.unwrap(),
      answer: SaveAnswerSchema.optional(),
    }),
    response: z.union([BookSchema, SavedContentSchema]),
    description:
      'Replaces some chapters of the manuscript (chaptersOf: cut at its level-1 headings, numbered from 0), under the same If-Match rules as book.content.update, which is required here: 412 (extra: etag, updatedAt) unless the book is at one of those tags. 400 for a chapter the manuscript does not have or an invalid node, 409 for a book with no manuscript or not ready. Answers like book.content.update.',
  }),
  updateMetadata: defineRequest({
    name: 'book.metadata.update',
    version: 1,
    request: z.object({ ...owned, metadata: UpdateMetadataRequestSchema, ...ifMatch }),
    response: BookSchema,
    description: 'Saves the publishing metadata. With ifMatch, 412 like book.content.update.',
  }),
  confirm: defineRequest({
    name: 'book.confirm',
    version: 1,
    request: z.object(owned),
    response: BookSchema,
    description: 'Confirms the structure: validation → writing. 409 in any other status.',
  }),
  retry: defineRequest({
    name: 'book.retry',
    version: 1,
    request: z.object(owned),
    response: BookSchema,
    description:
      'Retries the step that failed (planning or writing), reserving one book of the allowance again (403 when none is left). 409 unless the book failed.',
  }),
  translate: defineRequest({
    name: 'book.translate',
    version: 1,
    request: z.object({
      ...owned,
      language: BookLanguageSchema,
      title: TranslationTitleSchema.optional(),
      requestId: z.string().min(1).max(190),
    }),
    response: BookSchema,
    description:
      'POST /book/{id}/translate: from a ready book (the new book is titled `title`, else suggestedTranslationTitle), reserves one translation of the monthly allowance (402 without a plan, 403 with the spec text when none is left), stores a new book in translating linked to the original, and asks the writer to translate it (book.translation-requested). The same requestId pays once and returns the same new book.',
  }),
  // Internal: billing's reconciliation of reservations that no book confirmed.
  holdsAllowance: defineRequest({
    name: 'book.allowance.held',
    version: 1,
    request: z.object({ userId: z.string(), key: z.string().min(1).max(200) }),
    response: z.object({ held: z.boolean() }),
    description:
      "Internal: whether one of the user's books holds the allowance reserved under this key (its creation, translation or current retry); billing gives back a reservation that none holds.",
  }),
  // Internal: the writer reads its brief and reports its work.
  getBrief: defineRequest({
    name: 'book.brief.get',
    version: 1,
    request: z.object({ bookId: z.string() }),
    response: BookBriefSchema,
    description: 'Internal: the request and plan of a book, for the writer.',
  }),
  recordFailure: defineRequest({
    name: 'book.failure.record',
    version: 1,
    request: z.object({ bookId: z.string(), step: FailedStepSchema, reason: z.string().max(1_000) }),
    response: z.object({ applied: z.boolean() }),
    description:
      'Internal: marks the step as failed with a reason the author can read; the allowance of the attempt is given back.',
  }),
  completeManuscript: defineRequest({
    name: 'book.manuscript.complete',
    version: 1,
    request: z.object({
      bookId: z.string(),
      contentBlobKey: z.string(),
      words: z.number().int().min(0),
      pages: z.number().int().min(0),
    }),
    response: z.object({ applied: z.boolean() }),
    description:
      'Internal: the finished manuscript (tiptap JSON in the blob store under contentBlobKey); writing or translating → ready.',
  }),
  // Revision history (the book service's handlers/<verb>-revisions.ts).
  listRevisions: defineRequest({
    name: 'book.revisions.list',
    version: 1,
    request: z.object(owned),
    response: z.object({ revisions: z.array(RevisionSummarySchema) }),
    description: 'The manuscript snapshots of one of the user’s books, newest first, without their text.',
  }),
  getRevision: defineRequest({
    name: 'book.revisions.get',
    version: 1,
    request: z.object({ ...owned, revisionId: z.string() }),
    response: RevisionSchema,
    description: 'One snapshot with its text; 404 for an unknown revision or anyone else’s book.',
  }),
  restoreRevision: defineRequest({
    name: 'book.revisions.restore',
    version: 1,
    request: z.object({ ...owned, revisionId: z.string() }),
    response: BookSchema,
    description:
      'Puts a snapshot back as the manuscript, after keeping the manuscript it replaces as a revision. 409 unless ready.',
  }),
  saveRevision: defineRequest({
    name: 'book.revisions.save',
    version: 1,
    request: z.object({ ...owned, ...SaveRevisionRequestSchema.shape }),
    response: RevisionSchema,
    description:
      'Keeps a version for good ("Save a version"): the current manuscript, or the given text without changing the manuscript. 409 unless ready.',
  }),
  keepBeforeRewrite: defineRequest({
    name: 'book.revisions.keep-before-rewrite',
    version: 1,
    request: z.object(owned),
    response: z.object({ kept: z.boolean() }),
    description:
      'Keeps the manuscript as a revision before an AI rewrite is applied to it (nothing when it is already the newest revision).',
  }),
  // The takeout (GET /user/export): every book the user holds, trashed ones too, one book per answer.
  takeoutList: defineRequest({
    name: 'book.takeout.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({
      books: z.array(
        z.object({
          bookId: z.string(),
          title: z.string(),
          /** When it went to the trash; null for a book in the library. */
          deletedAt: z.string().nullable(),
          /** False while there is no manuscript yet (planning, validation). */
          hasManuscript: z.boolean(),
          /** A book shared with the user (a role that may export it), not their own. */
          shared: z.boolean(),
          versions: z.array(TakeoutVersionSchema),
        }),
      ),
    }),
    description:
      'Every book of the user, trashed ones included, newest first, then the books shared with them that their role may export (marked shared), with their named versions (no texts): what the takeout zip will hold.',
  }),
  takeoutBook: defineRequest({
    name: 'book.takeout.book',
    version: 1,
    request: z.object(owned),
    response: z.object({ book: BookSchema, deletedAt: z.string().nullable() }),
    description: 'One book whole (plan and manuscript), trashed or not, for the takeout; 404 for anyone else’s.',
  }),
  takeoutVersion: defineRequest({
    name: 'book.takeout.version',
    version: 1,
    request: z.object({ ...owned, revisionId: z.string() }),
    response: z.object({ bookContent: z.string() }),
    description: 'The text of one named version, trashed book or not, for the takeout; 404 otherwise.',
  }),
  rewriteContext: defineRequest({
    name: 'book.rewrite.context',
    version: 1,
    request: z.object({ ...owned, chapterTitle: z.string().max(300).optional() }),
    response: RewritePlanContextSchema,
    description: 'What a passage rewrite needs to know of the plan: the characters and the chapter’s outline.',
  }),
} as const;
