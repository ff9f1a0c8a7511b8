import { describe, expect, it } from 'vitest';
import { chaptersOf, type TiptapNode } from '@bookwright/contracts/http';
import { importManuscript } from '..';

const textOf = (node: TiptapNode): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(textOf).join('');

const german = [
  'Die stille Bucht',
  '',
  'von Greta Grau',
  '',
  'Kapitel 1',
  '',
  'Der Wind kam vom Meer. „Nie war es so laut“, sagte sie – und ging.',
  '',
  '* * *',
  '',
  'Am Morgen war alles still.',
  '',
  'Kapitel zwei: Die Rückkehr',
  '',
  'Sie kam zurück.',
  '',
  'Epilog',
  '',
  'Zehn Jahre später.',
].join('\r\n');

describe('plain text', () => {
  it.each([
    ['UTF-8', Buffer.from(german, 'utf8')],
    ['UTF-8 with its BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(german, 'utf8')])],
    ['UTF-16 LE with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(german, 'utf16le')])],
    ['UTF-16 BE with its BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(german, 'utf16le').swap16()])],
  ])('in %s: German chapter titles, the title page, quotes and dashes as written, a scene break', async (_, bytes) => {
    const { document, report } = await importManuscript(bytes, { fileName: 'bucht.txt', language: 'german' });
    expect(chaptersOf(document).map((chapter) => textOf(chapter.heading!))).toEqual([
      'Kapitel 1',
      'Kapitel zwei: Die Rückkehr',
      'Epilog',
    ]);
    expect(report.metadata).toEqual({ title: 'Die stille Bucht', author: 'Greta Grau' });
    expect(report.source.kind).toBe('text');
    const first = chaptersOf(document)[0]!;
    expect(first.blocks.map((node) => node.type)).toEqual(['paragraph', 'horizontalRule', 'paragraph']);
    expect(textOf(first.blocks[0]!)).toBe('Der Wind kam vom Meer. „Nie war es so laut“, sagte sie – und ging.');
  });

  it('a file without blank lines has a paragraph per line', async () => {
    const { document } = await importManuscript(Buffer.from('Chapter 1\nOne.\nTwo.\nChapter 2\nThree.'), {
      fileName: 'lines.txt',
      language: 'english',
    });
    expect(chaptersOf(document).map((chapter) => chapter.blocks.length)).toEqual([2, 1]);
  });
});
