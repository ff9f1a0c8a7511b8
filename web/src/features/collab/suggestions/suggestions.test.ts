import { Editor } from '@tiptap/core';
import { enableSuggestChanges } from '@handlewithcare/prosemirror-suggest-changes';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { manuscriptToYDoc, printedManuscript, yDocToManuscript } from '@bookwright/manuscript';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { liveBookExtensions } from '../liveExtensions';
import { authorOfSuggestion, newSuggestionId, suggestionUserId } from './suggestionIds';
import { outsideSuggestionId } from '@bookwright/manuscript/suggestion-authors';
import { chapterRangeAt, decideSuggestion, decideSuggestionsIn, suggestionAt, suggestionsIn } from './suggestionModel';
import { setSuggestionsForced, suggestionAuthorName } from './suggestChangesExtension';
import { suggestionTexts } from './suggestionTexts';

const paragraph = (text: string) => ({
  type: 'paragraph',
  attrs: { textAlign: null },
  content: [{ type: 'text', text }],
});
const chapter = (title: string) => ({
  type: 'heading',
  attrs: { level: 1, textAlign: null },
  content: [{ type: 'text', text: title }],
});
const book: TiptapDocument = {
  type: 'doc',
  content: [chapter('One'), paragraph('It was a quiet night.'), chapter('Two'), paragraph('The sea was calm.')],
};

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

/** The server's document and one page on it per person, each relaying its updates through the server. */
function world(content: TiptapDocument = book) {
  const server = manuscriptToYDoc(content);
  function page(selfUserId: string, { forced = false, suggesting = false } = {}) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== server) Y.applyUpdate(server, update, doc);
    });
    server.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== doc) Y.applyUpdate(doc, update, server);
    });
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: liveBookExtensions({ document: doc, awareness: null, selfUserId }),
    });
    editors.push(editor);
    setSuggestionsForced(editor, forced);
    if (suggesting) enableSuggestChanges(editor.state, editor.view.dispatch);
    return editor;
  }
  return { server, page };
}

/** Position just after the first occurrence of a text. */
function after(editor: Editor, text: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text?.includes(text)) found = pos + node.text.indexOf(text) + text.length;
  });
  if (found < 0) throw new Error(`no ${text}`);
  return found;
}

const visibleText = (editor: Editor) => editor.getText().replace(/\u200B/g, '');

describe('suggestion ids', () => {
  it('name their author and when, and parse back', () => {
    const id = newSuggestionId('user~1', Date.UTC(2026, 10, 29), () => 0.5);
    expect(authorOfSuggestion(id)).toEqual({ kind: 'member', userId: 'user~1', at: Date.UTC(2026, 10, 29) });
    expect(authorOfSuggestion(7)).toBeUndefined();
    expect(authorOfSuggestion('plain')).toBeUndefined();
  });

  it('show a Word reviewer’s name, brought back by an import, and a member’s by their id', () => {
    const storage = { forced: false, nameOf: (userId: string) => (userId === 'u-grace' ? 'Grace' : undefined) };
    expect(suggestionAuthorName(outsideSuggestionId('Jane Editor', Date.UTC(2026, 10, 24)), storage, 'me')).toBe(
      'Jane Editor',
    );
    expect(suggestionAuthorName(newSuggestionId('u-grace'), storage, 'me')).toBe('Grace');
    expect(suggestionAuthorName(newSuggestionId('me'), storage, 'me')).toBe('You');
    expect(suggestionUserId(outsideSuggestionId('Jane Editor', 0))).toBeUndefined();
  });
});

describe('chapters', () => {
  it('are the level-1 heading sections', () => {
    const { page } = world();
    const editor = page('u-owner');
    const doc = editor.state.doc;
    const two = chapterRangeAt(doc, after(editor, 'calm'));
    expect(two.title).toBe('Two');
    expect(doc.textBetween(two.from, two.to)).toContain('The sea was calm.');
    const one = chapterRangeAt(doc, after(editor, 'quiet'));
    expect(one.title).toBe('One');
    expect(one.to).toBe(two.from);
  });
});

describe('suggesting in a live book', () => {
  it('turns an editor’s typing and deleting into suggestions named for them, seen as such by the others', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    editorPage.commands.insertContentAt(after(editorPage, 'quiet'), ' and dark');
    const at = after(editorPage, 'calm');
    editorPage.commands.deleteRange({ from: at - 4, to: at });
    // Nothing left the text: the deleted word is still there, marked.
    expect(visibleText(ownerPage)).toContain('It was a quiet and dark night.');
    expect(visibleText(ownerPage)).toContain('The sea was calm.');
    const suggestions = suggestionsIn(ownerPage.state.doc);
    expect(suggestions.map((s) => [s.kinds, s.inserted, s.deleted])).toEqual([
      [['insertion'], ' and dark', ''],
      [['deletion'], '', 'calm'],
    ]);
    for (const s of suggestions) expect(authorOfSuggestion(s.id)).toMatchObject({ kind: 'member', userId: 'u-editor' });
    // Another person's live edits arrived through Yjs and were not turned into suggestions of the owner's page.
    expect(ownerPage.getJSON()).toEqual(editorPage.getJSON());
  });

  it('never turns another person’s live edits into suggestions, even while this page suggests', () => {
    const { page } = world();
    const ownerPage = page('u-owner', { suggesting: true });
    const coauthorPage = page('u-coauthor');
    coauthorPage.commands.insertContentAt(after(coauthorPage, 'quiet'), ' and still');
    expect(visibleText(ownerPage)).toContain('quiet and still night');
    expect(suggestionsIn(ownerPage.state.doc)).toEqual([]);
  });

  it('leaves the owner’s edits direct until they switch Suggesting on', () => {
    const { page } = world();
    const ownerPage = page('u-owner');
    ownerPage.commands.insertContentAt(after(ownerPage, 'quiet'), ' very');
    expect(suggestionsIn(ownerPage.state.doc)).toEqual([]);
    enableSuggestChanges(ownerPage.state, ownerPage.view.dispatch);
    ownerPage.commands.insertContentAt(after(ownerPage, 'very'), ' very');
    expect(suggestionsIn(ownerPage.state.doc).map((s) => suggestionUserId(s.id))).toEqual(['u-owner']);
  });

  it('accepts one suggestion and rejects another, on every page, and undoes the decision', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    editorPage.commands.insertContentAt(after(editorPage, 'quiet'), ' and dark');
    const at = after(editorPage, 'calm');
    editorPage.commands.deleteRange({ from: at - 4, to: at });
    const [added, deleted] = suggestionsIn(ownerPage.state.doc);

    expect(decideSuggestion(added!.id, 'accept')(ownerPage.state, ownerPage.view.dispatch)).toBe(true);
    expect(decideSuggestion(deleted!.id, 'reject')(ownerPage.state, ownerPage.view.dispatch)).toBe(true);
    for (const p of [ownerPage, editorPage]) {
      expect(visibleText(p)).toContain('It was a quiet and dark night.');
      expect(visibleText(p)).toContain('The sea was calm.');
      expect(suggestionsIn(p.state.doc)).toEqual([]);
    }
    // Yjs's undo takes the decisions back (both: they were one capture), and the suggestions are there again.
    ownerPage.commands.undo();
    expect(
      suggestionsIn(ownerPage.state.doc)
        .map((s) => s.id)
        .sort(),
    ).toEqual([added!.id, deleted!.id].sort());
    expect(suggestionsIn(editorPage.state.doc)).toHaveLength(2);
  });

  it('accepts or rejects every suggestion in one chapter, leaving the other chapter’s', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    editorPage.commands.insertContentAt(after(editorPage, 'quiet'), ' and dark');
    editorPage.commands.insertContentAt(after(editorPage, 'night.'), ' Cold.');
    editorPage.commands.insertContentAt(after(editorPage, 'calm.'), ' Grey.');
    ownerPage.commands.setTextSelection(after(ownerPage, 'It was'));
    const one = chapterRangeAt(ownerPage.state.doc, ownerPage.state.selection.from);
    expect(suggestionsIn(ownerPage.state.doc, one.from, one.to)).toHaveLength(2);
    expect(decideSuggestionsIn(one.from, one.to, 'reject')(ownerPage.state, ownerPage.view.dispatch)).toBe(true);
    expect(visibleText(editorPage)).toContain('It was a quiet night.\n');
    expect(suggestionsIn(ownerPage.state.doc).map((s) => s.inserted)).toEqual([' Grey.']);
    ownerPage.commands.setTextSelection(after(ownerPage, 'Grey'));
    expect(suggestionAt(ownerPage.state)?.inserted).toBe(' Grey.');
    const two = chapterRangeAt(ownerPage.state.doc, ownerPage.state.selection.from);
    decideSuggestionsIn(two.from, two.to, 'accept')(ownerPage.state, ownerPage.view.dispatch);
    expect(suggestionsIn(ownerPage.state.doc)).toEqual([]);
    expect(visibleText(editorPage)).toContain('The sea was calm. Grey.');
  });
});

describe('authorship', () => {
  it('keeps each suggestion its author’s when two people suggest side by side', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner', { suggesting: true });
    editorPage.commands.insertContentAt(after(editorPage, 'quiet'), ' and dark');
    // The owner types right after the editor's words, then right before them, one key at a time.
    ownerPage.commands.setTextSelection(after(ownerPage, 'and dark'));
    for (const key of ' and cold') ownerPage.view.dispatch(ownerPage.state.tr.insertText(key));
    ownerPage.commands.setTextSelection(after(ownerPage, 'quiet'));
    for (const key of ' still') ownerPage.view.dispatch(ownerPage.state.tr.insertText(key));
    // And deletes a word next to the editor's insertion.
    const night = after(ownerPage, 'night');
    ownerPage.commands.deleteRange({ from: night - 5, to: night });

    const shown = suggestionsIn(editorPage.state.doc).map((s) => [suggestionUserId(s.id), s.inserted, s.deleted]);
    expect(shown).toEqual([
      ['u-owner', ' still', ''],
      ['u-editor', ' and dark', ''],
      ['u-owner', ' and cold', ''],
      ['u-owner', '', 'night'],
    ]);
  });
});

describe('formatting', () => {
  it('suggests an editor’s bold as the text replaced by its bold self, which can be rejected', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    const before = ownerPage.getJSON();
    const at = after(editorPage, 'quiet');
    editorPage
      .chain()
      .setTextSelection({ from: at - 5, to: at })
      .toggleBold()
      .run();
    const [bold] = suggestionsIn(ownerPage.state.doc);
    expect([bold?.inserted, bold?.deleted, suggestionUserId(bold?.id)]).toEqual(['quiet', 'quiet', 'u-editor']);
    decideSuggestion(bold!.id, 'reject')(ownerPage.state, ownerPage.view.dispatch);
    expect(ownerPage.getJSON()).toEqual(before);
  });

  it('marks a whole deleted paragraph as a block, so the other pages and the server see the suggestion', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    const end = after(editorPage, 'night.');
    const start = end - 'It was a quiet night.'.length;
    editorPage.commands.deleteRange({ from: start - 1, to: end + 1 });
    const [deleted] = suggestionsIn(ownerPage.state.doc);
    expect(deleted?.deleted).toBe('It was a quiet night.');
    expect(suggestionUserId(deleted?.id)).toBe('u-editor');
    expect(ownerPage.getJSON()).toEqual(editorPage.getJSON());
    expect(blockMarks(ownerPage)).toEqual([[], ['deletion'], [], []]);
  });

  it('suggests a paragraph break (Enter) on the text, which the other pages see and a rejection joins again', () => {
    const { page } = world();
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    const before = ownerPage.getJSON();
    editorPage.chain().setTextSelection(after(editorPage, 'quiet')).splitBlock().run();
    const [split] = suggestionsIn(ownerPage.state.doc);
    expect(suggestionUserId(split?.id)).toBe('u-editor');
    expect(ownerPage.getJSON()).toEqual(editorPage.getJSON());
    decideSuggestion(split!.id, 'reject')(ownerPage.state, ownerPage.view.dispatch);
    expect(ownerPage.getJSON()).toEqual(before);
  });
});

/** The suggestion marks on each top-level block (not on its text). */
const blockMarks = (editor: Editor) =>
  (editor.getJSON().content ?? []).map((block) => (block.marks ?? []).map((mark) => mark.type));

describe('block suggestions', () => {
  // A paragraph after the last one changed, so tiptap's trailing paragraph is never added.
  const longer: TiptapDocument = { ...book, content: [...book.content!, paragraph('The end.')] };

  /** An editor's page, the owner's, the book before, and the editor's change of the block ending in `calm.`. */
  function suggested(change: (editor: Editor) => void) {
    const { server, page } = world(longer);
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    const before = ownerPage.getJSON();
    editorPage.commands.setTextSelection(after(editorPage, 'calm'));
    change(editorPage);
    const [suggestion, ...others] = suggestionsIn(ownerPage.state.doc);
    expect(others).toEqual([]);
    expect(suggestionUserId(suggestion?.id)).toBe('u-editor');
    // The same marks on every page and in the server's document (what the stored chapters are made from).
    expect(ownerPage.getJSON()).toEqual(editorPage.getJSON());
    expect(yDocToManuscript(server)).toEqual(editorPage.getJSON());
    return { editorPage, ownerPage, before, suggestion: suggestion! };
  }

  const summaryOf = (s: ReturnType<typeof suggestionsIn>[number]) =>
    suggestionTexts.summary(s.inserted, s.deleted, s.kinds, s.modifications);

  it('suggests a paragraph’s alignment, which the owner rejects, and undoes the rejection', () => {
    const { editorPage, ownerPage, before, suggestion } = suggested((e) => e.chain().setTextAlign('center').run());
    expect(summaryOf(suggestion)).toBe('centre');
    expect(blockMarks(ownerPage)[3]).toEqual(['modification']);
    expect(decideSuggestion(suggestion.id, 'reject')(ownerPage.state, ownerPage.view.dispatch)).toBe(true);
    expect(ownerPage.getJSON()).toEqual(before);
    expect(editorPage.getJSON()).toEqual(before);
    ownerPage.commands.undo();
    expect(suggestionsIn(editorPage.state.doc).map((s) => s.id)).toEqual([suggestion.id]);
  });

  it('suggests a paragraph’s alignment, which the owner accepts', () => {
    const { editorPage, ownerPage, suggestion } = suggested((e) => e.chain().setTextAlign('center').run());
    expect(decideSuggestion(suggestion.id, 'accept')(ownerPage.state, ownerPage.view.dispatch)).toBe(true);
    expect(suggestionsIn(editorPage.state.doc)).toEqual([]);
    expect(editorPage.getJSON().content?.[3]).toEqual({
      ...paragraph('The sea was calm.'),
      attrs: { textAlign: 'center' },
    });
  });

  it('suggests a paragraph made a heading: accepted it is one, rejected a paragraph again', () => {
    const made = (e: Editor) => e.chain().toggleHeading({ level: 2 }).run();
    const rejected = suggested(made);
    expect(summaryOf(rejected.suggestion)).toBe('make a heading (level 2)');
    decideSuggestion(rejected.suggestion.id, 'reject')(rejected.ownerPage.state, rejected.ownerPage.view.dispatch);
    expect(rejected.editorPage.getJSON()).toEqual(rejected.before);

    const accepted = suggested(made);
    decideSuggestion(accepted.suggestion.id, 'accept')(accepted.ownerPage.state, accepted.ownerPage.view.dispatch);
    expect(accepted.editorPage.getJSON().content?.[3]).toEqual({
      type: 'heading',
      attrs: { level: 2, textAlign: null },
      content: [{ type: 'text', text: 'The sea was calm.' }],
    });
    expect(suggestionsIn(accepted.editorPage.state.doc)).toEqual([]);
  });

  it('suggests a heading made a paragraph, and a rejection gives the heading back its level', () => {
    const { editorPage, ownerPage, before, suggestion } = suggested((e) =>
      e.chain().setTextSelection(after(e, 'Two')).setParagraph().run(),
    );
    expect(summaryOf(suggestion)).toBe('make a paragraph');
    decideSuggestion(suggestion.id, 'reject')(ownerPage.state, ownerPage.view.dispatch);
    expect(editorPage.getJSON()).toEqual(before);
  });

  it('suggests a paragraph made a list item (the paragraph deleted, the list inserted, as blocks)', () => {
    const rejected = suggested((e) => e.chain().toggleBulletList().run());
    expect(blockMarks(rejected.ownerPage).slice(3, 5)).toEqual([['deletion'], ['insertion']]);
    expect(summaryOf(rejected.suggestion)).toBe('change the formatting of “The sea was calm.”');
    decideSuggestion(rejected.suggestion.id, 'reject')(rejected.ownerPage.state, rejected.ownerPage.view.dispatch);
    expect(rejected.editorPage.getJSON()).toEqual(rejected.before);

    const accepted = suggested((e) => e.chain().toggleOrderedList().run());
    decideSuggestion(accepted.suggestion.id, 'accept')(accepted.ownerPage.state, accepted.ownerPage.view.dispatch);
    const blocks = accepted.editorPage.getJSON().content ?? [];
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'heading', 'orderedList', 'paragraph']);
    expect(suggestionsIn(accepted.editorPage.state.doc)).toEqual([]);
  });

  it('suggests a whole block inserted (a rule), which a rejection takes away', () => {
    const { editorPage, ownerPage, before, suggestion } = suggested((e) =>
      e.chain().setTextSelection(after(e, 'calm.')).setHorizontalRule().run(),
    );
    expect(suggestion.kinds).toContain('insertion');
    expect(blockMarks(ownerPage)).toContainEqual(['insertion']);
    decideSuggestion(suggestion.id, 'reject')(ownerPage.state, ownerPage.view.dispatch);
    expect(editorPage.getJSON()).toEqual(before);
  });

  it('accepts a whole deleted paragraph: it leaves every page', () => {
    const { editorPage, ownerPage, suggestion } = suggested((e) => {
      const end = after(e, 'calm.');
      e.commands.deleteRange({ from: end - 'The sea was calm.'.length - 1, to: end + 1 });
    });
    expect(summaryOf(suggestion)).toBe('delete “The sea was calm.”');
    decideSuggestion(suggestion.id, 'accept')(ownerPage.state, ownerPage.view.dispatch);
    expect(visibleText(editorPage)).not.toContain('calm');
    expect(suggestionsIn(editorPage.state.doc)).toEqual([]);
  });

  it('leaves the printed book as it was, so the collab service lets an editor make them (suggestions-only)', () => {
    const changes: ((e: Editor) => unknown)[] = [
      (e) => e.chain().setTextAlign('center').run(),
      (e) => e.chain().toggleHeading({ level: 2 }).run(),
      (e) => e.chain().setTextSelection(after(e, 'Two')).setParagraph().run(),
      (e) => e.chain().setTextSelection(after(e, 'Two')).toggleHeading({ level: 3 }).run(),
      (e) => e.chain().toggleBulletList().run(),
      (e) => e.chain().setTextSelection(after(e, 'calm.')).setHorizontalRule().run(),
      // Changed twice: rejected, the block goes back to what it was before both, not to the one in between.
      (e) => e.chain().setTextAlign('center').setTextAlign('right').run(),
      (e) => e.chain().toggleHeading({ level: 2 }).toggleHeading({ level: 3 }).run(),
      (e) => e.chain().toggleHeading({ level: 2 }).setTextAlign('center').run(),
    ];
    for (const change of changes) {
      const editorPage = world(longer).page('u-editor', { forced: true });
      const before = editorPage.getJSON();
      editorPage.commands.setTextSelection(after(editorPage, 'calm'));
      change(editorPage);
      expect(editorPage.getJSON()).not.toEqual(before);
      expect(printedManuscript(editorPage.getJSON() as TiptapDocument)).toEqual(
        printedManuscript(before as TiptapDocument),
      );
    }
  });

  it('leaves no suggestion when a block is changed and changed back', () => {
    const { page } = world(longer);
    const editorPage = page('u-editor', { forced: true });
    const before = editorPage.getJSON();
    editorPage.chain().setTextSelection(after(editorPage, 'calm')).toggleHeading({ level: 2 }).run();
    editorPage.chain().setTextSelection(after(editorPage, 'calm')).setParagraph().run();
    editorPage.chain().setTextAlign('center').run();
    editorPage.chain().unsetTextAlign().run();
    expect(suggestionsIn(editorPage.state.doc)).toEqual([]);
    expect(editorPage.getJSON()).toEqual(before);
  });

  it('rejects every block suggestion in a chapter, leaving the other chapter’s', () => {
    const { page } = world(longer);
    const editorPage = page('u-editor', { forced: true });
    const ownerPage = page('u-owner');
    const before = ownerPage.getJSON();
    editorPage.chain().setTextSelection(after(editorPage, 'quiet')).setTextAlign('right').run();
    editorPage.chain().setTextSelection(after(editorPage, 'quiet')).toggleHeading({ level: 3 }).run();
    editorPage.chain().setTextSelection(after(editorPage, 'calm')).setTextAlign('justify').run();
    const one = chapterRangeAt(ownerPage.state.doc, after(ownerPage, 'quiet'));
    expect(suggestionsIn(ownerPage.state.doc, one.from, one.to)).toHaveLength(2);
    decideSuggestionsIn(one.from, one.to, 'reject')(ownerPage.state, ownerPage.view.dispatch);
    expect(editorPage.getJSON().content?.slice(0, 2)).toEqual(before.content?.slice(0, 2));
    expect(suggestionsIn(editorPage.state.doc).map(summaryOf)).toEqual(['justify']);
  });
});
