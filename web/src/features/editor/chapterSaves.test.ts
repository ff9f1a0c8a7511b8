import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chapterNodes, chaptersOf, type TiptapDocument, type TiptapNode } from '@bookwright/contracts';
import { changedChapters, createManuscriptSender } from './chapterSaves';
import type { ConditionalPatch, MinimalSaveOutcome, VersionedBook } from './conditionalRequests';

const paragraph = (text: string): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string): TiptapNode => ({
  type: 'heading',
  attrs: { level: 1 },
  content: [{ type: 'text', text }],
});
const chapter = (title: string, text: string) => [heading(title), paragraph(text)];
const text = (...chapters: TiptapNode[][]) => JSON.stringify({ type: 'doc', content: chapters.flat() });

describe('changedChapters', () => {
  it('names only the chapters that changed, by place, with all their nodes', () => {
    const saved = text(chapter('One', 'a'), chapter('Two', 'b'), chapter('Three', 'c'));
    const current = text(chapter('One', 'a'), chapter('Two', 'b, edited'), chapter('Three', 'c'));
    expect(changedChapters(saved, current)).toEqual([{ index: 1, content: chapter('Two', 'b, edited') }]);
  });

  it('leaves to a whole save what places cannot say: chapters added or removed, no change, no document', () => {
    const saved = text(chapter('One', 'a'), chapter('Two', 'b'));
    expect(
      changedChapters(saved, text(chapter('One', 'a'), chapter('Two', 'b'), chapter('Three', 'c'))),
    ).toBeUndefined();
    expect(changedChapters(saved, text(chapter('One', 'a')))).toBeUndefined();
    expect(changedChapters(saved, saved)).toBeUndefined();
    expect(changedChapters(saved, 'not json')).toBeUndefined();
    expect(changedChapters('', saved)).toBeUndefined();
  });

  it('rebuilds the current text when its chapters are put in place of the saved ones', () => {
    const block = fc.oneof(fc.string({ minLength: 1, maxLength: 4 }).map(paragraph), fc.constantFrom(heading('H')));
    const doc = fc.array(block, { maxLength: 12 });
    fc.assert(
      fc.property(doc, doc, (before, after) => {
        const changes = changedChapters(text(before), text(after));
        if (!changes) return;
        const parts = chaptersOf({ content: before }).map(chapterNodes);
        for (const { index, content } of changes) parts[index] = content as TiptapNode[];
        expect(JSON.stringify({ type: 'doc', content: parts.flat() } satisfies TiptapDocument)).toBe(text(after));
      }),
    );
  });
});

describe('createManuscriptSender', () => {
  const book = { _id: 'b1', title: 'T', bookContent: 'old', etag: '"v1"', updatedAt: 'then' } as VersionedBook;

  /** `answers` are taken one by one by the saves after the first (which is always stored). */
  function setup(answers: MinimalSaveOutcome[] = []) {
    const calls: { kind: 'whole' | 'partial'; request: ConditionalPatch }[] = [];
    let version = 1;
    const send = createManuscriptSender({
      bookId: 'b1',
      book: () => book,
      patch: async (request) => {
        calls.push({ kind: 'chapters' in (request.body as object) ? 'partial' : 'whole', request });
        const answer = calls.length > 1 ? answers.shift() : undefined;
        return answer ?? { kind: 'saved', saved: { etag: `"v${++version}"`, updatedAt: `at v${version}` } };
      },
    });
    return { send, calls };
  }

  const first = text(chapter('One', 'a'), chapter('Two', 'b'));
  const second = text(chapter('One', 'a'), chapter('Two', 'b2'));
  const third = text(chapter('One', 'a3'), chapter('Two', 'b2'));

  it('saves whole until a save is stored, then only the changed chapters on that ETag, asking for the version', async () => {
    const { send, calls } = setup();
    const firstSave = await send(first, '"v1"', 'r1', false);
    expect(calls).toEqual([
      {
        kind: 'whole',
        request: {
          target: 'content',
          bookId: 'b1',
          etag: '"v1"',
          requestId: 'r1',
          keepalive: false,
          body: { bookContent: first },
        },
      },
    ]);
    // Answered with the version only: the page's book with the text sent is what the server now holds.
    expect(firstSave).toEqual({
      kind: 'saved',
      etag: '"v2"',
      book: { ...book, bookContent: first, etag: '"v2"', updatedAt: 'at v2' },
    });

    const partial = await send(second, '"v2"', 'r2', false);
    expect(calls[1]).toEqual({
      kind: 'partial',
      request: {
        target: 'content',
        bookId: 'b1',
        etag: '"v2"',
        requestId: 'r2',
        keepalive: false,
        body: { chapters: [{ index: 1, content: chapter('Two', 'b2') }] },
      },
    });
    // The page's book with the saved text and the new version: what the server now holds.
    expect(partial).toEqual({
      kind: 'saved',
      etag: '"v3"',
      book: { ...book, bookContent: second, etag: '"v3"', updatedAt: 'at v3' },
    });

    await send(third, '"v3"', 'r3', false);
    expect(calls[2]!.request.body).toEqual({ chapters: [{ index: 0, content: chapter('One', 'a3') }] });
  });

  it('saves whole when the ETag is not the one of the text it knows stored (a conflict resolved, a restore)', async () => {
    const { send, calls } = setup();
    await send(first, '"v1"', 'r1', false);
    await send(second, '"v9"', 'r2', false);
    expect(calls.map((c) => c.kind)).toEqual(['whole', 'whole']);
  });

  it.each([400, 409, 428])('sends the text again whole at once after a %i to the partial save', async (status) => {
    const { send, calls } = setup([{ kind: 'failed', status, msg: 'no' }]);
    await send(first, '"v1"', 'r1', false);
    const outcome = await send(second, '"v2"', 'r2', false);
    expect(calls.map((c) => c.kind)).toEqual(['whole', 'partial', 'whole']);
    expect(calls[2]!.request).toMatchObject({ etag: '"v2"', requestId: 'r2', body: { bookContent: second } });
    expect(outcome).toEqual({
      kind: 'saved',
      etag: '"v3"',
      book: { ...book, bookContent: second, etag: '"v3"', updatedAt: 'at v3' },
    });
    // The whole save is stored like any other: the next change goes as chapters again, on its version.
    await send(third, '"v3"', 'r3', false);
    expect(calls[3]).toMatchObject({ kind: 'partial', request: { etag: '"v3"' } });
  });

  it('keeps no stored text after a whole save that was not stored: the next save is whole again', async () => {
    for (const answer of [
      { kind: 'conflict' },
      { kind: 'failed', status: 503 },
      { kind: 'offline' },
    ] as MinimalSaveOutcome[]) {
      const { send, calls } = setup([{ kind: 'failed', status: 409 }, answer]);
      await send(first, '"v1"', 'r1', false);
      expect(await send(second, '"v2"', 'r2', false)).toEqual(answer);
      await send(third, '"v2"', 'r3', false);
      expect(calls.map((c) => c.kind)).toEqual(['whole', 'partial', 'whole', 'whole']);
    }
  });

  it('answers a 412, a server failure or no answer as they came, without a whole save', async () => {
    for (const answer of [
      { kind: 'conflict' },
      { kind: 'failed', status: 503 },
      { kind: 'offline' },
    ] as MinimalSaveOutcome[]) {
      const { send, calls } = setup([answer]);
      await send(first, '"v1"', 'r1', false);
      expect(await send(second, '"v2"', 'r2', false)).toEqual(answer);
      expect(calls.map((c) => c.kind)).toEqual(['whole', 'partial']);
    }
  });
});
