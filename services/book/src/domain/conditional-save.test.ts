import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conditionalSaveMessages, type Book, type UpdateMetadataRequest } from '@bookwright/contracts/http';
import { appErrorFrom } from '@bookwright/contracts/testing';
import { doc, oneBook } from '../testing/one-book';
import { booksRepository } from '../repositories/books.repository';
import { completeManuscript } from '../handlers/complete-manuscript';
import { onBookChapterWritten } from '../handlers/on-book-chapter-written';
import { getBook } from '../handlers/get';
import { setCover } from '../handlers/set-cover';
import { updateMetadata } from '../handlers/update-metadata';
import { restoreRevision } from '../handlers/restore-revisions';
import { saveRevision } from '../handlers/save-revisions';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});
const setUp = async (status: 'ready' | 'writing' = 'ready') => {
  const world = await oneBook(status);
  cleanUps.push(world.close);
  return { ...world, get: () => getBook(world.deps)({ userId: 'u1', bookId: 'b1' }) };
};

const metadata = (title: string): UpdateMetadataRequest => ({
  title,
  author: 'A. Author',
  identifier: 'id-1',
  languageMetadata: 'en',
  genreMetadata: 'mystery',
  publisher: null,
  description: null,
  keywords: ['sea'],
  rights: null,
  publicationDate: null,
  isbn: null,
  subtitle: null,
});

describe('conditional saves (If-Match, 412)', () => {
  it('gives every book a quoted ETag that a matching save replaces with a new one', async () => {
    const { get, save } = await setUp();
    const book = await get();
    expect(book.etag).toMatch(/^"v\d+"$/);
    const saved = await save('mine', [book.etag]);
    expect(saved.bookContent).toBe(doc('mine'));
    expect(saved.etag).not.toBe(book.etag);
    expect((await get()).etag).toBe(saved.etag);
  });

  it('refuses a stale ETag with 412, the current ETag and time, and stores nothing', async () => {
    const { get, save, list } = await setUp();
    const read = await get();
    const other = await save('from the other tab', [read.etag]);
    const history = await list();
    const stale = await appErrorFrom(save('from this tab', [read.etag]));
    expect(stale.status).toBe(412);
    expect(stale.message).toBe(conditionalSaveMessages.stale);
    expect(stale.extra).toEqual({ etag: other.etag, updatedAt: other.updatedAt });
    const now = await get();
    expect(now.bookContent).toBe(doc('from the other tab'));
    expect(now.etag).toBe(other.etag);
    expect(await list()).toEqual(history);
  });

  it('saves without If-Match whatever the version (last write wins), and matches any of several tags', async () => {
    const { get, save } = await setUp();
    const read = await get();
    await save('one');
    expect((await save('two')).bookContent).toBe(doc('two'));
    const current = await get();
    expect((await save('three', ['"v999"', current.etag])).bookContent).toBe(doc('three'));
    expect((await appErrorFrom(save('four', [read.etag]))).status).toBe(412);
  });

  it('answers 200 to a stale save of the text the book already holds (a retry whose answer was lost)', async () => {
    const { get, save } = await setUp();
    const read = await get();
    const first = await save('typed', [read.etag]);
    const retried = await save('typed', [read.etag]);
    expect(retried.etag).toBe(first.etag);
    expect(retried.bookContent).toBe(doc('typed'));
  });

  it('lets exactly one of two saves sent at once with the same ETag through', async () => {
    const { get, save } = await setUp();
    const { etag } = await get();
    const outcomes = await Promise.allSettled([save('tab one', [etag]), save('tab two', [etag])]);
    const saved = outcomes.filter((o): o is PromiseFulfilledResult<Book> => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 412 });
    expect((await get()).bookContent).toBe(saved[0]!.value.bookContent);
  });

  it('applies the same rules to metadata saves', async () => {
    const { deps, get } = await setUp();
    const read = await get();
    const saveMetadata = (title: string, ifMatch?: string[]) =>
      updateMetadata(deps)({ userId: 'u1', bookId: 'b1', metadata: metadata(title), ifMatch });
    const saved = await saveMetadata('New title', [read.etag]);
    expect(saved.title).toBe('New title');
    expect(saved.etag).not.toBe(read.etag);
    const stale = await appErrorFrom(saveMetadata('Other title', [read.etag]));
    expect(stale.status).toBe(412);
    expect(stale.extra).toEqual({ etag: saved.etag, updatedAt: saved.updatedAt });
    expect((await get()).title).toBe('New title');
    // The same metadata again, even with the old tag, is what the book holds: 200, nothing changes.
    expect((await saveMetadata('New title', [read.etag])).etag).toBe(saved.etag);
    expect((await saveMetadata('Last title')).title).toBe('Last title');
  });

  it('changes the ETag whatever changes the book: cover, restore, the writer’s chapters and manuscript', async () => {
    const ready = await setUp();
    const seen = new Set([(await ready.get()).etag]);
    const note = (book: Book) => {
      expect(seen.has(book.etag)).toBe(false);
      seen.add(book.etag);
    };
    note(await ready.save('edited'));
    const kept = await saveRevision(ready.deps)({ userId: 'u1', bookId: 'b1', name: 'kept' });
    // A named version leaves the manuscript, and so its ETag, as it was.
    expect(seen.has((await ready.get()).etag)).toBe(true);
    note(await ready.save('edited again'));
    note(await restoreRevision(ready.deps)({ userId: 'u1', bookId: 'b1', revisionId: kept.id }));
    note(await setCover(ready.deps)({ userId: 'u1', bookId: 'b1', coverImage: null }));

    const writing = await setUp('writing');
    await booksRepository.update(writing.database.db, 'b1', { chapters_total: 2 });
    const before = (await writing.get()).etag;
    const chapter = { bookId: 'b1', userId: 'u1', chaptersWritten: 1, chaptersTotal: 2, chapterTitle: 'One' };
    await onBookChapterWritten(writing.deps)(chapter as never, {} as never);
    const afterChapter = (await writing.get()).etag;
    expect(afterChapter).not.toBe(before);
    await writing.deps.blobs.put('m.json', Buffer.from(doc('written')), { contentType: 'application/json' });
    await completeManuscript(writing.deps)({ bookId: 'b1', contentBlobKey: 'm.json', words: 1, pages: 1 });
    expect((await writing.get()).etag).not.toBe(afterChapter);
  });

  it('never loses the latest accepted text, whatever mix of fresh, stale and absent ETags is sent', async () => {
    const { get, save } = await setUp();
    const step = fc.record({
      text: fc.constantFrom('a', 'b', 'c', 'd'),
      tag: fc.constantFrom('fresh', 'stale', 'none'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        let known = await get();
        const tags = [known.etag];
        for (const { text, tag } of steps) {
          const ifMatch = tag === 'none' ? undefined : tag === 'fresh' ? [known.etag] : [tags[0]!];
          const current = (await get()).bookContent;
          const expectAccepted = ifMatch === undefined || ifMatch[0] === known.etag || current === doc(text);
          try {
            known = await save(text, ifMatch);
            expect(expectAccepted).toBe(true);
            expect(known.bookContent).toBe(doc(text));
          } catch (error) {
            expect(expectAccepted).toBe(false);
            expect(error).toMatchObject({ status: 412, extra: { etag: known.etag } });
          }
          tags.push(known.etag);
          // The book holds exactly the last text a save was answered 200 for.
          expect(await get()).toMatchObject({ bookContent: known.bookContent, etag: known.etag });
        }
      }),
      { numRuns: 25 },
    );
  });
});
