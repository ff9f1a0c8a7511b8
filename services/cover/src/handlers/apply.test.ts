import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiMessages, coverImageUrl, coverMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { openCoverWorld, type CoverTestWorld } from '../testing/harness';
import { photo } from '@bookwright/kit/images/testing';

// Service tests: applying a cover is allowed only for a cover the cover service stored for this book.

let world: CoverTestWorld;
const alice = randomUUID();
const bob = randomUUID();

beforeEach(async () => {
  world = await openCoverWorld();
  await world.start();
});

afterEach(async () => {
  await world.stop();
});

async function uploaded(userId: string, bookId: string): Promise<string> {
  const uploadBlobKey = await world.upload(await photo(400, 600, 'png'));
  const stored = await world.bus.request(requests.cover.upload, { userId, bookId, uploadBlobKey });
  return stored.imageUrl;
}

const apply = (userId: string, bookId: string, coverImage: string | null) =>
  world.bus.request(requests.cover.apply, { userId, bookId, coverImage });

describe('applying a cover', () => {
  it('applies a cover stored for this book, in any of its sizes, and removes it with null', async () => {
    const book = world.books.add(alice);
    const url = await uploaded(alice, book._id);
    expect((await apply(alice, book._id, url)).coverImage).toBe(url);
    const thumb = url.replace(/\/web$/, '/thumb');
    expect((await apply(alice, book._id, thumb)).coverImage).toBe(thumb);
    expect((await apply(alice, book._id, null)).coverImage).toBeNull();
  });

  it('refuses any URL that is not a cover stored for this book, and leaves the book as it was', async () => {
    const book = world.books.add(alice);
    const other = world.books.add(alice);
    const bobs = world.books.add(bob);
    const otherUrl = await uploaded(alice, other._id);
    const bobsUrl = await uploaded(bob, bobs._id);
    for (const url of [
      otherUrl,
      bobsUrl,
      otherUrl.replace(other._id, book._id),
      coverImageUrl(book._id, randomUUID()),
      'https://example.com/cover.png',
      `/api/v1/book/${book._id}/cover-image/x/../../other`,
      '',
    ]) {
      await expect(apply(alice, book._id, url), url).rejects.toMatchObject({
        status: 400,
        message: coverMessages.notThisBooksCover,
      });
    }
    expect(world.books.books.get(book._id)?.book.coverImage).toBeNull();
  });

  it("answers 404 for someone else's book, whatever the URL", async () => {
    const bobs = world.books.add(bob);
    const bobsUrl = await uploaded(bob, bobs._id);
    for (const url of [bobsUrl, 'https://example.com/cover.png', null]) {
      await expect(apply(alice, bobs._id, url)).rejects.toMatchObject({ status: 404, message: apiMessages.notFound });
    }
    expect(world.books.books.get(bobs._id)?.book.coverImage).toBeNull();
  });
});
