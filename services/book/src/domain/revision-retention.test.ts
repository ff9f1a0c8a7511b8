import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { revisionPolicy } from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { doc, oneBook } from '../testing/one-book';
import { RevisionRetention } from './revision-retention';
import { keepRevision } from './revision-snapshots';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const hour = 60 * 60 * 1000;

describe(`revision retention (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('thins a history after the change that kept a snapshot, not in it, and a moment later by itself', async () => {
    const world = await oneBook();
    cleanUps.push(world.close);
    const { database, deps, clock } = world;
    // A delay longer than the test: the changes commit with nothing thinned.
    const retention = new RevisionRetention({
      db: database.db,
      logger: silentLogger(),
      now: deps.now!,
      delayMs: 60_000,
    });
    cleanUps.push(() => retention.stop());
    const thinned: string[] = [];
    const watched = { ...deps, retention: { due: (bookId: string) => (thinned.push(bookId), retention.due(bookId)) } };
    // Two automatic snapshots in one hour long past the keep-all window: only the newer of them stays.
    const past = clock.now.getTime() - (revisionPolicy.keepAllHours + 2) * hour;
    const keepAt = (t: number, text: string) =>
      database.db
        .transaction()
        .execute((trx) =>
          keepRevision(trx, { ...watched, now: () => new Date(t) } as never, 'b1', doc(text), 'before-rewrite'),
        );
    await keepAt(past, 'older');
    await keepAt(past + 60_000, 'newer');
    const texts = async () =>
      (
        await sql<{ content: string }>`SELECT content FROM book_revisions WHERE book_id = 'b1' ORDER BY seq`.execute(
          database.db,
        )
      ).rows.map((row) => row.content);
    expect(await texts()).toEqual([doc('older'), doc('newer')]);
    expect(thinned).toEqual(['b1', 'b1']);
    await retention.run();
    expect(await texts()).toEqual([doc('newer')]);

    // On its own, a moment later.
    const soon = new RevisionRetention({ db: database.db, logger: silentLogger(), now: deps.now!, delayMs: 20 });
    cleanUps.push(() => soon.stop());
    await keepRevision(
      database.db,
      { ...deps, retention: soon, now: () => new Date(past + 120_000) },
      'b1',
      doc('newest'),
      'before-rewrite',
    );
    expect(await texts()).toEqual([doc('newer'), doc('newest')]);
    await expect.poll(texts).toEqual([doc('newest')]);
  });

  it('tries again at the next snapshot when a thinning fails, and thins what is due when stopped', async () => {
    const world = await oneBook();
    cleanUps.push(world.close);
    const { database, deps, clock } = world;
    const warnings: string[] = [];
    const logger = { ...silentLogger(), warn: (_: unknown, message: string) => void warnings.push(message) };
    // The database refusing the thinning's transaction while `down`.
    let down = false;
    const db = {
      transaction: () => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return database.db.transaction();
      },
    };
    // A long delay: only run() and stop() thin here.
    const retention = new RevisionRetention({
      db: db as never,
      logger: logger as never,
      now: deps.now!,
      delayMs: 60_000,
    });
    const past = clock.now.getTime() - (revisionPolicy.keepAllHours + 2) * hour;
    const keepAt = (t: number, text: string) =>
      keepRevision(database.db, { ...deps, retention, now: () => new Date(t) }, 'b1', doc(text), 'before-rewrite');
    const count = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM book_revisions WHERE book_id = 'b1'`.execute(
          database.db,
        )
      ).rows[0]!.n;

    await keepAt(past, 'one');
    await keepAt(past + 60_000, 'two');
    down = true;
    await retention.run();
    down = false;
    expect(warnings).toEqual(['thinning the revision history failed; the next snapshot tries again']);
    expect(await count()).toBe(2);

    await keepAt(past + 120_000, 'three');
    await retention.stop();
    expect(await count()).toBe(1);
  });
});
