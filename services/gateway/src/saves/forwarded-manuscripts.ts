import { createHash } from 'node:crypto';
import { sentChapterNodes, type ChapterSave, type TiptapNode } from '@bookwright/contracts';

/**
 * A whole manuscript as a client sent it, cut into its chapters (contracts' `chaptersOf`, the cut the book
 * service stores and a partial save names places in), each with a hash of its nodes' JSON.
 */
export interface SentChapter {
  nodes: TiptapNode[];
  hash: string;
}

/**
 * `bookContent` cut into chapters, or undefined for anything but `{type: 'doc', content: [objects]}` with
 * nothing else: such a body goes to the book service whole, which says what is wrong with it or stores
 * what it keeps of it. The nodes are not checked here (the book service checks the chapters it is sent);
 * the hash is of their JSON as parsed, so two bodies that differ only in spacing hash the same.
 */
export function sentChapters(bookContent: string): SentChapter[] | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(bookContent);
  } catch {
    return undefined;
  }
  return sentChapterNodes(raw)?.map((nodes) => ({
    nodes,
    hash: createHash('sha256').update(JSON.stringify(nodes)).digest('base64url'),
  }));
}

/** The chapters a whole save changed, to send as a partial save under the one tag they were compared at. */
export interface ChapterDelta {
  etag: string;
  chapters: ChapterSave[];
}

/**
 * The manuscripts this gateway replica forwarded last, per user and book: the ETag the book service
 * answered and the hashes of the chapters sent (decision 0040). The editor's whole save names that ETag in
 * `If-Match`; the book then holds exactly those chapters (any answered save leaves the book holding what
 * it sent at the version it answers), so the save's chapters whose hash did not change are already stored
 * and only the others need to cross the bus: the whole save goes to the book service as the partial save
 * of those chapters, under that one tag. A wrong or lost memory costs a whole save, never a chapter: the
 * book service refuses a partial save at any other version, and the route then sends the whole body.
 */
export class ForwardedManuscripts {
  /** Insertion order is recency: a remembered book moves to the end. */
  readonly #books = new Map<string, { etag: string; hashes: readonly string[] }>();

  /** `maxBooks`: most books remembered (only hashes, about 50 bytes a chapter); the least recent goes first. */
  constructor(private readonly maxBooks = 2_000) {}

  get size(): number {
    return this.#books.size;
  }

  /**
   * The chapters of `sent` that differ from the ones remembered, when the remembered ETag is among
   * `ifMatch` and the manuscript has as many chapters; undefined when the whole save must go as it is
   * (nothing remembered at that version, a chapter added or removed, nothing changed, or every chapter).
   */
  changedSince(userId: string, bookId: string, ifMatch: readonly string[], sent: readonly SentChapter[]) {
    const held = this.#books.get(key(userId, bookId));
    if (!held || !ifMatch.includes(held.etag) || held.hashes.length !== sent.length) return undefined;
    const chapters = sent.flatMap((chapter, index) =>
      chapter.hash === held.hashes[index] ? [] : [{ index, content: chapter.nodes }],
    );
    // Nothing changed: the whole save answers that without a write. Everything changed: it costs the same.
    if (chapters.length === 0 || chapters.length === sent.length) return undefined;
    return { etag: held.etag, chapters } satisfies ChapterDelta;
  }

  /** The book answered `etag` to a save of `sent`: it holds those chapters at that version. */
  remember(userId: string, bookId: string, etag: string, sent: readonly SentChapter[]): void {
    const at = key(userId, bookId);
    this.#books.delete(at);
    this.#books.set(at, { etag, hashes: sent.map((chapter) => chapter.hash) });
    if (this.#books.size > this.maxBooks) {
      const oldest = this.#books.keys().next();
      if (!oldest.done) this.#books.delete(oldest.value);
    }
  }

  forget(userId: string, bookId: string): void {
    this.#books.delete(key(userId, bookId));
  }
}

const key = (userId: string, bookId: string) => `${userId}\u0000${bookId}`;
