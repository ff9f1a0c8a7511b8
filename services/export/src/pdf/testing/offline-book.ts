import {
  FictionBookStateSchema,
  plannedChapters,
  type PlanRequest,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { composePlan } from '@bookwright/planner/offline';
import { composeChapterPart } from '@bookwright/writer/offline';
import type { ExportBook } from '../../export-book';
import { typesetExportBook } from './books';

/**
 * The default book of the offline writer (no model configured): its planner's plan for a standard
 * ("short") English novel and every chapter as its writer asks for it — the character budget of
 * services/writer's length.ts (160,000 characters shared by the chapters, at most 1,500 words a call),
 * each part continuing the previous one. The kind of book issue 21 measured (then 78 pages, now about
 * 100 with the writer's larger budget): the offline prose with its cast and sentence banks, paragraphs
 * as the writer stores them (one per blank-line-separated block).
 */
const request: PlanRequest = {
  prompt:
    'A lighthouse keeper finds letters that predict storms, and must decide whether to warn the town, covering courage, family secrets and the sea.',
  title: 'The Keeper of Storms',
  language: 'english',
  targetAudience: 'adult readers who like quiet suspense',
  genre: 'mystery',
  size: 'short',
};
const standardChars = 160_000;
const charsPerWord = 5.8;
const wordsPerCall = 1_500;

/**
 * `characters` sizes the book (the page-estimate calibration prints it at several lengths); the text is the
 * same for the same length, every run: the offline writer is deterministic.
 */
export async function offlineBook(characters: number = standardChars): Promise<ExportBook> {
  const chapters = plannedChapters(FictionBookStateSchema.parse(composePlan('fiction', request)));
  const words = Math.round(characters / chapters.length / charsPerWord);
  const parts = Math.ceil(words / wordsPerCall);
  const content: TiptapNode[] = [];
  for (const [index, chapter] of chapters.entries()) {
    let text = '';
    for (let part = 1; part <= parts; part += 1) {
      const written = composeChapterPart({
        kind: 'chapter-part',
        book: {
          title: request.title,
          genre: request.genre,
          language: request.language,
          targetAudience: request.targetAudience,
          bookType: 'fiction',
        },
        chapter: { ...chapter, number: index + 1, total: chapters.length },
        partNumber: part,
        partsTotal: parts,
        targetWords: Math.round(words / parts),
        previousTail: text.slice(-600),
      });
      text = text ? `${text}\n\n${written.trim()}` : written.trim();
    }
    content.push({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: chapter.title }] });
    for (const block of text.split(/\n\s*\n/)) {
      const paragraph = block.replace(/\s+/g, ' ').trim();
      if (paragraph === '' || /^#+\s/.test(paragraph)) continue;
      content.push(
        /^(\*\s*){3}$|^-{3,}$/.test(paragraph)
          ? { type: 'horizontalRule' }
          : { type: 'paragraph', content: [{ type: 'text', text: paragraph }] },
      );
    }
  }
  const document: TiptapDocument = { type: 'doc', content };
  return typesetExportBook({ title: request.title, document });
}
