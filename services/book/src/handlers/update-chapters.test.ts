import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterNodes,
  chaptersOf,
  conditionalSaveMessages,
  partialSaveMessages,
  type Book,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts';
import { appErrorFrom } from '@bookwright/contracts/testing';
import { oneBook } from '../testing/one-book';
import { bookRow } from '../testing/book-row';
import { booksRepository } from '../repositories/books.repository';
import { getBook } from './get';
import { applyChapters, updateChapters } from './update-chapters';
import { updateContent } from './update-content';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const paragraph = (text: string): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string): TiptapNode => ({
  type: 'heading',
  attrs: { level: 1 },
  content: [{ type: 'text', text }],
});
const chapter = (title: string, ...texts: string[]) => [heading(title), ...texts.map(paragraph)];
const documentOf = (...chapters: TiptapNode[][]): TiptapDocument => ({ type: 'doc', content: chapters.flat() });

async function setUp(start = documentOf(chapter('One', 'first'), chapter('Two', 'second'))) {
  const world = await oneBook();
  cleanUps.push(world.close);
  const whole = (document: TiptapDocument, ifMatch?: string[], answer?: 'book' | 'version') =>
    updateContent(world.deps)({ userId: 'u1', bookId: 'b1', bookContent: JSON.stringify(document), ifMatch, answer });
  const chapters = (list: { index: number; content: unknown[] }[], ifMatch: string[], answer?: 'book' | 'version') =>
    updateChapters(world.deps)({
      userId: 'u1',
      bookId: 'b1',
      chapters: list as { index: number; content: Record<string, unknown>[] }[],
      ifMatch,
      answer,
    });
  const get = () => getBook(world.deps)({ userId: 'u1', bookId: 'b1' });
  const { etag } = await whole(start);
  return { ...world, whole, chapters, get, etag };
}

const later = (run: () => unknown) => Promise.resolve().then(run);

describe('applyChapters', () => {
  it('puts the chapters in place and leaves the others as stored', () => {
    const stored = JSON.stringify(documentOf([paragraph('before')], chapter('One', 'a'), chapter('Two', 'b')));
    const next = applyChapters(stored, [{ index: 2, content: chapter('Two', 'b2') as Record<string, unknown>[] }]);
    expect(next).toBe(JSON.stringify(documentOf([paragraph('before')], chapter('One', 'a'), chapter('Two', 'b2'))));
  });

  it('refuses a place the manuscript does not have and a node the editor cannot make', async () => {
    const stored = JSON.stringify(documentOf(chapter('One', 'a')));
    expect(await appErrorFrom(later(() => applyChapters(stored, [{ index: 1, content: [] }])))).toMatchObject({
      status: 400,
      message: partialSaveMessages.unknownChapter(1, 1),
    });
    expect(
      await appErrorFrom(later(() => applyChapters(stored, [{ index: 0, content: [{ type: 'iframe' }] }]))),
    ).toMatchObject({
      status: 400,
    });
  });
});

describe('partial saves (book.chapters.update)', () => {
  it('saves one chapter under a matching tag, and answers only the version when asked', async () => {
    const { chapters, get, etag } = await setUp();
    const answer = await chapters([{ index: 1, content: chapter('Two', 'edited') }], [etag], 'version');
    const book = await get();
    expect(answer).toEqual({ etag: book.etag, updatedAt: book.updatedAt });
    expect(book.bookContent).toBe(JSON.stringify(documentOf(chapter('One', 'first'), chapter('Two', 'edited'))));
  });

  it('refuses a stale tag with 412 and the current version, and stores nothing', async () => {
    const { chapters, get, etag } = await setUp();
    const first = (await chapters([{ index: 0, content: chapter('One', 'a') }], [etag])) as Book;
    const error = await appErrorFrom(chapters([{ index: 0, content: chapter('One', 'b') }], [etag]));
    expect(error).toMatchObject({
      status: 412,
      message: conditionalSaveMessages.stale,
      extra: { etag: first.etag, updatedAt: first.updatedAt },
    });
    expect((await get()).bookContent).toBe(first.bookContent);
  });

  it('answers 409 for a book with no manuscript', async () => {
    const { deps } = await setUp();
    await booksRepository.insert(deps.db, bookRow({ id: 'b2', status: 'ready', book_content: null }));
    const error = await appErrorFrom(
      updateChapters(deps)({ userId: 'u1', bookId: 'b2', chapters: [{ index: 0, content: [] }], ifMatch: ['"v1"'] }),
    );
    expect(error).toMatchObject({ status: 409, message: partialSaveMessages.noManuscript });
  });

  it('stores after any sequence of partial saves exactly what a whole save of the final text stores', async () => {
    const texts = fc.stringMatching(/^[\p{L} ,.!?'-]{1,20}$/u);
    const edit = fc.record({ index: fc.nat({ max: 2 }), title: texts, paragraphs: fc.array(texts, { maxLength: 3 }) });
    const start = documentOf([paragraph('preface')], chapter('One', 'first'), chapter('Two', 'second'));
    const partial = await setUp(start);
    const whole = await setUp(start);
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 5 }), async (edits) => {
        let document = JSON.parse((await partial.get()).bookContent!) as TiptapDocument;
        for (const { index, title, paragraphs } of edits) {
          // The first "chapter" is the text before the first heading: it stays without one.
          const content =
            index === 0 ? [paragraph(title), ...paragraphs.map(paragraph)] : chapter(title, ...paragraphs);
          await partial.chapters([{ index, content }], [(await partial.get()).etag]);
          const parts = chaptersOf(document).map(chapterNodes);
          parts[index] = content;
          document = { type: 'doc', content: parts.flat() };
        }
        await whole.whole(document);
        expect((await partial.get()).bookContent).toBe((await whole.get()).bookContent);
      }),
      { numRuns: 25 },
    );
  });

  it('within the revision throttle, stores a save in two statements: the locked read and one UPDATE with its event', async () => {
    const world = await setUp();
    const statements: string[] = [];
    const counted = world.deps.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const deps = { ...world.deps, db: counted };
    const { etag } = await world.get();
    await updateChapters(deps)({
      userId: 'u1',
      bookId: 'b1',
      chapters: [{ index: 0, content: chapter('One', 'x') }],
      ifMatch: [etag],
    });
    await updateContent(deps)({
      userId: 'u1',
      bookId: 'b1',
      bookContent: JSON.stringify(documentOf(chapter('One', 'y'))),
    });
    // BEGIN and COMMIT go to the driver, not through the plugin.
    expect(statements).toEqual(['SelectQueryNode', 'UpdateQueryNode', 'SelectQueryNode', 'UpdateQueryNode']);
    const outbox = await world.deps.db
      .withTables<{ outbox: { event_name: string; payload: unknown } }>()
      .selectFrom('outbox')
      .select(['event_name', 'payload'])
      .where('event_name', '=', 'book.updated')
      .execute();
    // The setup's save, then these two: each one announced.
    expect(outbox).toHaveLength(3);
  });
});
