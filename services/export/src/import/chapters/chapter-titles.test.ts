import { describe, expect, it } from 'vitest';
import { markChapters, readsAsChapterTitle } from '.';

describe('readsAsChapterTitle', () => {
  it.each([
    ['Chapter 7', 'english'],
    ['CHAPTER SEVEN', 'english'],
    ['Chapter Twenty-One: Home', 'english'],
    ['Chapter XII', 'english'],
    ['Prologue', 'english'],
    ['Epilogue — Ten Years Later', 'english'],
    ['Kapitel 3', 'german'],
    ['Kapitel drei: Die Reise', 'german'],
    ['Prolog', 'german'],
    ['Capitolo 3', 'italian'],
    ['Epilogo', 'italian'],
    ['Chapitre 3', 'french'],
    ['Chapitre dix-sept', 'french'],
    ['Capítulo 4', 'spanish'],
    ['Chapter 2', 'german'],
  ] as const)('%s (%s) is a chapter title', (text, language) => {
    expect(readsAsChapterTitle(text, language)).toBe(true);
  });

  it.each([
    'Chapter and verse, she said, were what the vicar had asked for at the door that night.',
    'The chapter ended.',
    'Chapters',
    'Prologues are for people who cannot wait.',
    '',
  ])('%j is not', (text) => {
    expect(readsAsChapterTitle(text, 'english')).toBe(false);
  });
});

describe('markChapters', () => {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const heading = (text: string, level = 1) => ({
    type: 'heading',
    attrs: { level },
    content: [{ type: 'text', text }],
  });

  it('keeps a manuscript’s Heading 1 chapters as they are', () => {
    const nodes = [heading('The Beginning'), paragraph('Chapter 2'), heading('The End')];
    expect(markChapters(nodes, 'english')).toEqual({ nodes, found: true });
  });

  it('makes paragraphs that read as chapter titles level-1 headings when there are no Heading 1s', () => {
    const { nodes, found } = markChapters(
      [paragraph('Title'), paragraph('CHAPTER ONE'), paragraph('Text.'), heading('Chapter Two', 2)],
      'english',
    );
    expect(found).toBe(true);
    expect(nodes.map((node) => [node.type, node.attrs?.['level']])).toEqual([
      ['paragraph', undefined],
      ['heading', 1],
      ['paragraph', undefined],
      ['heading', 1],
    ]);
  });

  it('looks past a lone Heading 1 (the book’s title) to "Chapter" paragraphs', () => {
    const { nodes } = markChapters(
      [heading('Salt and Iron'), paragraph('Chapter 1'), paragraph('Text.'), paragraph('Chapter 2')],
      'english',
    );
    expect(nodes.filter((node) => node.type === 'heading').length).toBe(3);
  });
});
