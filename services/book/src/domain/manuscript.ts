import { AppError, sentChapterNodes, TiptapDocumentSchema, TiptapNodeSchema } from '@bookwright/contracts/http';
import { z } from 'zod';
import {
  assembleManuscript,
  storedChapter,
  storedManuscript,
  type StoredChapter,
  type StoredManuscript,
} from './stored-manuscript';

export const manuscriptMessages = {
  contentNotJson: 'Book content must be the editor document as JSON text',
  contentInvalid: 'Book content is not a valid editor document',
} as const;

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

const ChapterNodesSchema = z.array(TiptapNodeSchema);

/**
 * An editor document sent as JSON text, checked and cut into its stored chapters, `content` being its one
 * stored form (so the same document always hashes the same). 400 with what is wrong.
 *
 * `stored`, the hashes of the chapters the book holds now: a chapter sent exactly as stored (its text
 * hashes to the stored hash at its place) was checked when it was saved and is not checked again, so an
 * autosave of a 100-page book runs the schema over the chapter that changed, not the whole book. The
 * answer is the same as without `stored` (a property test holds them together).
 */
export function parseManuscript(bookContent: string, stored?: readonly string[] | null): StoredManuscript {
  let raw: unknown;
  try {
    raw = JSON.parse(bookContent);
  } catch {
    throw new AppError(400, manuscriptMessages.contentNotJson);
  }
  return checkManuscript(raw, stored);
}

/** The same for a document already parsed from JSON (a live document's save sends it as an object). */
export function checkManuscript(raw: unknown, stored?: readonly string[] | null): StoredManuscript {
  const known = stored ? knownChapters(raw, stored) : undefined;
  if (!known) return checkedWhole(raw);
  const chapters: StoredChapter[] = [];
  for (const chapter of known) {
    if ('hash' in chapter) {
      chapters.push(chapter);
      continue;
    }
    const parsed = ChapterNodesSchema.safeParse(chapter.nodes);
    // The whole document's check names the place of what is wrong as it always did.
    if (!parsed.success) return checkedWhole(raw);
    chapters.push(storedChapter(parsed.data));
  }
  return { content: assembleManuscript(chapters.map((chapter) => chapter.nodes)), chapters };
}

function checkedWhole(raw: unknown): StoredManuscript {
  const parsed = TiptapDocumentSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(400, `${manuscriptMessages.contentInvalid}: ${firstIssue(parsed.error)}`);
  return storedManuscript(parsed.data);
}

/**
 * The document's chapters as sent, each either already stored (its stored form and hash) or still to be
 * checked (its nodes); undefined when the document is not even `{type: 'doc', content: [objects]}` with
 * nothing else, which only the whole check can describe.
 */
function knownChapters(raw: unknown, stored: readonly string[]): (StoredChapter | { nodes: unknown[] })[] | undefined {
  return sentChapterNodes(raw)?.map((nodes, position) => {
    const sent = storedChapter(nodes);
    return sent.hash === stored[position] ? sent : { nodes };
  });
}
