import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { revisionMessages, revisionPolicy, type TiptapDocument } from '@bookwright/contracts/http';
import { on } from '@bookwright/kit';
import { appErrorFrom } from '@bookwright/contracts/testing';
import { doc, oneBook } from '../testing/one-book';
import { revisionsRepository } from '../repositories/revisions.repository';
import { contentHash, retentionCutoffs, wordCountOf } from './revision-policy';
import { completeManuscript } from '../handlers/complete-manuscript';
import { updateContent } from '../handlers/update-content';
import { getRevision } from '../handlers/get-revisions';
import { keepBeforeRewrite } from '../handlers/keep-before-rewrite-revisions';
import { keepRevision } from './revision-snapshots';
import { listRevisions } from '../handlers/list-revisions';
import { restoreRevision } from '../handlers/restore-revisions';
import { saveRevision } from '../handlers/save-revisions';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});
const setUp = async (status: 'ready' | 'writing' = 'ready') => {
  const world = await oneBook(status);
  cleanUps.push(world.close);
  return world;
};

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('revisions that autosave cannot flood', () => {
  it('keeps the manuscript a save replaces at most once per ten minutes of editing', async () => {
    const { save, list, textOf, advance } = await setUp();
    // Half an hour of autosaving every 5 s: 360 saves.
    for (let i = 1; i <= 360; i += 1) {
      await save(`draft ${i}`);
      advance(5 * second);
    }
    const revisions = await list();
    // The text before the first save, then one every ten minutes: at 10, 20 and 30 minutes.
    expect(revisions.length).toBe(3);
    const times = revisions.map((r) => Date.parse(r.createdAt)).reverse();
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10 * minute);
    expect(await textOf(revisions.at(-1)!.id)).toBe(doc('start'));
    expect(revisions.every((r) => r.name === null)).toBe(true);
  });

  it('keeps the end of an editing session when the author comes back later', async () => {
    const { save, list, textOf, advance } = await setUp();
    await save('morning one');
    advance(minute);
    await save('morning two');
    advance(day);
    await save('next day');
    const revisions = await list();
    expect(await Promise.all(revisions.map((r) => textOf(r.id)))).toEqual([doc('morning two'), doc('start')]);
  });

  it('keeps a restore’s replaced manuscript whatever the throttle, and a restore can be undone', async () => {
    const { deps, save, list, textOf, advance } = await setUp();
    const announced: { id: string; bookId: string; fields: string[] }[] = [];
    const tail = await deps.bus.tail([
      on(events.bookUpdated, async (event, meta) => void announced.push({ id: meta.id, ...event })),
    ]);
    cleanUps.push(() => tail.stop());
    await save('first');
    advance(minute);
    await save('second version');
    const [start] = await list();
    advance(minute);
    const restored = await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: start!.id });
    expect(restored.bookContent).toBe(doc('start'));
    // Each save and the restore announced once (the relay is never started: only what each held is sent).
    const change = expect.objectContaining({ bookId: 'b1', fields: ['bookContent'] });
    await expect.poll(() => announced).toEqual([change, change, change]);
    // And each in the outbox, written with its change: the relay sends it if the publish after the commit is lost.
    const stored = await sql<{
      id: string;
    }>`SELECT id FROM outbox WHERE event_name = ${events.bookUpdated.name}`.execute(deps.db);
    expect(stored.rows.map((row) => row.id).sort()).toEqual(announced.map((event) => event.id).sort());
    const after = await list();
    expect(after).toHaveLength(2);
    expect(await textOf(after[0]!.id)).toBe(doc('second version'));
    const undone = await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: after[0]!.id });
    expect(undone.bookContent).toBe(doc('second version'));
    // Restoring the text the book already holds changes nothing.
    const again = await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: after[0]!.id });
    expect(again.etag).toBe(undone.etag);
  });

  it('keeps the text a restore replaces as the database copies it: the text, hash and word count the service would give it', async () => {
    const { deps, list } = await setUp();
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });
    // Several chapters, and text whose UTF-8 is not its UTF-16: the database hashes the bytes.
    const replaced = JSON.stringify({
      type: 'doc',
      content: [
        paragraph('Préface\u00a0à lire'),
        heading('Один'),
        paragraph('鯨 の 歌 — a song 🐋'),
        heading('Two'),
        paragraph('  the  end  '),
      ],
    });
    await updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: replaced });
    const [start] = await list();
    await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: start!.id });
    const { rows } = await sql<{ content: string; content_hash: string; word_count: number }>`
      SELECT content, content_hash, word_count FROM book_revisions WHERE kind = 'before-restore'`.execute(deps.db);
    expect(rows).toEqual([
      {
        content: replaced,
        content_hash: contentHash(replaced),
        word_count: wordCountOf(JSON.parse(replaced) as TiptapDocument),
      },
    ]);
  });

  it('keeps the manuscript before an AI rewrite whatever the throttle, but not the same text twice', async () => {
    const { deps, save, list, textOf, advance } = await setUp();
    await save('before the rewrite');
    advance(minute);
    const keep = () => keepBeforeRewrite(deps)({ userId: 'u1', bookId: 'b1' });
    expect(await keep()).toEqual({ kept: true });
    expect(await keep()).toEqual({ kept: false });
    const revisions = await list();
    expect(await textOf(revisions[0]!.id)).toBe(doc('before the rewrite'));
    expect((await appErrorFrom(keepBeforeRewrite(deps)({ userId: 'u2', bookId: 'b1' }))).status).toBe(404);
  });

  it('saves a named version of the manuscript, or of a text sent, without changing the manuscript', async () => {
    const { deps, save, list, textOf } = await setUp();
    const saved = await save('chapter one');
    const named = await saveRevision(deps)({ userId: 'u1', bookId: 'b1', name: 'Before the big cut' });
    expect(named).toMatchObject({ name: 'Before the big cut', wordCount: 2, bookContent: doc('chapter one') });
    const unnamed = await saveRevision(deps)({ userId: 'u1', bookId: 'b1' });
    expect(unnamed.name).toBeNull();
    const other = await saveRevision(deps)({
      userId: 'u1',
      bookId: 'b1',
      name: 'Kept from another tab, 14:02',
      bookContent: doc('the other tab'),
    });
    expect(other.bookContent).toBe(doc('the other tab'));
    const book = await updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: doc('chapter one') });
    expect(book.bookContent).toBe(doc('chapter one'));
    expect(book.etag).toBe(saved.etag);
    const revisions = await list();
    expect(revisions.map((r) => r.name)).toEqual(['Kept from another tab, 14:02', null, 'Before the big cut', null]);
    expect(await textOf(revisions[0]!.id)).toBe(doc('the other tab'));

    const bad = await appErrorFrom(saveRevision(deps)({ userId: 'u1', bookId: 'b1', bookContent: 'not json' }));
    expect(bad.status).toBe(400);
    expect((await appErrorFrom(saveRevision(deps)({ userId: 'u2', bookId: 'b1' }))).status).toBe(404);
  });

  it('refuses a named version while the book is being written (409), and keeps nothing', async () => {
    const { deps, list } = await setUp('writing');
    const refused = await appErrorFrom(saveRevision(deps)({ userId: 'u1', bookId: 'b1', name: 'x' }));
    expect(refused.status).toBe(409);
    expect(await list()).toEqual([]);
  });

  it('keeps the manuscript as the writer finished it as the first revision, "As written"', async () => {
    const { deps, save, list, textOf, advance } = await setUp('writing');
    await deps.blobs.put('manuscripts/b1/1.json', Buffer.from(doc('as the writer', 'left it')), {
      contentType: 'application/json',
    });
    const complete = { bookId: 'b1', contentBlobKey: 'manuscripts/b1/1.json', words: 5, pages: 1 };
    expect(await completeManuscript(deps)(complete)).toEqual({ applied: true });
    // A redelivered hand-over is ignored, and adds no second "As written".
    expect(await completeManuscript(deps)(complete)).toEqual({ applied: false });
    advance(minute);
    await save('the author’s first edit');
    advance(11 * minute);
    await save('the author’s second edit');
    const revisions = await list();
    expect(revisions.map((r) => r.name)).toEqual([null, revisionPolicy.asWrittenName]);
    const asWritten = revisions.at(-1)!;
    expect(asWritten.wordCount).toBe(5);
    expect(await textOf(asWritten.id)).toBe(doc('as the writer', 'left it'));
  });

  it('thins automatic snapshots with age, and never prunes named ones', async () => {
    const { database, deps, clock, list, thin } = await setUp();
    const now = clock.now.getTime();
    const at = (t: number) => () => new Date(t);
    const keepAt = async (t: number, text: string, kind: 'edit' | 'named' = 'edit') =>
      keepRevision(database.db, { ...deps, now: at(t) }, 'b1', doc(text), kind, {
        name: kind === 'named' ? text : null,
      });
    const oldDay = now - (revisionPolicy.hourlyDays + 3) * day;
    const oldHour = now - 5 * hour - (now % hour);
    await keepAt(oldDay, 'old day a');
    await keepAt(oldDay + 10 * minute, 'old day named', 'named');
    await keepAt(oldDay + 20 * minute, 'old day b');
    await keepAt(oldHour + minute, 'old hour a');
    await keepAt(oldHour + 11 * minute, 'old hour b');
    await keepAt(now - hour, 'recent a');
    await keepAt(now - 30 * minute, 'recent b');
    await keepAt(now, 'now');
    await thin();
    const texts = await Promise.all(
      (await list()).map(
        async (r) => (await getRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: r.id })).bookContent,
      ),
    );
    expect(texts).toEqual(
      ['now', 'recent b', 'recent a', 'old hour b', 'old day b', 'old day named'].map((t) => doc(t)),
    );
  });

  it('keeps no more automatic snapshots than the cap, dropping the oldest first, named ones aside', async () => {
    const { database, deps, clock, list } = await setUp();
    await keepRevision(database.db, deps, 'b1', doc('named'), 'named', { name: 'named' });
    for (const i of [1, 2, 3, 4]) await keepRevision(database.db, deps, 'b1', doc(`v${i}`), 'before-rewrite');
    await revisionsRepository.prune(database.db, 'b1', retentionCutoffs(clock.now), 2);
    const revisions = await list();
    const contents = await Promise.all(revisions.map((r) => revisionsRepository.find(database.db, 'b1', r.id)));
    expect(contents.map((r) => r!.content)).toEqual([doc('v4'), doc('v3'), doc('named')]);
  });

  it('answers 404 for another user’s book and an unknown or foreign revision', async () => {
    const { deps, list, advance, save } = await setUp();
    await save('mine');
    advance(minute);
    await keepBeforeRewrite(deps)({ userId: 'u1', bookId: 'b1' });
    const [revision] = await list();
    const status = async (p: Promise<unknown>) => (await appErrorFrom(p)).status;
    expect(await status(listRevisions(deps)({ userId: 'u2', bookId: 'b1' }))).toBe(404);
    expect(await status(getRevision(deps)({ userId: 'u2', bookId: 'b1', revisionId: revision!.id }))).toBe(404);
    expect(await status(restoreRevision(deps)({ userId: 'u2', bookId: 'b1', revisionId: revision!.id }))).toBe(404);
    const unknown = await appErrorFrom(getRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: 'nope' }));
    expect(unknown.message).toBe(revisionMessages.notFound);
    expect(await status(restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: 'nope' }))).toBe(404);
  });

  it('refuses to restore unless the book is ready (409), and changes nothing', async () => {
    const { database, deps, save, list, advance } = await setUp();
    await save('text');
    advance(minute);
    await keepBeforeRewrite(deps)({ userId: 'u1', bookId: 'b1' });
    const before = await list();
    await database.db.updateTable('books').set({ status: 'writing' }).execute();
    const refused = await appErrorFrom(
      restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: before[0]!.id }),
    );
    expect(refused.status).toBe(409);
    expect(await list()).toEqual(before);
  });

  it('deletes the history with the book (cascade)', async () => {
    const { database, deps, save } = await setUp();
    await save('a');
    await saveRevision(deps)({ userId: 'u1', bookId: 'b1', name: 'kept' });
    await database.db.deleteFrom('books').where('id', '=', 'b1').execute();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from book_revisions`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
  });
});
