import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, coverBlobKey, coverMessages, parseCoverImageUrl } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { coverArtKey, coverSourceKey } from '../domain/cover-source';
import { openCoverWorld, type CoverTestWorld } from '../testing/harness';
import { elevenMegabytePng, hugePixelPng, phoneJpeg, photo } from '@bookwright/kit/images/testing';

// Service tests: the real cover service on a real in-process bus, its real database and a filesystem blob
// store, with fake book and billing services on the bus.

let world: CoverTestWorld;
const userId = randomUUID();

beforeEach(async () => {
  world = await openCoverWorld();
  await world.start();
});

afterEach(async () => {
  await world.stop();
});

const upload = async (bookId: string, data: Buffer, extra: { typeset?: boolean; user?: string } = {}) => {
  const uploadBlobKey = await world.upload(data);
  const answer = world.bus.request(requests.cover.upload, {
    userId: extra.user ?? userId,
    bookId,
    uploadBlobKey,
    ...(extra.typeset === undefined ? {} : { typeset: extra.typeset }),
  });
  return { uploadBlobKey, answer };
};

async function variant(bookId: string, coverId: string, name: 'master' | 'web' | 'thumb') {
  const blob = await world.blobs.get(coverBlobKey(bookId, coverId, name));
  if (!blob) throw new Error(`no ${name} variant`);
  return { blob, meta: await sharp(blob.data).metadata() };
}

describe('uploading a cover', () => {
  it.each([
    ['PNG', 'png', 'image/png'],
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['WebP', 'webp', 'image/jpeg'],
  ] as const)('stores a %s as a print master, a web size and a thumbnail', async (_name, format, masterType) => {
    const book = world.books.add(userId);
    const { uploadBlobKey, answer } = await upload(book._id, await photo(1600, 2400, format));
    const stored = await answer;

    expect(stored).toMatchObject({ width: 1600, height: 2400 });
    expect(parseCoverImageUrl(stored.imageUrl)).toEqual({ bookId: book._id, coverId: stored.coverId, variant: 'web' });
    expect(stored.previewBlobKey).toBe(coverBlobKey(book._id, stored.coverId, 'web'));

    const master = await variant(book._id, stored.coverId, 'master');
    expect(master.blob.contentType).toBe(masterType);
    expect([master.meta.width, master.meta.height]).toEqual([1600, 2400]);
    const web = await variant(book._id, stored.coverId, 'web');
    expect(web.blob.contentType).toBe('image/png');
    expect([web.meta.format, web.meta.width, web.meta.height]).toEqual(['png', 533, 800]);
    const thumb = await variant(book._id, stored.coverId, 'thumb');
    expect(thumb.blob.contentType).toBe('image/webp');
    expect([thumb.meta.format, thumb.meta.height]).toEqual(['webp', 160]);

    // The upload is gone; the three variants remain, with the cover's art and design source beside them.
    expect(await world.blobs.get(uploadBlobKey)).toBeNull();
    expect(await world.keys()).toEqual(
      [
        ...['master', 'thumb', 'web'].map((v) => coverBlobKey(book._id, stored.coverId, v as 'web')),
        coverArtKey(book._id, stored.coverId),
        coverSourceKey(book._id, stored.coverId),
      ].sort(),
    );
    const art = await sharp((await world.blobs.get(coverArtKey(book._id, stored.coverId)))!.data).metadata();
    expect([art.format, art.width, art.height]).toEqual(['png', 1600, 2400]);
    const source = JSON.parse((await world.blobs.get(coverSourceKey(book._id, stored.coverId)))!.data.toString());
    expect(source).toMatchObject({
      version: 1,
      title: 'none',
      width: 1600,
      height: 2400,
      design: { title: book.title },
    });
  });

  it('turns a phone photo upright and strips its EXIF and GPS data', async () => {
    const book = world.books.add(userId);
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');

    const stored = await (await upload(book._id, input)).answer;
    // Stored sideways (600 × 400) with "rotate 90°": upright it is 400 × 600.
    expect(stored).toMatchObject({ width: 400, height: 600 });
    for (const name of ['master', 'web', 'thumb'] as const) {
      const { blob, meta } = await variant(book._id, stored.coverId, name);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(blob.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(meta.space).toBe('srgb');
    }
  });

  it('typesets the title and author over an upload when asked', async () => {
    const book = world.books.add(userId, { title: 'Žluťoučký kůň', author: 'Jiří Dvořák', language: 'czech' });
    const input = await photo(800, 1200, 'png');
    const plain = await (await upload(book._id, input)).answer;
    const typeset = await (await upload(book._id, input, { typeset: true })).answer;
    const pixels = async (coverId: string) =>
      (
        await sharp((await variant(book._id, coverId, 'master')).blob.data)
          .raw()
          .toBuffer()
      ).subarray(0, 800 * 300 * 3);
    const a = await pixels(plain.coverId);
    const b = await pixels(typeset.coverId);
    let changed = 0;
    for (let i = 0; i < a.length; i += 3) if (Math.abs(a[i]! - b[i]!) > 40) changed += 1;
    // The top of the cover now carries the title.
    expect(changed).toBeGreaterThan(2_000);
  });

  describe('refuses anything but a usable image, storing nothing', () => {
    const refused = async (data: Buffer, message: string) => {
      const book = world.books.add(userId);
      const { uploadBlobKey, answer } = await upload(book._id, data);
      const error = await answer.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, message });
      // The upload is deleted and no cover was stored.
      expect(await world.blobs.get(uploadBlobKey)).toBeNull();
      expect(await world.keys()).toEqual([]);
    };

    it('a text file named like an image', async () => {
      await refused(
        Buffer.from('This is not an image, whatever its name (cover.png) says.\n'.repeat(20)),
        coverMessages.notAnImage,
      );
    });

    it('a truncated PNG and a truncated JPEG', async () => {
      for (const format of ['png', 'jpeg'] as const) {
        const whole = await photo(800, 1200, format);
        await refused(whole.subarray(0, Math.floor(whole.length * 0.6)), coverMessages.notAnImage);
      }
    });

    it('an SVG (sharp could read it, but it is no cover)', async () => {
      await refused(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        coverMessages.notAnImage,
      );
    });

    it('a JPEG signature with garbage after it', async () => {
      await refused(
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
        coverMessages.notAnImage,
      );
    });

    it('an 11 MB image', async () => {
      const big = await elevenMegabytePng();
      expect(big.length).toBeGreaterThan(11 * 1000 * 1000);
      await refused(big, coverMessages.tooLarge);
    });

    it('a small file of 64 megapixels (a decompression bomb)', async () => {
      const bomb = await hugePixelPng();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await refused(bomb, coverMessages.tooManyPixels);
    });

    it('an empty file, and a missing upload', async () => {
      await refused(Buffer.alloc(0), coverMessages.noImage);
      const book = world.books.add(userId);
      await expect(
        world.bus.request(requests.cover.upload, {
          userId,
          bookId: book._id,
          uploadBlobKey: `uploads/${randomUUID()}`,
        }),
      ).rejects.toMatchObject({ status: 400, message: coverMessages.noImage });
    });
  });

  it("answers 404 for another user's book, and deletes the upload all the same", async () => {
    const book = world.books.add(randomUUID());
    const { uploadBlobKey, answer } = await upload(book._id, await photo(400, 600, 'png'));
    await expect(answer).rejects.toMatchObject({ status: 404 });
    expect(await world.blobs.get(uploadBlobKey)).toBeNull();
    expect(await world.keys()).toEqual([]);
  });

  it('never touches blobs outside the uploads area', async () => {
    const book = world.books.add(userId);
    await world.blobs.put('covers/other/important', Buffer.from('keep me'), { contentType: 'text/plain' });
    await expect(
      world.bus.request(requests.cover.upload, { userId, bookId: book._id, uploadBlobKey: 'covers/other/important' }),
    ).rejects.toMatchObject({ status: 400, message: coverMessages.noImage });
    expect(await world.blobs.get('covers/other/important')).not.toBeNull();
  });
});
