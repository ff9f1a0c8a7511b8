import { z } from 'zod';
import {
  BookLanguageSchema,
  BookStateSchema,
  chaptersOf,
  TiptapDocumentSchema,
  type BookLanguage,
  type ManuscriptChapter,
} from '@bookwright/contracts/http';
import { printedManuscript } from '@bookwright/manuscript';
import type { WritingJobRow } from '../db/schema';
import { glossaryOf, type GlossaryEntry } from '../domain/translation/glossary';
import { JobBriefSchema, type JobBrief } from '../writing/job';

/** What a translation job snapshots of its original when it is created. */
export const TranslationSourceSchema = z.object({
  sourceBookId: z.string(),
  sourceLanguage: BookLanguageSchema,
  document: TiptapDocumentSchema,
});
export type TranslationSource = z.infer<typeof TranslationSourceSchema>;

/** A translation job as the writer works on it: the original cut into chapters, the glossary laid out. */
export interface LoadedTranslationJob {
  id: string;
  bookId: string;
  userId: string;
  attempt: number;
  /** The new book's brief: its `language` is the one translated into. */
  brief: JobBrief;
  sourceLanguage: BookLanguage;
  language: BookLanguage;
  glossary: GlossaryEntry[];
  chapters: ManuscriptChapter[];
}

export function loadTranslationJob(row: WritingJobRow): LoadedTranslationJob {
  const brief = JobBriefSchema.parse(row.brief);
  const source = TranslationSourceSchema.parse(row.source);
  const plan = row.plan === null ? null : BookStateSchema.nullable().parse(row.plan);
  return {
    id: row.id,
    bookId: row.book_id,
    userId: row.user_id,
    attempt: row.current_attempt,
    brief,
    sourceLanguage: source.sourceLanguage,
    language: brief.language,
    glossary: glossaryOf(plan),
    // What is translated is the text as it prints: open suggestions rejected, comment anchors out (decision
    // 0043); a translation starts with no review of its own. The snapshot is taken printed; a job queued
    // before that was so is printed here.
    chapters: chaptersOf(printedManuscript(source.document)),
  };
}
