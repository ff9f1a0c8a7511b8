import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  coverBlobKey,
  GenerateCoverRequestSchema,
  parseCoverImageUrl,
  type Book,
  type GenerateCoverRequest,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { silentLogger, type EventMeta } from '@bookwright/kit';
import { photo } from '@bookwright/kit/images/testing';
import { renderTypographicCover, typesetOverImage } from '@bookwright/cover-designer';
import { coverArtKey, coverSourceKey, CoverSourceSchema } from '../domain/cover-source';
import { openCoverWorld, type CoverTestWorld } from '../testing/harness';
import type { CoverHandlerDeps } from './deps';
import { onBookTranslationRequested } from './on-book-translation-requested';

// Service tests: the real cover service on a real in-process bus with its database and a filesystem blob
// store, fake book and billing services; a translation is announced as the book service announces it.

let world: CoverTestWorld;
const userId = randomUUID();

beforeEach(async () => {
  world = await openCoverWorld();
  await world.start();
});
afterEach(async () => {
  await world.stop();
});

async function eventually<T>(check: () => T | undefined | null, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const blob = async (key: string) => {
  const found = await world.blobs.get(key);
  if (!found) throw new Error(`no blob at ${key}`);
  return found.data;
};

/** Share of pixels in rows [from, to) (fractions of the height) that differ clearly between two images. */
async function difference(a: Buffer, b: Buffer, from: number, to: number): Promise<number> {
  const raw = async (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  const start = Math.floor(x.info.height * from) * x.info.width * 3;
  const end = Math.floor(x.info.height * to) * x.info.width * 3;
  let changed = 0;
  for (let i = start; i < end; i += 3)
    if (Math.abs(x.data[i]! - y.data[i]!) + Math.abs(x.data[i + 1]! - y.data[i + 1]!) > 60) changed += 1;
  return changed / ((end - start) / 3);
}

/** An original with its cover applied, and its translation as the book service stores it (no cover). */
async function originalWithCover(cover: (bookId: string) => Promise<{ imageUrl: string }>) {
  const original = world.books.add(userId, { title: 'The Keeper of Letters', language: 'english' });
  const { imageUrl } = await cover(original._id);
  await world.bus.request(requests.cover.apply, { userId, bookId: original._id, coverImage: imageUrl });
  const translation = world.books.add(userId, {
    title: 'Die Briefe der Leuchtturmwärterin',
    language: 'german',
    status: 'translating',
    translation: { sourceBookId: original._id, sourceTitle: original.title, sourceLanguage: 'english' },
  });
  return { original, translation, coverId: parseCoverImageUrl(imageUrl)!.coverId };
}

const translationRequested = (translation: Book, original: Book, attempt = 1) => ({
  bookId: translation._id,
  userId,
  attempt,
  sourceBookId: original._id,
  sourceLanguage: original.language,
  language: translation.language,
  sourceContentKey: `translation-sources/${translation._id}/source.json`,
});

/** The cover service's handler deps on this test's world, for a handler called directly. */
const coverDeps = (): CoverHandlerDeps => ({
  db: world.database.db,
  bus: world.bus,
  blobs: world.blobs,
  images: { name: 'offline', model: 'none', generateImage: () => Promise.reject(new Error('not asked')) },
  logger: silentLogger(),
  config: {
    COVER_MAX_INPUT_PIXELS: 50_000_000,
    COVER_RATE_LIMIT: 20,
    COVER_RATE_WINDOW_MS: 3_600_000,
    COVER_PEER_TIMEOUT_MS: 10_000,
  },
  now: () => new Date(),
  newId: randomUUID,
});

const coverOf = (bookId: string) => world.books.books.get(bookId)?.book.coverImage ?? null;

const generate = (bookId: string, options: Partial<GenerateCoverRequest> = {}) =>
  world.bus.request(
    requests.cover.generate,
    {
      userId,
      bookId,
      options: GenerateCoverRequestSchema.parse({ style: 'illustrated', ...options }),
      requestId: randomUUID(),
    },
    { timeoutMs: 60_000 },
  );

describe('book.translation-requested', () => {
  it("gives a translation the designer's cover of the original: the same art, drawn again with its own title", async () => {
    const { original, translation, coverId } = await originalWithCover((bookId) => generate(bookId));
    await world.bus.publish(events.bookTranslationRequested, translationRequested(translation, original));
    const url = await eventually(() => coverOf(translation._id));
    const cover = parseCoverImageUrl(url)!;
    expect(cover).toEqual({ bookId: translation._id, coverId, variant: 'web' });

    // The art is the original's, byte for byte.
    expect(await blob(coverArtKey(translation._id, coverId))).toEqual(await blob(coverArtKey(original._id, coverId)));
    const source = CoverSourceSchema.parse(
      JSON.parse((await blob(coverSourceKey(translation._id, coverId))).toString()),
    );
    const originalSource = CoverSourceSchema.parse(
      JSON.parse((await blob(coverSourceKey(original._id, coverId))).toString()),
    );
    expect(source).toEqual({
      ...originalSource,
      design: { ...originalSource.design, title: translation.title, language: 'german' },
    });
    expect(originalSource).toMatchObject({ title: 'designed', design: { title: original.title } });

    // The cover is the designer's with the translation's title, exactly; the title zone changed, the art did not.
    const master = await blob(coverBlobKey(translation._id, coverId, 'master'));
    const expected = await renderTypographicCover(source.design, source.width, source.height);
    expect(await difference(master, expected.png, 0, 1)).toBe(0);
    const originalMaster = await blob(coverBlobKey(original._id, coverId, 'master'));
    expect(await difference(master, originalMaster, 0, 0.3)).toBeGreaterThan(0.01);
    expect(await difference(master, originalMaster, 0.4, 0.85)).toBe(0);

    // Delivered again (a retry of the translation): the cover it has stays.
    await world.bus.publish(events.bookTranslationRequested, translationRequested(translation, original, 2));
    await world.bus.publish(events.bookTranslationRequested, translationRequested(translation, original));
    expect(coverOf(translation._id)).toBe(url);
    expect(world.billing.consumed.size).toBe(1);
  }, 120_000);

  it("sets the translation's title over the original's typeset picture (an upload, or a model's art)", async () => {
    const { original, translation, coverId } = await originalWithCover(async (bookId) =>
      world.bus.request(requests.cover.upload, {
        userId,
        bookId,
        uploadBlobKey: await world.upload(await photo(800, 1200, 'png')),
        typeset: true,
      }),
    );
    await world.bus.publish(events.bookTranslationRequested, translationRequested(translation, original));
    await eventually(() => coverOf(translation._id));

    const art = await blob(coverArtKey(original._id, coverId));
    expect(await blob(coverArtKey(translation._id, coverId))).toEqual(art);
    const source = CoverSourceSchema.parse(
      JSON.parse((await blob(coverSourceKey(translation._id, coverId))).toString()),
    );
    expect(source).toMatchObject({ title: 'typeset', design: { title: translation.title, language: 'german' } });

    const master = await blob(coverBlobKey(translation._id, coverId, 'master'));
    const expected = (await typesetOverImage(art, source.design)).png;
    expect(await difference(master, expected, 0, 1)).toBe(0);
    const originalMaster = await blob(coverBlobKey(original._id, coverId, 'master'));
    expect(await difference(master, originalMaster, 0, 0.3)).toBeGreaterThan(0.01);
    // Between the title and the author the picture shows through unchanged.
    expect(await difference(master, originalMaster, 0.45, 0.75)).toBe(0);
  }, 120_000);
});

describe('a translation deleted while its cover is drawn', () => {
  it('leaves nothing of the cover behind', async () => {
    const { original, translation } = await originalWithCover((bookId) => generate(bookId));
    const written: string[] = [];
    const deps: CoverHandlerDeps = {
      ...coverDeps(),
      // The book service deletes the translation as its cover is being stored, and its `book.deleted`
      // has been handled: nothing of it was there yet.
      blobs: {
        ...world.blobs,
        put: async (key, data, meta) => {
          world.books.books.delete(translation._id);
          written.push(key);
          await world.blobs.put(key, data, meta);
        },
      },
    };
    const meta = { logger: silentLogger(), correlationId: undefined } as unknown as EventMeta;
    await expect(
      onBookTranslationRequested(deps)(translationRequested(translation, original), meta),
    ).rejects.toMatchObject({ status: 404 });
    expect(written.length).toBeGreaterThan(0);
    expect(await world.blobs.list(`covers/${translation._id}`)).toEqual([]);
  }, 120_000);
});

describe('when the title cannot be set again', () => {
  const handler = () => {
    const deps = coverDeps();
    const meta = { logger: silentLogger(), correlationId: undefined } as unknown as EventMeta;
    return (translation: Book, original: Book) =>
      onBookTranslationRequested(deps)(translationRequested(translation, original), meta);
  };

  it('leaves the translation without a cover when the original is a picture kept as it was', async () => {
    const { original, translation } = await originalWithCover(async (bookId) =>
      world.bus.request(requests.cover.upload, {
        userId,
        bookId,
        uploadBlobKey: await world.upload(await photo(400, 600, 'png')),
      }),
    );
    await handler()(translation, original);
    expect(coverOf(translation._id)).toBeNull();
    expect(await world.blobs.list(`covers/${translation._id}`)).toEqual([]);
  });

  it('does nothing for an original without a cover, a cover without its source, or a book gone', async () => {
    const original = world.books.add(userId);
    const translation = world.books.add(userId, { language: 'french' });
    await handler()(translation, original);
    expect(coverOf(translation._id)).toBeNull();

    // A cover stored before covers kept their source.
    const {
      original: older,
      translation: olderTranslation,
      coverId,
    } = await originalWithCover((bookId) => generate(bookId));
    await world.blobs.delete(coverSourceKey(older._id, coverId));
    await handler()(olderTranslation, older);
    expect(coverOf(olderTranslation._id)).toBeNull();

    // Deleted meanwhile: the book service answers 404, and that is the end of it.
    world.books.books.delete(olderTranslation._id);
    await expect(handler()(olderTranslation, older)).resolves.toBeUndefined();
    world.books.books.delete(older._id);
    await expect(handler()(translation, older)).resolves.toBeUndefined();
  }, 120_000);

  it('keeps a cover the translation already has', async () => {
    const { original, translation } = await originalWithCover((bookId) => generate(bookId));
    const own = await generate(translation._id, { style: 'minimalist' });
    await world.bus.request(requests.cover.apply, { userId, bookId: translation._id, coverImage: own.imageUrl });
    await handler()(translation, original);
    expect(coverOf(translation._id)).toBe(own.imageUrl);
  }, 120_000);
});
