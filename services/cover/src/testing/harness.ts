import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { ImagesProvider } from '@bookwright/ai';
import { createServiceTestWorld, FakeBookService } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { CoverDatabase } from '../db/schema';
import { createCoverService } from '../service';
import { coverBook, FakeBillingService } from './fakes';

/**
 * One test's world: kit's service test world (a real database and bus, blobs in a temporary directory)
 * with fake book and billing services on the bus, and the cover service started when the test says.
 */
export async function openCoverWorld() {
  const books = new FakeBookService(coverBook);
  const billing = new FakeBillingService();
  const world = await createServiceTestWorld<CoverDatabase>({ service: 'cover', fakes: [books, billing] });
  const { bus, blobs } = world;
  const database = await world.settingUp(() => world.database(migrations));
  return {
    books,
    billing,
    bus,
    blobs,
    database,

    /** Starts the cover service as `runStandalone` would; the images provider from `env` unless one is given. */
    async start(options: { images?: ImagesProvider; env?: Record<string, string>; now?: () => Date } = {}) {
      const service = createCoverService({
        ...(options.images ? { images: () => options.images! } : {}),
        ...(options.now ? { now: options.now } : {}),
      });
      await world.start(service, { env: options.env });
    },

    /** Puts bytes where the gateway leaves an upload; answers the key. */
    async upload(data: Buffer): Promise<string> {
      const key = `uploads/${randomUUID()}`;
      await blobs.put(key, data, { contentType: 'application/octet-stream' });
      return key;
    },

    /** Every blob key in the store. */
    async keys(): Promise<string[]> {
      const entries = await readdir(world.blobDir, { recursive: true });
      return entries
        .filter((e) => e.endsWith('~blob'))
        .map((e) => e.slice(0, -'~blob'.length).split('\\').join('/'))
        .sort();
    },

    stop: () => world.stop(),
  };
}

export type CoverTestWorld = Awaited<ReturnType<typeof openCoverWorld>>;
