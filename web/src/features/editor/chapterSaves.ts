import { chapterNodes, chaptersOf, type ChapterSave, type TiptapDocument } from '@bookwright/contracts';
import type { ConditionalPatch, MinimalSaveOutcome, SaveOutcome, VersionedBook } from './conditionalRequests';

function parse(bookContent: string): TiptapDocument | undefined {
  try {
    const document = JSON.parse(bookContent) as unknown;
    return typeof document === 'object' && document !== null && Array.isArray((document as TiptapDocument).content)
      ? (document as TiptapDocument)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chapters (contracts' `chaptersOf`: cut at level-1 headings, numbered from 0) where `current` differs
 * from `saved`, each with all its nodes; undefined when only a whole save can say it: the chapters were
 * added, removed, split or merged (their places moved), a text is not a document, or nothing differs
 * chapter by chapter although the texts do.
 */
export function changedChapters(saved: string, current: string): ChapterSave[] | undefined {
  const before = parse(saved);
  const after = parse(current);
  if (!before || !after) return undefined;
  const old = chaptersOf(before).map((chapter) => JSON.stringify(chapterNodes(chapter)));
  const now = chaptersOf(after);
  if (old.length !== now.length) return undefined;
  const changed: ChapterSave[] = [];
  now.forEach((chapter, index) => {
    const nodes = chapterNodes(chapter);
    if (JSON.stringify(nodes) !== old[index]) changed.push({ index, content: nodes as ChapterSave['content'] });
  });
  return changed.length > 0 ? changed : undefined;
}

/** What a partial save may be refused for that a whole save of the same text would not be. */
const wholeSaveAfter = new Set([400, 409, 428]);

export interface ManuscriptSenderDeps {
  bookId: string;
  /** A conditional save sent with `Prefer: return=minimal`, whole or partial. */
  patch: (request: ConditionalPatch) => Promise<MinimalSaveOutcome>;
  /** The book as the page holds it: a minimal answer is laid over it. */
  book: () => VersionedBook;
}

/**
 * The manuscript saver's `send`. After the first stored save it knows which text the server holds at which
 * ETag; a save made on that ETag then sends only the chapters that changed. Every save, whole or partial,
 * asks for `Prefer: return=minimal`: the page already holds the text it sent, so the server need not send
 * the manuscript back. A partial save refused where a whole save would pass (400, 409, 428: the server cut
 * the chapters differently, or has no manuscript) is sent again whole at once; a 412 is the same conflict as
 * ever.
 */
export function createManuscriptSender(deps: ManuscriptSenderDeps) {
  let stored: { bookContent: string; etag: string } | undefined;
  return async function send(
    bookContent: string,
    etag: string | undefined,
    requestId: string,
    keepalive: boolean,
  ): Promise<SaveOutcome> {
    const save = async (body: { chapters: ChapterSave[] } | { bookContent: string }): Promise<SaveOutcome> => {
      const outcome = await deps.patch({ target: 'content', bookId: deps.bookId, etag, requestId, keepalive, body });
      if (outcome.kind !== 'saved') return outcome;
      const { etag: next, updatedAt } = outcome.saved;
      stored = { bookContent, etag: next };
      // The server now holds this text at the answered version; the rest of the book is the page's.
      return { kind: 'saved', etag: next, book: { ...deps.book(), bookContent, etag: next, updatedAt } };
    };
    const chapters =
      stored !== undefined && etag === stored.etag ? changedChapters(stored.bookContent, bookContent) : undefined;
    if (chapters) {
      const outcome = await save({ chapters });
      if (outcome.kind !== 'failed' || !wholeSaveAfter.has(outcome.status)) return outcome;
    }
    stored = undefined;
    return save({ bookContent });
  };
}
