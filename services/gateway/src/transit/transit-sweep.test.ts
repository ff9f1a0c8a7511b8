import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsBlobStore, type BlobStore } from '@bookwright/kit';
import { sweepTransitBlobs, transitMaxAgeMs } from './transit-sweep';

describe('the sweep of files in transit', () => {
  let dir: string;
  let blobs: BlobStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'transit-sweep-'));
    blobs = createFsBlobStore({ root: dir });
  });
  afterEach(async () => {
    await blobs.close();
    await rm(dir, { recursive: true, force: true });
  });

  const put = (key: string) => blobs.put(key, Buffer.from('x'), { contentType: 'application/octet-stream' });

  it('removes uploads and converted manuscripts left past the hour, and nothing else', async () => {
    await put('uploads/u1');
    await put('imports/i1/document.json');
    await put('covers/b1/master.png');
    await put('exports/e1/book.epub');
    // Within the hour: all still in use.
    expect(await sweepTransitBlobs(blobs, { now: Date.now(), maxAgeMs: transitMaxAgeMs })).toBe(0);
    expect((await blobs.list('uploads')).length + (await blobs.list('imports')).length).toBe(2);

    const later = Date.now() + transitMaxAgeMs + 1_000;
    expect(await sweepTransitBlobs(blobs, { now: later, maxAgeMs: transitMaxAgeMs })).toBe(2);
    expect(await blobs.list('uploads')).toEqual([]);
    expect(await blobs.list('imports')).toEqual([]);
    expect(await blobs.list('covers')).toEqual(['covers/b1/master.png']);
    expect(await blobs.list('exports')).toEqual(['exports/e1/book.epub']);
    // A second sweep (another replica's) finds nothing and fails on nothing.
    expect(await sweepTransitBlobs(blobs, { now: later, maxAgeMs: transitMaxAgeMs })).toBe(0);
  });

  it('judges each file by its own age', async () => {
    await put('uploads/first');
    const firstWritten = Date.now();
    await put('imports/second/document.json');
    const sweptAt = Date.now() + 60_000;
    // Written a minute before the sweep: in use for another 59 minutes.
    expect(await sweepTransitBlobs(blobs, { now: sweptAt, maxAgeMs: 2 * 60_000 })).toBe(0);
    // Past the age for both once the later one's age has run out.
    expect(await sweepTransitBlobs(blobs, { now: firstWritten + 10 * 60_000, maxAgeMs: 2 * 60_000 })).toBe(2);
  });
});
