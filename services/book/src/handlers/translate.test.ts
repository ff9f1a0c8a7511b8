import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages, requests } from '@bookwright/contracts/bus';
import {
  bookImageBlobKey,
  bookImageBlobPrefix,
  bookImageUrl,
  errorScreens,
  translationMessages,
  type Book,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { photo } from '@bookwright/kit/images/testing';
import { events } from '@bookwright/contracts/events';
import { startBookWorld, type BookTestWorld, fictionPlan, newUserId } from '../testing/book-harness';
import { translationSourceKey } from '../domain/new-translation';
import { appErrorFrom } from '@bookwright/contracts/testing';

const manuscript = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1: The First Letter' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Mara found the letter.' }] },
  ],
};

describe('translating a book (the book command behind POST /book/{id}/translate)', () => {
  let world: BookTestWorld;
  let userId: string;
  let original: Book;

  const translate = (language: 'french' | 'polish' | 'english', requestId = 'tr-1', bookId = original._id) =>
    world.bus.request(requests.book.translate, { userId, bookId, language, requestId });
  const get = (bookId: string) => world.bus.request(requests.book.get, { userId, bookId });

  /** The original, planned, confirmed and written. */
  async function readyBook(): Promise<Book> {
    const book = await world.create(userId, {}, 'req-original');
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await world.until('validation', async () => (await world.status(userId, book._id)) === 'validation');
    await world.bus.request(requests.book.confirm, { userId, bookId: book._id });
    await world.blobs.put(`manuscripts/${book._id}/1.json`, Buffer.from(JSON.stringify(manuscript)), {
      contentType: 'application/json',
    });
    await world.bus.request(requests.book.completeManuscript, {
      bookId: book._id,
      contentBlobKey: `manuscripts/${book._id}/1.json`,
      words: 6,
      pages: 1,
    });
    return get(book._id);
  }

  beforeEach(async () => {
    world = await startBookWorld();
    userId = newUserId();
    original = await readyBook();
  });
  afterEach(async () => {
    await world.stop();
  });

  it('reserves one translation and stores a new linked book in translating, with the plan and its own language', async () => {
    const translation = await translate('french');
    expect(translation._id).not.toBe(original._id);
    expect(translation).toMatchObject({
      status: 'translating',
      // Never the very same title as the original: the library would show two identical cards.
      title: `${original.title} (Français)`,
      language: 'french',
      languageMetadata: 'fr',
      bookState: original.bookState,
      bookContent: null,
      translation: { sourceBookId: original._id, sourceTitle: original.title, sourceLanguage: 'english' },
    });
    expect(world.billing.consumed).toEqual(['plan:req-original', 'translate:tr-1']);
    expect(world.billing.held.get('translate:tr-1')).toBe('translation');
    expect(world.billing.translationsLeft).toBe(4);

    await world.until('the request', () => world.events('book.translation-requested', translation._id).length === 1);
    expect(world.events('book.translation-requested', translation._id)[0]).toEqual({
      bookId: translation._id,
      userId,
      attempt: 1,
      sourceBookId: original._id,
      sourceLanguage: 'english',
      language: 'french',
      sourceContentKey: translationSourceKey(translation._id),
      // The reservation the stored translation holds: billing keeps it on this event (decision 0054).
      allowanceKey: 'translate:tr-1',
      allowanceKind: 'translation',
    });
    const source = await world.blobs.get(translationSourceKey(translation._id));
    expect(JSON.parse(source!.data.toString('utf8'))).toEqual(manuscript);
    // Both books are in the library, each with its own status.
    const { books } = await world.bus.request(requests.book.list, { userId });
    expect(books.map((b) => [b._id, b.status])).toEqual([
      [translation._id, 'translating'],
      [original._id, 'ready'],
    ]);
    expect(await world.status(userId, original._id)).toBe('ready');
  });

  it("takes the author's title for the translation, trimmed, and refuses an empty one", async () => {
    const titled = await world.bus.request(requests.book.translate, {
      userId,
      bookId: original._id,
      language: 'polish',
      title: '  Listy latarniczki  ',
      requestId: 'tr-titled',
    });
    expect(titled.title).toBe('Listy latarniczki');
    expect(titled.translation).toMatchObject({ sourceTitle: original.title });
    await expect(
      world.bus.request(requests.book.translate, {
        userId,
        bookId: original._id,
        language: 'french',
        title: '   ',
        requestId: 'tr-empty',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('pays once and makes one book for the same request sent twice', async () => {
    const [first, second] = await Promise.all([translate('polish', 'tr-twice'), translate('polish', 'tr-twice')]);
    expect(second._id).toBe(first._id);
    expect((await translate('polish', 'tr-twice'))._id).toBe(first._id);
    expect(world.billing.consumed.filter((k) => k.startsWith('translate:'))).toEqual(['translate:tr-twice']);
    expect((await world.bus.request(requests.book.list, { userId })).books).toHaveLength(2);
  });

  it('refuses its own language, an unfinished book, someone else’s book, and answers the spec 402 and 403', async () => {
    expect(await appErrorFrom(translate('english'))).toMatchObject({
      status: 400,
      message: translationMessages.sameLanguage,
    });
    const unfinished = await world.create(userId, {}, 'req-unfinished');
    expect(await appErrorFrom(translate('french', 'tr-x', unfinished._id))).toMatchObject({
      status: 409,
      message: translationMessages.notReady,
    });
    const stranger = newUserId();
    expect(
      await appErrorFrom(
        world.bus.request(requests.book.translate, {
          userId: stranger,
          bookId: original._id,
          language: 'french',
          requestId: 'tr-s',
        }),
      ),
    ).toMatchObject({ status: 404 });

    world.billing.accountType = 'null';
    expect(await appErrorFrom(translate('french', 'tr-402'))).toMatchObject({
      status: 402,
      message: errorScreens[402].description,
    });
    world.billing.accountType = 'starter';
    world.billing.translationsLeft = 0;
    expect(await appErrorFrom(translate('french', 'tr-403'))).toMatchObject({
      status: 403,
      message: allowanceExhaustedMessages.translation,
    });
    expect(world.billing.consumed.filter((k) => k.startsWith('translate:'))).toEqual([]);
    expect((await world.bus.request(requests.book.list, { userId })).books).toHaveLength(2);
  });

  it('gives the translation back when it fails, reserves again on retry, and completes to ready', async () => {
    const translation = await translate('polish');
    const reason = 'The AI service did not answer. Retry to continue the translation from chapter 1.';
    expect(
      await world.bus.request(requests.book.recordFailure, { bookId: translation._id, step: 'translating', reason }),
    ).toEqual({ applied: true });
    expect(await get(translation._id)).toMatchObject({ status: 'failed', failure: { step: 'translating', reason } });
    await world.until('book.failed', () => world.events('book.failed', translation._id).length === 1);
    expect(world.events('book.failed', translation._id)[0]).toMatchObject({
      step: 'translating',
      allowanceKey: 'translate:tr-1',
      allowanceKind: 'translation',
    });

    const retried = await world.bus.request(requests.book.retry, { userId, bookId: translation._id });
    expect(retried).toMatchObject({ status: 'translating', failure: null });
    expect(world.billing.consumed).toContain(`book:${translation._id}:translating:2`);
    expect(world.billing.held.get(`book:${translation._id}:translating:2`)).toBe('translation');
    await world.until('two requests', () => world.events('book.translation-requested', translation._id).length === 2);
    expect(world.events('book.translation-requested', translation._id)[1]).toMatchObject({ attempt: 2 });

    const translated = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Rozdział 1: Pierwszy list' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Mara znalazła list.' }] },
      ],
    };
    const key = `manuscripts/${translation._id}/2.json`;
    await world.blobs.put(key, Buffer.from(JSON.stringify(translated)), { contentType: 'application/json' });
    expect(
      await world.bus.request(requests.book.completeManuscript, {
        bookId: translation._id,
        contentBlobKey: key,
        words: 5,
        pages: 1,
      }),
    ).toEqual({ applied: true });
    const ready = await get(translation._id);
    expect(ready).toMatchObject({ status: 'ready', languageMetadata: 'pl' });
    // The translation as the writer finished it is its first revision.
    const history = await world.bus.request(requests.book.listRevisions, { userId, bookId: translation._id });
    expect(history.revisions.map((r) => r.name)).toEqual(['As written']);
    expect(JSON.parse(ready.bookContent!)).toEqual(translated);
    // The copy of the original is not needed any more.
    expect(await world.blobs.get(translationSourceKey(translation._id))).toBeNull();
  });

  it('keeps the original as it was translated in its history, after its "As written"', async () => {
    const edited = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Edited.' }] }],
    });
    await world.bus.request(requests.book.updateContent, { userId, bookId: original._id, bookContent: edited });
    await translate('french');
    const { revisions } = await world.bus.request(requests.book.listRevisions, { userId, bookId: original._id });
    expect(revisions.map((r) => r.name)).toEqual([null, 'As written']);
    const kept = await world.bus.request(requests.book.getRevision, {
      userId,
      bookId: original._id,
      revisionId: revisions[0]!.id,
    });
    expect(kept.bookContent).toBe(edited);
  });

  it('gives the translation its own copies of the original’s images, which outlive the original', async () => {
    const png = await photo(40, 30, 'png');
    await world.blobs.put('uploads/map', png, { contentType: 'image/png' });
    const stored = await world.bus.request(requests.book.storeImage, {
      userId,
      bookId: original._id,
      uploadBlobKey: 'uploads/map',
    });
    const elsewhere = bookImageUrl('someone-elses-book', 'c'.repeat(32));
    const image = (src: string, alt: string) => ({ type: 'image', attrs: { src, alt, width: 50 } });
    const withImages = JSON.stringify({
      ...manuscript,
      content: [
        ...manuscript.content,
        image(stored.src, 'The map'),
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [manuscript.content[1], image(stored.src, 'Again')] }],
        },
        // Not the original's to give: it keeps its src (and the other book's access rule).
        image(elsewhere, 'Not ours'),
      ],
    });
    await world.bus.request(requests.book.updateContent, { userId, bookId: original._id, bookContent: withImages });

    const translation = await translate('french');
    const own = bookImageUrl(translation._id, stored.imageId);
    const source = await world.blobs.get(translationSourceKey(translation._id));
    const toTranslate = JSON.parse(source!.data.toString('utf8')) as { content: TiptapNode[] };
    const srcs: unknown[] = [];
    const visit = (node: TiptapNode) =>
      node.type === 'image' ? srcs.push(node.attrs?.['src']) : node.content?.forEach(visit);
    toTranslate.content.forEach(visit);
    expect(srcs).toEqual([own, own, elsewhere]);
    const copy = await world.blobs.get(bookImageBlobKey(translation._id, stored.imageId));
    expect(copy?.contentType).toBe('image/png');
    expect(
      Buffer.from(copy!.data).equals(
        Buffer.from((await world.blobs.get(bookImageBlobKey(original._id, stored.imageId)))!.data),
      ),
    ).toBe(true);
    expect(await world.blobs.list(bookImageBlobPrefix(translation._id))).toHaveLength(1);
    // The original keeps its own manuscript.
    expect((await get(original._id)).bookContent).toBe(withImages);

    // Deleted for good, the original's images go with it (book.deleted); the translation's stay.
    await world.bus.request(requests.book.trash, { userId, bookId: original._id });
    await world.bus.request(requests.book.deleteForever, { userId, bookId: original._id });
    await world.until(
      'the original’s images removed',
      async () => (await world.blobs.list(bookImageBlobPrefix(original._id))).length === 0,
    );
    expect(await world.blobs.list(bookImageBlobPrefix(translation._id))).toHaveLength(1);
  });

  it('removes a deleted account’s translations and their copies of the original', async () => {
    const translation = await translate('french');
    await world.bus.publish(events.userDeleted, { userId, deletedAt: new Date().toISOString() });
    await world.until('both deleted', () => world.seen.filter((e) => e.name === 'book.deleted').length === 2);
    // The copies go after the transaction that announced the deletions, and after the members are told.
    await world.until(
      'the copy of the original removed',
      async () => (await world.blobs.list(`translation-sources/${translation._id}`)).length === 0,
    );
  });
});
