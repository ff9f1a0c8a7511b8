import { afterEach, describe, expect, it } from 'vitest';
import { bookSearchLimits, type BookSearchResult } from '@bookwright/contracts/http';
import { membersRepository } from '../access/members.repository';
import { booksRepository } from '../repositories/books.repository';
import { bookRow } from '../testing/book-row';
import { oneBook } from '../testing/one-book';
import { searchBooks } from './search';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

/** A manuscript of chapters, each a level-1 heading and its paragraphs, as JSON text. */
const manuscript = (...chapters: [title: string, ...paragraphs: string[]][]): string =>
  JSON.stringify({
    type: 'doc',
    content: chapters.flatMap(([title, ...paragraphs]) => [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      ...paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
    ]),
  });

async function setUp() {
  const world = await oneBook();
  cleanUps.push(world.close);
  const { db } = world.deps;
  let created = Date.parse('2026-06-01T09:00:00Z');
  const add = (id: string, fields: { title?: string; userId?: string; content?: string }) =>
    booksRepository.insert(
      db,
      bookRow({
        id,
        user_id: fields.userId ?? 'u1',
        title: fields.title ?? `Book ${id}`,
        status: 'ready',
        created_at: new Date((created += 60_000)),
        book_content: fields.content ?? manuscript(['One', 'Nothing to see.']),
      }),
    );
  const search = async (q: string, userId = 'u1', workspaceId?: string) =>
    searchBooks(world.deps)({ userId, q, ...(workspaceId ? { workspaceId } : {}) });
  const ids = (results: BookSearchResult[]) => results.map((result) => result.bookId);
  return { ...world, db, add, search, ids };
}

describe('book.search', () => {
  it('finds a name in the manuscript whatever its case and accents, with its chapter and the passage around it', async () => {
    const { add, search } = await setUp();
    await add('zoe', {
      title: 'The Harbour',
      content: manuscript(
        ['Arrival', 'The boat came in late.'],
        ['The Letter', 'It was then that ZOË opened the letter her mother had kept for twenty years.'],
      ),
    });

    const { results, truncated } = await search('zoe');

    expect(truncated).toBe(false);
    expect(results).toHaveLength(1);
    const [found] = results;
    expect(found).toMatchObject({ bookId: 'zoe', title: 'The Harbour', titleMatch: null, chapterMatches: 1 });
    expect(found!.matches).toHaveLength(1);
    const [match] = found!.matches;
    expect(match).toMatchObject({ chapter: 1, chapterTitle: 'The Letter' });
    expect(match!.passage.slice(match!.start, match!.end)).toBe('ZOË');
    expect(match!.passage).toContain('opened the letter');
    expect((await search('Zoë')).results.map((result) => result.bookId)).toEqual(['zoe']);
    expect((await search('ZOE OPENED')).results).toHaveLength(1);
  });

  it('lists title matches first, then the books that mention it in more chapters, then newest first', async () => {
    const { add, search, ids } = await setUp();
    await add('once', { content: manuscript(['One', 'The lighthouse stood.']) });
    await add('thrice', {
      content: manuscript(['One', 'A lighthouse.'], ['Two', 'The lighthouse.'], ['Three', 'Lighthouse!']),
    });
    await add('twice-old', { content: manuscript(['One', 'lighthouse'], ['Two', 'lighthouse']) });
    await add('twice-new', { content: manuscript(['One', 'lighthouse'], ['Two', 'lighthouse']) });
    await add('title', { title: 'To the Lighthouse' });

    const { results } = await search('lighthouse');

    expect(ids(results)).toEqual(['title', 'thrice', 'twice-new', 'twice-old', 'once']);
    expect(results[0]!.titleMatch).toEqual({ start: 7, end: 17 });
    expect(results.map((result) => result.chapterMatches)).toEqual([0, 3, 2, 2, 1]);
  });

  it('keeps to its limits: a few passages per book, a bounded number of books, and says when more matched', async () => {
    const { add, search } = await setUp();
    const chapters = Array.from({ length: 5 }, (_, i): [string, string] => [`Chapter ${i + 1}`, 'Mira waited.']);
    for (let i = 0; i < bookSearchLimits.books + 2; i += 1) await add(`b-${i}`, { content: manuscript(...chapters) });

    const { results, truncated } = await search('mira');

    expect(truncated).toBe(true);
    expect(results).toHaveLength(bookSearchLimits.books);
    expect(results[0]!.chapterMatches).toBe(5);
    expect(results[0]!.matches.map((match) => match.chapterTitle)).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 3']);
  });

  it("never looks in a book the person may not read, nor in the trash; a shared book and a workspace token's fence count", async () => {
    const { add, search, ids, db } = await setUp();
    const secret = manuscript(['One', 'Oskar hid the key.']);
    await add('others', { userId: 'u2', content: secret });
    await add('shared', { userId: 'u3', content: secret });
    await add('trashed', { content: secret });
    await add('mine', { content: secret });
    await membersRepository.addMember(db, { bookId: 'shared', userId: 'u1', role: 'viewer', addedBy: 'u3' });
    await db.updateTable('books').set({ deleted_at: new Date() }).where('id', '=', 'trashed').execute();

    expect(ids((await search('oskar')).results).sort()).toEqual(['mine', 'shared']);
    expect(ids((await search('oskar', 'u2')).results)).toEqual(['others']);
    expect((await search('oskar', 'u1', 'w-elsewhere')).results).toEqual([]);
  });

  it('answers nothing when nothing matches, and finds text written by a later save', async () => {
    const { search, save } = await setUp();
    expect(await search('Quixote')).toEqual({ results: [], truncated: false });
    await save('Don Quixote rides again');
    const { results } = await search('quixote');
    expect(results.map((result) => [result.bookId, result.matches[0]?.passage])).toEqual([
      ['b1', 'Don Quixote rides again'],
    ]);
  });
});
