import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { chapterNodes, chaptersOf, type TiptapNode } from '@bookwright/contracts';
import { heading, paragraph } from '@bookwright/contracts/testing';
import { ForwardedManuscripts, sentChapters } from './forwarded-manuscripts';

const manuscript = (...content: TiptapNode[]) => JSON.stringify({ type: 'doc', content });
const three = (middle = 'second') =>
  manuscript(
    heading('One'),
    paragraph('first'),
    heading('Two'),
    paragraph(middle),
    heading('Three'),
    paragraph('third'),
  );

describe('sentChapters', () => {
  it('cuts the document at its level-1 headings, as the book service stores it', () => {
    const sent = sentChapters(
      manuscript(paragraph('before'), heading('One'), heading('Sub', 2), paragraph('x'), heading('Two')),
    );
    expect(sent?.map((chapter) => chapter.nodes)).toEqual([
      [paragraph('before')],
      [heading('One'), heading('Sub', 2), paragraph('x')],
      [heading('Two')],
    ]);
  });

  it('hashes what was sent, not how it was spaced', () => {
    const spaced = JSON.stringify(JSON.parse(three()), null, 2);
    expect(sentChapters(spaced)?.map((c) => c.hash)).toEqual(sentChapters(three())?.map((c) => c.hash));
    expect(sentChapters(three('edited'))?.map((c) => c.hash)).not.toEqual(sentChapters(three())?.map((c) => c.hash));
  });

  it.each([
    ['not JSON', '{"type":"doc"'],
    ['not a document', '[]'],
    ['another type', JSON.stringify({ type: 'paragraph', content: [] })],
    ['something beside type and content', JSON.stringify({ type: 'doc', content: [], version: 2 })],
    ['content that is not a list', JSON.stringify({ type: 'doc', content: 'text' })],
    ['a node that is not an object', JSON.stringify({ type: 'doc', content: [paragraph('a'), 'b'] })],
  ])('leaves %s to the whole save', (_, body) => {
    expect(sentChapters(body)).toBeUndefined();
  });
});

describe('ForwardedManuscripts', () => {
  const remembered = () => {
    const forwarded = new ForwardedManuscripts();
    forwarded.remember('u1', 'b1', '"v7"', sentChapters(three()) ?? []);
    return forwarded;
  };

  it('answers only the chapters that changed since the version it forwarded, under that one tag', () => {
    const delta = remembered().changedSince('u1', 'b1', ['"v3"', '"v7"'], sentChapters(three('edited')) ?? []);
    expect(delta).toEqual({ etag: '"v7"', chapters: [{ index: 1, content: [heading('Two'), paragraph('edited')] }] });
  });

  it('sends the save whole for another version, another user, another count, no change or every chapter changed', () => {
    const forwarded = remembered();
    const edited = sentChapters(three('edited')) ?? [];
    expect(forwarded.changedSince('u1', 'b1', ['"v6"'], edited)).toBeUndefined();
    expect(forwarded.changedSince('u2', 'b1', ['"v7"'], edited)).toBeUndefined();
    expect(forwarded.changedSince('u1', 'b2', ['"v7"'], edited)).toBeUndefined();
    const four = sentChapters(manuscript(...JSON.parse(three('edited')).content, heading('Four'))) ?? [];
    expect(forwarded.changedSince('u1', 'b1', ['"v7"'], four)).toBeUndefined();
    expect(forwarded.changedSince('u1', 'b1', ['"v7"'], sentChapters(three()) ?? [])).toBeUndefined();
    const allNew = sentChapters(manuscript(heading('A'), heading('B'), heading('C'))) ?? [];
    expect(forwarded.changedSince('u1', 'b1', ['"v7"'], allNew)).toBeUndefined();
    forwarded.forget('u1', 'b1');
    expect(forwarded.changedSince('u1', 'b1', ['"v7"'], edited)).toBeUndefined();
  });

  it('keeps the most recently saved books, up to its bound', () => {
    const forwarded = new ForwardedManuscripts(2);
    const sent = sentChapters(three()) ?? [];
    forwarded.remember('u1', 'b1', '"v1"', sent);
    forwarded.remember('u1', 'b2', '"v1"', sent);
    forwarded.remember('u1', 'b1', '"v2"', sent);
    forwarded.remember('u1', 'b3', '"v1"', sent);
    expect(forwarded.size).toBe(2);
    const edited = sentChapters(three('edited')) ?? [];
    expect(forwarded.changedSince('u1', 'b2', ['"v1"'], edited)).toBeUndefined();
    expect(forwarded.changedSince('u1', 'b1', ['"v2"'], edited)).toBeDefined();
    expect(forwarded.changedSince('u1', 'b3', ['"v1"'], edited)).toBeDefined();
  });
});

/** Chapters as an editor makes them: each a level-1 heading (but perhaps the first) and a few paragraphs. */
const chapterArb = fc
  .tuple(fc.constantFrom('A', 'B'), fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 2 }))
  .map(([title, texts]) => [heading(title), ...texts.map(paragraph)]);
const documentArb = fc.array(chapterArb, { minLength: 1, maxLength: 5 }).map((chapters) => chapters.flat());

test.prop([documentArb, documentArb])(
  'the chapters sent, put in place of the stored ones, make the document sent',
  (before, after) => {
    const forwarded = new ForwardedManuscripts();
    forwarded.remember('u', 'b', '"v1"', sentChapters(manuscript(...before)) ?? []);
    const sent = sentChapters(manuscript(...after)) ?? [];
    const delta = forwarded.changedSince('u', 'b', ['"v1"'], sent);
    const stored = chaptersOf({ content: before }).map(chapterNodes);
    if (delta === undefined) {
      // Sent whole: unless the count differs, nothing or everything changed.
      const changed = sent.filter((chapter, i) => JSON.stringify(chapter.nodes) !== JSON.stringify(stored[i]));
      expect(stored.length !== sent.length || changed.length === 0 || changed.length === sent.length).toBe(true);
      return;
    }
    for (const chapter of delta.chapters) stored[chapter.index] = chapter.content as TiptapNode[];
    expect(stored.flat()).toEqual(after);
  },
);
