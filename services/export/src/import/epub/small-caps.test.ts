import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TiptapNode } from '@bookwright/contracts/http';
import { importManuscript } from '..';
import { renderEpub } from '../../epub';
import { trickyExportBook } from '../../testing/books';
import { parseMarkup } from './markup-tree';
import { smallCapsClasses } from './small-caps-classes';
import { xhtmlBlocks } from './xhtml-blocks';

/*
 * Small capitals in an EPUB come back as the editor's small caps: as Bookwright writes them (a span of class
 * `small-caps`), as pandoc does (`smallcaps`), as a `font-variant` style, and as a class the book's
 * stylesheet sets in small caps (InDesign's and Calibre's way).
 */

const runs = (node: TiptapNode): { text: string; marks: string[] }[] =>
  node.type === 'text'
    ? [{ text: node.text ?? '', marks: ((node.marks ?? []) as { type: string }[]).map((mark) => mark.type) }]
    : (node.content ?? []).flatMap(runs);

describe('small capitals in an EPUB', () => {
  it('are read from the classes Bookwright and pandoc write, and from font-variant', () => {
    const body = parseMarkup(
      [
        '<body><p>',
        '<span class="small-caps">one</span> ',
        '<span class="smallcaps">two</span> ',
        '<span style="font-variant: small-caps">three</span> ',
        '<em style="font-variant-caps:all-small-caps">four</em> ',
        '<span style="font-variant: normal" class="caps">five</span>',
        '</p></body>',
      ].join(''),
    );
    const [block] = xhtmlBlocks(body, { notes: new Map(), dropped: {}, documentId: 'c.xhtml', images: new Map() });
    expect(runs(block!.node).filter((run) => run.text.trim() !== '')).toEqual([
      { text: 'one', marks: ['smallCaps'] },
      { text: 'two', marks: ['smallCaps'] },
      { text: 'three', marks: ['smallCaps'] },
      { text: 'four', marks: ['italic', 'smallCaps'] },
      { text: ' five', marks: [] },
    ]);
  });

  it('come back from an EPUB Bookwright exported, counted in the report', async () => {
    const paragraph = (...content: TiptapNode[]): TiptapNode => ({ type: 'paragraph', content });
    const book = trickyExportBook({
      document: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1: North' }] },
          paragraph(
            { type: 'text', text: 'In the year ' },
            { type: 'text', text: 'Anno Domini', marks: [{ type: 'smallCaps' }] },
            { type: 'text', text: ' the crew sailed.' },
          ),
        ],
      },
    });
    const epub = await renderEpub(book, { modified: new Date('2026-11-29T00:00:00Z') });
    const { document, report } = await importManuscript(Buffer.from(epub), {
      fileName: 'book.epub',
      language: 'english',
    });
    expect(document.content.flatMap(runs).filter((run) => run.marks.includes('smallCaps'))).toEqual([
      { text: 'Anno Domini', marks: ['smallCaps'] },
    ]);
    expect(report.kept).toContainEqual({ kind: 'small-caps', count: 1 });
  });
  it('are found in the stylesheets by the classes of the rules that set them', () => {
    const css = [
      '/* .commented { font-variant: small-caps } */ p.first .SC, h2 > span.caps2 { font-variant: small-caps; }',
      '.calibre3 { font-style: italic; font-variant-caps: all-small-caps }',
      '.chapter .plain { font-variant: normal } .upper { text-transform: uppercase }',
    ];
    expect([...smallCapsClasses(css)].sort()).toEqual(['calibre3', 'caps2', 'sc']);
  });

  it('come back from an EPUB whose stylesheet sets a class of its own in small caps', async () => {
    const book = trickyExportBook({
      document: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1: North' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'They sailed from ' },
              { type: 'text', text: 'Port Anno', marks: [{ type: 'italic' }] },
              { type: 'text', text: ' at dawn.' },
            ],
          },
        ],
      },
    });
    const zip = await JSZip.loadAsync(await renderEpub(book, { modified: new Date('2026-11-29T00:00:00Z') }));
    const names = Object.keys(zip.files);
    const stylesheet = names.find((name) => name.endsWith('.css'))!;
    zip.file(stylesheet, `${await zip.file(stylesheet)!.async('string')}\n.calibre7 { font-variant: small-caps }\n`);
    for (const name of names.filter((n) => n.endsWith('.xhtml'))) {
      const xhtml = await zip.file(name)!.async('string');
      zip.file(name, xhtml.replace('<em>Port Anno</em>', '<em class="calibre7">Port Anno</em>'));
    }
    const edited = await zip.generateAsync({ type: 'nodebuffer' });
    const { document } = await importManuscript(edited, { fileName: 'book.epub', language: 'english' });
    expect(document.content.flatMap(runs).filter((run) => run.marks.includes('smallCaps'))).toEqual([
      { text: 'Port Anno', marks: ['italic', 'smallCaps'] },
    ]);
  });
});
