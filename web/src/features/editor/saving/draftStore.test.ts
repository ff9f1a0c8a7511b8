import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clearDraft, clearUserDrafts, readDraft, writeDraft, type ManuscriptDraft } from './draftStore';

const draft = (text: string): ManuscriptDraft => ({
  bookContent: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }),
  baseEtag: '"e1"',
  savedAt: '2026-11-25T12:00:00.000Z',
});

describe('the local drafts', () => {
  it('keeps one draft per user and book, with the version it was edited from', async () => {
    await writeDraft('u1', 'b1', draft('Ada on b1'));
    await writeDraft('u1', 'b2', draft('Ada on b2'));
    await writeDraft('u2', 'b1', draft('Grace on b1'));
    expect(await readDraft('u1', 'b1')).toEqual(draft('Ada on b1'));
    expect((await readDraft('u2', 'b1'))?.bookContent).toContain('Grace on b1');
    expect(await readDraft('u3', 'b1')).toBeUndefined();

    await writeDraft('u1', 'b1', { ...draft('Ada again'), baseEtag: '"e2"' });
    expect(await readDraft('u1', 'b1')).toMatchObject({ baseEtag: '"e2"' });
  });

  it('forgets a draft once the server has it', async () => {
    await writeDraft('u4', 'b1', draft('saved soon'));
    await clearDraft('u4', 'b1');
    expect(await readDraft('u4', 'b1')).toBeUndefined();
  });

  it("signing out clears that user's drafts only", async () => {
    await writeDraft('u5', 'b1', draft('one'));
    await writeDraft('u5', 'b2', draft('two'));
    await writeDraft('u6', 'b1', draft('other user'));
    await clearUserDrafts('u5');
    expect(await readDraft('u5', 'b1')).toBeUndefined();
    expect(await readDraft('u5', 'b2')).toBeUndefined();
    expect(await readDraft('u6', 'b1')).toBeDefined();
  });
});
