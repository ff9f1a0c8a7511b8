import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger/logger';
import type { BlobStore } from './blob-store';
import { createBlobStore } from './create-blob-store';
import { createFsBlobStore } from './fs-blob-store';
import { connectNatsBlobStore } from './nats-blob-store';

const natsUrl = process.env.NATS_URL;

interface Adapter {
  name: string;
  skip: boolean;
  open(): Promise<BlobStore>;
  /** Removes everything the adapter made (directory, bucket). */
  dispose(): Promise<void>;
}

function fsAdapter(): Adapter {
  let root = '';
  return {
    name: 'filesystem',
    skip: false,
    async open() {
      root = await mkdtemp(join(tmpdir(), 'bw-blobs-'));
      return createFsBlobStore({ root });
    },
    async dispose() {
      if (root) await rm(root, { recursive: true, force: true });
    },
  };
}

function natsAdapter(): Adapter {
  const bucket = `test_${randomBytes(4).toString('hex')}_blobs`;
  return {
    name: 'NATS Object Store',
    skip: !natsUrl,
    open: () => connectNatsBlobStore({ servers: natsUrl!, bucket, logger: silentLogger() }),
    async dispose() {
      const nc = await connect({ servers: natsUrl! });
      try {
        await (await new Objm(nc).open(bucket)).destroy();
      } finally {
        await nc.close();
      }
    },
  };
}

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

for (const adapter of [fsAdapter(), natsAdapter()]) {
  describe.skipIf(adapter.skip)(`blob store contract: ${adapter.name}`, () => {
    let store: BlobStore;

    beforeAll(async () => {
      store = await adapter.open();
    });
    afterAll(async () => {
      await store?.close();
      await adapter.dispose();
    });

    it('round-trips binary data with its content type, size and a sha256 etag', async () => {
      const data = new Uint8Array([0, 1, 2, 253, 254, 255, 0, 10, 13]);
      await store.put('avatars/u1/photo.png', data, { contentType: 'image/png' });

      const blob = await store.get('avatars/u1/photo.png');
      expect(blob).not.toBeNull();
      expect(Buffer.isBuffer(blob!.data)).toBe(true);
      expect([...blob!.data]).toEqual([...data]);
      expect(blob).toMatchObject({
        key: 'avatars/u1/photo.png',
        size: data.length,
        contentType: 'image/png',
        etag: sha256(data),
      });
      expect(Number.isNaN(Date.parse(blob!.modifiedAt))).toBe(false);
    });

    it('stores a 3 MB blob intact', async () => {
      const data = randomBytes(3 * 1024 * 1024);
      await store.put('exports/b1/book.pdf', data, { contentType: 'application/pdf' });
      const blob = await store.get('exports/b1/book.pdf');
      expect(blob?.size).toBe(data.length);
      expect(blob?.data.equals(data)).toBe(true);
      expect(blob?.etag).toBe(sha256(data));
    });

    it('stores an empty blob', async () => {
      await store.put('empty.txt', new Uint8Array(0), { contentType: 'text/plain' });
      const blob = await store.get('empty.txt');
      expect(blob?.size).toBe(0);
      expect(blob?.data.length).toBe(0);
    });

    it('stats without the bytes', async () => {
      const data = Buffer.from('hello, stat');
      await store.put('covers/b2/front.jpg', data, { contentType: 'image/jpeg' });
      const info = await store.stat('covers/b2/front.jpg');
      expect(info).toEqual({
        key: 'covers/b2/front.jpg',
        size: data.length,
        contentType: 'image/jpeg',
        etag: sha256(data),
        modifiedAt: expect.any(String),
      });
      expect(info).not.toHaveProperty('data');
    });

    it('overwrites a blob, its type and etag', async () => {
      await store.put('covers/b3/front', Buffer.from('first version'), { contentType: 'image/png' });
      const second = Buffer.from('second');
      await store.put('covers/b3/front', second, { contentType: 'image/webp' });
      const blob = await store.get('covers/b3/front');
      expect(blob?.data.toString()).toBe('second');
      expect(blob?.contentType).toBe('image/webp');
      expect(blob?.etag).toBe(sha256(second));
      expect((await store.stat('covers/b3/front'))?.size).toBe(second.length);
    });

    it('keeps a key and a longer key under it apart', async () => {
      await store.put('nested', Buffer.from('parent'), { contentType: 'text/plain' });
      await store.put('nested/child', Buffer.from('child'), { contentType: 'text/plain' });
      expect((await store.get('nested'))?.data.toString()).toBe('parent');
      expect((await store.get('nested/child'))?.data.toString()).toBe('child');
    });

    it('deletes, and deleting an absent key succeeds', async () => {
      await store.put('tmp/to-delete.bin', Buffer.from([1, 2, 3]), { contentType: 'application/octet-stream' });
      await store.delete('tmp/to-delete.bin');
      expect(await store.get('tmp/to-delete.bin')).toBeNull();
      expect(await store.stat('tmp/to-delete.bin')).toBeNull();
      await expect(store.delete('tmp/to-delete.bin')).resolves.toBeUndefined();
      await expect(store.delete('never/existed')).resolves.toBeUndefined();
    });

    it('lists the keys under a prefix by whole segments, without deleted ones', async () => {
      const type = { contentType: 'text/plain' };
      await store.put('listing/u1', Buffer.from('self'), type);
      await store.put('listing/u1/a', Buffer.from('a'), type);
      await store.put('listing/u1/deep/b', Buffer.from('b'), type);
      await store.put('listing/u10/c', Buffer.from('c'), type);
      await store.put('listing/u1/gone', Buffer.from('d'), type);
      await store.delete('listing/u1/gone');
      expect((await store.list('listing/u1')).sort()).toEqual(['listing/u1', 'listing/u1/a', 'listing/u1/deep/b']);
      expect(await store.list('listing/none')).toEqual([]);
      await expect(store.list('../x')).rejects.toThrow(/invalid blob key/);
    });

    it('answers null for a missing key', async () => {
      expect(await store.get('missing/key.png')).toBeNull();
      expect(await store.stat('missing/key.png')).toBeNull();
    });

    it.each([
      '',
      '/absolute/path',
      'trailing/',
      'double//slash',
      '../escape',
      'a/../../etc/passwd',
      'a/./b',
      '.',
      'spaces in name',
      'back\\slash',
      'ümlaut',
      'semi;colon',
      'x'.repeat(513),
    ])('rejects the bad key %j everywhere', async (key) => {
      await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/invalid blob key/);
      await expect(store.stat(key)).rejects.toThrow(/invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid blob key/);
    });
  });
}

describe('filesystem blob store on disk', () => {
  it('writes atomically: no temporary files are left, only the blob file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bw-blobs-'));
    try {
      const store = createFsBlobStore({ root });
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.put('race/key', Buffer.from(`version ${i}`), { contentType: 'text/plain' }),
        ),
      );
      expect(await readdir(join(root, 'race'))).toEqual(['key~blob']);
      expect((await store.get('race/key'))?.data.toString()).toMatch(/^version \d$/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('rejects a bad key before touching the disk', async () => {
    const root = join(await mkdtemp(join(tmpdir(), 'bw-blobs-')), 'not-created');
    try {
      await expect(
        createFsBlobStore({ root }).put('../x', Buffer.from('x'), { contentType: 'text/plain' }),
      ).rejects.toThrow();
      await expect(readdir(root)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(join(root, '..'), { recursive: true, force: true });
    }
  });
});

describe('createBlobStore', () => {
  it('uses files under dataDir/blobs without a NATS URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bw-data-'));
    try {
      const store = await createBlobStore({ namespace: 'bw', dataDir, logger: silentLogger() });
      await store.put('a/b', Buffer.from('x'), { contentType: 'text/plain' });
      expect(await readdir(join(dataDir, 'blobs', 'a'))).toEqual(['b~blob']);
      await store.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!natsUrl)('uses the bucket <namespace>_blobs with a NATS URL', async () => {
    const namespace = `t${randomBytes(4).toString('hex')}`;
    const store = await createBlobStore({ natsUrl, namespace, dataDir: '/nonexistent', logger: silentLogger() });
    const nc = await connect({ servers: natsUrl! });
    try {
      await store.put('k', Buffer.from('x'), { contentType: 'text/plain' });
      const bucket = await new Objm(nc).open(`${namespace}_blobs`);
      expect(await bucket.info('k')).not.toBeNull();
      await bucket.destroy();
    } finally {
      await store.close();
      await nc.close();
    }
  });
});
