import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chaptersOf, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { importManuscript } from '.';

/*
 * Manuscripts made by real tools (fixtures/make-fixtures.sh): a .docx, an EPUB 3 and an EPUB 2 written by pandoc from
 * one Markdown book (12 chapters, a front matter, italics, a scene break, two footnotes), a .docx written
 * by LibreOffice with "CHAPTER ONE" plain paragraphs, and an EPUB exported by Bookwright itself.
 */

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

async function imported(name: string) {
  return importManuscript(await fixture(name), { fileName: name, language: 'english' });
}

const textOf = (node: TiptapNode): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(textOf).join('');

function marked(document: TiptapDocument, mark: string): string[] {
  const found: string[] = [];
  const visit = (node: TiptapNode) => {
    if (node.type === 'text' && (node.marks as { type: string }[] | undefined)?.some((m) => m.type === mark))
      found.push(node.text ?? '');
    node.content?.forEach(visit);
  };
  document.content.forEach(visit);
  return found;
}

const count = (document: TiptapDocument, type: string) => document.content.filter((node) => node.type === type).length;

const pandocTitles = [
  'Chapter One: The Storm',
  'Chapter Two: The Keeper',
  'Chapter Three: The Letter',
  'Chapter Four: The Crossing',
  'Chapter Five: The Harbour',
  'Chapter Six: The Stranger',
  'Chapter Seven: The Map',
  'Chapter Eight: The Fog',
  'Chapter Nine: The Wreck',
  'Chapter Ten: The Return',
  'Chapter Eleven: The Lamp',
  'Chapter Twelve: The Morning',
];

describe.each([
  ['pandoc-book.docx', 'docx'],
  ['pandoc-book.epub', 'epub'],
  ['pandoc-book-epub2.epub', 'epub'],
  ['pandoc-book.md', 'markdown'],
] as const)('the pandoc book as %s', (name, kind) => {
  it('has its 12 chapters with their titles, then the endnotes, and no chapter of front matter', async () => {
    const { document, report } = await imported(name);
    const titles = chaptersOf(document).map((chapter) => (chapter.heading ? textOf(chapter.heading) : null));
    expect(titles).toEqual([...pandocTitles, 'Notes']);
    expect(report.chapters.map((chapter) => chapter.title)).toEqual([...pandocTitles, 'Notes']);
    expect(report.source).toMatchObject({ fileName: name, kind });
  });

  it('recognises the front matter and prefills the title, author and rights from it', async () => {
    const { report, document } = await imported(name);
    expect(report.frontMatter).toEqual(expect.arrayContaining(['copyright', 'dedication']));
    expect(report.metadata).toEqual({
      title: 'The Lighthouse Keeper’s Daughter',
      author: 'Ada Author',
      rights: 'Copyright © 2026 Ada Author. All rights reserved.',
    });
    expect(JSON.stringify(document)).not.toContain('For my mother');
  });

  it('keeps the italics and bold, the smart quotes and dashes as written, the block quotes and the scene break', async () => {
    const { document, report } = await imported(name);
    expect(marked(document, 'italic')).toEqual(expect.arrayContaining(['never', 'storm', 'letter']));
    expect(marked(document, 'bold')).toContain('watch');
    expect(JSON.stringify(document)).toContain('Mara said, “It is ');
    expect(JSON.stringify(document)).toContain('stairs—all ninety-nine');
    expect(count(document, 'horizontalRule')).toBe(1);
    const third = chaptersOf(document)[2]!;
    expect(third.blocks.map((node) => node.type)).toContain('horizontalRule');
    expect(report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'scene-breaks', count: 1 },
        { kind: 'block-quotes', count: 12 },
        { kind: 'notes', count: 2 },
      ]),
    );
  });

  it('makes the footnotes the book’s endnotes: numbers in superscript, the notes in a last chapter', async () => {
    const { document } = await imported(name);
    expect(marked(document, 'superscript')).toEqual(['1', '2']);
    const notes = chaptersOf(document).at(-1)!;
    expect(notes.blocks).toHaveLength(1);
    expect(notes.blocks[0]!.type).toBe('orderedList');
    expect(textOf(notes.blocks[0]!)).toContain('The logbook survives in the county archive.');
    expect(textOf(notes.blocks[0]!)).toContain('There were fourteen boats in the harbour that year.');
    expect(marked({ type: 'doc', content: notes.blocks }, 'italic')).toEqual(['fourteen']);
  });
});

describe('the LibreOffice book ("CHAPTER ONE" plain paragraphs, no headings)', () => {
  it('finds its chapters by their titles, and the title page and copyright before them', async () => {
    const { document, report } = await imported('libreoffice-book.docx');
    const titles = chaptersOf(document).map((chapter) => (chapter.heading ? textOf(chapter.heading) : null));
    expect(titles).toEqual(['CHAPTER ONE', 'CHAPTER TWO', 'CHAPTER THREE', 'CHAPTER FOUR']);
    expect(report.frontMatter).toEqual(['title-page', 'copyright']);
    expect(report.metadata).toEqual({
      title: 'SALT AND IRON',
      author: 'Bruno Barker',
      rights: 'Copyright © 2025 Bruno Barker',
    });
  });

  it('keeps the italics and makes "#" and an empty centred paragraph scene breaks', async () => {
    const { document } = await imported('libreoffice-book.docx');
    expect(marked(document, 'italic')).toEqual(['road', 'always', 'endless']);
    expect(marked(document, 'bold')).toEqual(['grey']);
    const [one, , three] = chaptersOf(document);
    expect(one!.blocks.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'horizontalRule', 'paragraph']);
    expect(three!.blocks.map((node) => node.type)).toEqual(['paragraph', 'horizontalRule', 'paragraph']);
    expect(JSON.stringify(document)).toContain('yard—“Again?” she asked.');
  });
});

describe('an EPUB exported by Bookwright', () => {
  it('comes back with its chapters, italics and scene break, its own pages as front matter', async () => {
    const { document, report } = await imported('bookwright-book.epub');
    const titles = chaptersOf(document).map((chapter) => (chapter.heading ? textOf(chapter.heading) : null));
    expect(titles).toEqual(['Prologue', 'Chapter 1: North', 'Chapter 2: The Ice', 'Chapter 3: South', 'Epilogue']);
    expect(marked(document, 'italic')).toEqual(['slowly', 'slowly', 'slowly', 'slowly', 'slowly']);
    expect(chaptersOf(document)[2]!.blocks.map((node) => node.type)).toEqual([
      'paragraph',
      'horizontalRule',
      'paragraph',
      'paragraph',
    ]);
    expect(report.frontMatter).toEqual(expect.arrayContaining(['title-page', 'table-of-contents']));
    expect(report.metadata).toEqual({
      title: 'The Compass Rose',
      author: 'Clara Compass',
      rights: '© 2026 Clara Compass. All rights reserved.',
    });
    expect(report.dropped).toEqual([]);
  });
});
