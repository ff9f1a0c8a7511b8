import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  ExternalHyperlink,
  InsertedTextRun,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import { safeHref } from '../epub/tiptap-to-xhtml';
import { revisionAuthor, type CommentPlacement, type DocxReview } from './review';

/*
 * The runs of a paragraph, with the book's review in them: text inside an open suggestion becomes a
 * tracked insertion or deletion (w:ins, w:del) by its author, and a comment's range opens and closes at
 * the characters its anchor covers, however the paragraphs and runs fall.
 */

/** A suggestion a run or a whole block is part of: Word's revision id, author and date. */
export interface Revision {
  kind: 'insertion' | 'deletion';
  id: number;
  author: string;
  date: string;
}

/** The formatting of a run, from the editor's marks. */
export type RunStyle = Pick<
  IRunOptions,
  'bold' | 'italics' | 'underline' | 'strike' | 'superScript' | 'subScript' | 'font' | 'smallCaps'
>;

interface CommentIds {
  /** Word comment ids: the thread's, then each reply's. */
  ids: number[];
  placement: CommentPlacement;
}

/**
 * Numbers Word's revisions (one per suggestion id and kind) and places the comments of one chapter at a
 * time, counting the chapter's characters as the anchors count them (`comparableText`: no whitespace).
 */
export class ReviewRuns {
  private readonly revisions = new Map<string, Revision>();
  private nextRevisionId: number;
  private chapterComments: CommentIds[] = [];
  private offset = 0;
  private readonly open = new Set<CommentIds>();
  /** Revisions written, for the report of what the file holds. */
  suggestions = 0;

  /** Revision ids start after the comments' ids: Word reads the ids of all annotations as one space. */
  constructor(
    private readonly review: DocxReview,
    private readonly comments: ReadonlyMap<number, CommentIds[]>,
    firstRevisionId: number,
  ) {
    this.nextRevisionId = firstRevisionId;
  }

  /** Starts a chapter (from 1): its comments are placed against its own characters. */
  startChapter(chapter: number): void {
    this.chapterComments = this.comments.get(chapter) ?? [];
    this.offset = 0;
    this.open.clear();
  }

  /** The comments of the chapter still open at its end (a range past the last character), closed here. */
  closeChapter(): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const comment of this.chapterComments) {
      if (!this.open.has(comment) && comment.placement.start < this.offset) continue;
      if (!this.open.has(comment)) out.push(...comment.ids.map((id) => new CommentRangeStart(id)));
      out.push(...this.ends(comment));
    }
    this.open.clear();
    return out;
  }

  /** The revision a suggestion mark stands for, numbered once per suggestion. */
  revision(kind: Revision['kind'], suggestionId: unknown): Revision {
    const key = `${kind}:${String(suggestionId)}`;
    let revision = this.revisions.get(key);
    if (!revision) {
      revision = { kind, id: this.nextRevisionId++, ...revisionAuthor(suggestionId, this.review) };
      this.revisions.set(key, revision);
      this.suggestions += 1;
    }
    return revision;
  }

  /** A revision id for a paragraph mark or anything else Word numbers with them. */
  nextId(): number {
    return this.nextRevisionId++;
  }

  /**
   * The runs of one piece of text: split where a comment opens or closes, each piece formatted, tracked
   * when it is inside a suggestion, and linked when it has a safe target.
   */
  text(text: string, style: RunStyle, revision: Revision | null, href: unknown): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    let piece = '';
    const flush = () => {
      if (piece !== '') out.push(...this.run({ ...style, text: piece }, revision, href));
      piece = '';
    };
    for (const char of text) {
      if (/\s/u.test(char)) {
        piece += char;
        continue;
      }
      const starting = this.chapterComments.filter((c) => c.placement.start === this.offset && !this.open.has(c));
      if (starting.length > 0) {
        flush();
        for (const comment of starting) {
          this.open.add(comment);
          out.push(...comment.ids.map((id) => new CommentRangeStart(id)));
        }
      }
      piece += char;
      this.offset += char.normalize('NFC').length;
      const ending = [...this.open].filter((c) => c.placement.end <= this.offset);
      if (ending.length > 0) {
        flush();
        for (const comment of ending) out.push(...this.ends(comment));
      }
    }
    flush();
    return out;
  }

  /** A line break inside a paragraph, tracked like the text around it. */
  lineBreak(style: RunStyle, revision: Revision | null): ParagraphChild[] {
    return this.run({ ...style, break: 1 }, revision, undefined);
  }

  private ends(comment: CommentIds): ParagraphChild[] {
    this.open.delete(comment);
    return comment.ids.flatMap((id) => [
      new CommentRangeEnd(id),
      new TextRun({ children: [new CommentReference(id)] }),
    ]);
  }

  private run(options: IRunOptions, revision: Revision | null, href: unknown): ParagraphChild[] {
    if (revision?.kind === 'insertion') {
      return [new InsertedTextRun({ ...options, id: revision.id, author: revision.author, date: revision.date })];
    }
    if (revision?.kind === 'deletion') {
      return [new DeletedTextRun({ ...options, id: revision.id, author: revision.author, date: revision.date })];
    }
    const link = safeHref(href);
    if (link === null) return [new TextRun(options)];
    return [new ExternalHyperlink({ link, children: [new TextRun({ ...options, style: 'Hyperlink' })] })];
  }
}

/** Word comment ids for every thread (the thread first, then its replies), grouped by chapter. */
export function numberComments(placements: readonly CommentPlacement[]): {
  byChapter: Map<number, CommentIds[]>;
  all: CommentIds[];
} {
  const byChapter = new Map<number, CommentIds[]>();
  const all: CommentIds[] = [];
  let next = 0;
  for (const placement of placements) {
    const ids = [next, ...placement.thread.replies.map((_, i) => next + 1 + i)];
    next += ids.length;
    const entry = { ids, placement };
    all.push(entry);
    byChapter.set(placement.chapter, [...(byChapter.get(placement.chapter) ?? []), entry]);
  }
  return { byChapter, all };
}
