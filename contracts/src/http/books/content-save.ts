import { z } from 'zod';
import { chapterNodesTooDeep, documentDepthMessages, documentTooDeep } from '../../entities/book/document-depth';
import { isoDateTimeSchema } from '../../entities/formats';

/**
 * A whole manuscript as the editor's JSON text (book.content.update): refused unparsed when it nests
 * deeper than the editor can make, so neither the gateway nor the book service recurses over it.
 */
export const ManuscriptTextSchema = z
  .string()
  .refine((text) => !documentTooDeep(text), { message: documentDepthMessages.tooDeep });

/**
 * PATCH /book/content/{id} with `chapters`: only the chapters that changed, each named by its place in
 * `chaptersOf(manuscript)` (from 0, in reading order) and carrying all of its nodes, heading first. The
 * nodes are checked against the editor's schema by the book service, which owns the manuscript; here only
 * their shape, so a chapter is parsed once.
 */
export const ChapterSaveSchema = z.object({
  index: z.number().int().min(0).max(100_000).describe("The chapter's place in the manuscript, from 0 (chaptersOf)"),
  content: z
    .array(z.record(z.string(), z.unknown()))
    .max(200_000)
    .describe("The chapter's nodes (tiptap JSON), its level-1 heading first"),
});
export type ChapterSave = z.infer<typeof ChapterSaveSchema>;

export const ChaptersSaveSchema = z
  .array(ChapterSaveSchema)
  .min(1, 'Send at least one chapter')
  .max(10_000)
  .refine((chapters) => new Set(chapters.map((chapter) => chapter.index)).size === chapters.length, {
    message: 'Each chapter may be sent once',
  })
  // Here, so the gateway refuses before the bus stringifies the chapters and the book service before its
  // schema recurses over them (document-depth.ts).
  .refine((chapters) => !chapters.some((chapter) => chapterNodesTooDeep(chapter.content)), {
    message: documentDepthMessages.tooDeep,
  });

/** The answer to a save sent with `Prefer: return=minimal` (RFC 7240): the new version, not the book. */
export const SavedContentSchema = z.object({ etag: z.string(), updatedAt: isoDateTimeSchema });
export type SavedContent = z.infer<typeof SavedContentSchema>;

/** What a save answers: the whole book (the default) or only its new version (`Prefer: return=minimal`). */
export const SaveAnswerSchema = z.enum(['book', 'version']);
export type SaveAnswer = z.infer<typeof SaveAnswerSchema>;

export const partialSaveMessages = {
  /** 428: a chapter's place only means something in the version it was cut from. */
  ifMatchRequired: 'A save of some chapters needs If-Match: the ETag of the manuscript they were cut from',
  /** 409: there is nothing to cut into chapters yet. */
  noManuscript: 'This book has no manuscript yet: save the whole manuscript',
  unknownChapter: (index: number, count: number) =>
    `There is no chapter ${index} in this manuscript (it has ${count}, numbered from 0)`,
  chapterInvalid: 'A chapter is not a valid part of an editor document',
} as const;
