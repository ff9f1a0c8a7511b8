import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommentThread, TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontData, fontFamilies } from '../fonts';
import { typesetExportBook } from '../pdf/testing/books';
import { renderDocx, shortTitle, surnameOf, type DocxFile } from './render-docx';
import { roundedWordCount } from './word-count';

const has = (tool: string) => spawnSync('which', [tool]).status === 0;
const missing = ['pandoc', 'soffice', 'pdftotext'].filter((tool) => !has(tool));
if (missing.length > 0) {
  const message = `${missing.join(', ')} not installed: Word export checks by other readers`;
  if (process.env.CI) throw new Error(`${message} cannot run in CI`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${message}\n${'!'.repeat(78)}\n`);
}

const at = (iso: string) => Date.parse(iso).toString(36);
const text = (value: string, marks: TiptapNode['marks'] = []): TiptapNode => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const paragraph = (...content: TiptapNode[]): TiptapNode => ({ type: 'paragraph', content });
const heading = (title: string): TiptapNode => ({ type: 'heading', attrs: { level: 1 }, content: [text(title)] });

/** A manuscript under review: Grace suggested an insertion and a deletion, Ada's comment is on "lantern". */
const reviewed: TiptapDocument = {
  type: 'doc',
  content: [
    heading('Chapter 1: The Letter'),
    paragraph(
      text('The keeper lit the '),
      text('lantern', [{ type: 'italic' }]),
      text(' at dusk'),
      text(' and waited', [{ type: 'insertion', attrs: { id: `user-grace~${at('2026-11-20T10:00:00Z')}~abc123` } }]),
      text('.'),
    ),
    { type: 'horizontalRule' },
    paragraph(
      text('Nobody came '),
      text('that night', [{ type: 'deletion', attrs: { id: `user-grace~${at('2026-11-21T09:30:00Z')}~def456` } }]),
      text(' to the harbour.'),
    ),
    heading('Chapter 2: The Harbour'),
    paragraph(text('Boats rocked in the '), text('grey', [{ type: 'bold' }]), text(' water.')),
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('One rope'))] }] },
    { type: 'blockquote', content: [paragraph(text('A quoted line.'))] },
  ],
};

const threads: CommentThread[] = [
  {
    id: 'thread-1',
    author: { id: 'user-ada', name: 'Ada Example' },
    body: 'Is it lit every night?',
    anchor: { chapter: 1, quote: 'lantern', prefix: 'lit the ', suffix: ' at dusk' },
    createdAt: '2026-11-22T08:00:00.000Z',
    resolved: false,
    onDeletedText: false,
    replies: [
      {
        id: 'reply-1',
        author: { id: 'user-grace', name: 'Grace Editor' },
        body: 'Yes, say so.',
        createdAt: '2026-11-22T09:00:00.000Z',
      },
    ],
  },
  {
    id: 'thread-2',
    author: { id: 'user-grace', name: 'Grace Editor' },
    body: 'Lovely image.',
    anchor: { chapter: 2, quote: 'grey water' },
    createdAt: '2026-11-23T08:00:00.000Z',
    resolved: true,
    onDeletedText: false,
    replies: [],
  },
];

const review = {
  people: { 'user-grace': 'Grace Editor', 'user-ada': 'Ada Example' },
  comments: threads,
  fallbackDate: '2026-11-25T00:00:00.000Z',
};

const book = typesetExportBook({ document: reviewed, rights: '© 2026 Ada Example. All rights reserved.' });
const dir = mkdtempSync(join(tmpdir(), 'docx-export-'));
const files = new Map<string, DocxFile>();

async function part(layout: string, name: string): Promise<string> {
  const zip = await JSZip.loadAsync(files.get(layout)?.data ?? new Uint8Array());
  return (await zip.file(name)?.async('string')) ?? '';
}

beforeAll(async () => {
  for (const layout of ['manuscript', 'book'] as const) {
    const file = await renderDocx(book, {
      layout,
      review,
      printed: { words: 82_345, characters: 400_000 },
      contact: { name: 'Ada Example', email: 'ada@example.org' },
    });
    files.set(layout, file);
    writeFileSync(join(dir, `${layout}.docx`), file.data);
    // To look at the files and their pages: DOCX_KEEP_RENDERS=<folder>.
    if (process.env.DOCX_KEEP_RENDERS) writeFileSync(join(process.env.DOCX_KEEP_RENDERS, `${layout}.docx`), file.data);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['manuscript', 'book'])('Word export, %s layout', (layout) => {
  it('holds the text, the tracked insertion and deletion with their authors and dates', async () => {
    const xml = await part(layout, 'word/document.xml');
    expect(xml).toMatch(
      /<w:ins [^>]*w:author="Grace Editor" w:date="2026-11-20T10:00:00Z"[^>]*>.*? and waited<\/w:t>/s,
    );
    expect(xml).toMatch(
      /<w:del [^>]*w:author="Grace Editor" w:date="2026-11-21T09:30:00Z"[^>]*>.*?<w:delText[^>]*>that night<\/w:delText>/s,
    );
    expect(xml).toContain('Boats rocked in the ');
    expect(files.get(layout)?.suggestions).toBe(2);
  });

  it('has the comments and the reply in comments.xml, ranged over the quoted words', async () => {
    const comments = await part(layout, 'word/comments.xml');
    expect(comments).toMatch(/w:author="Ada Example"[^>]*>.*Is it lit every night\?/s);
    expect(comments).toContain('Yes, say so.');
    expect(comments).toContain('Lovely image.');
    const xml = await part(layout, 'word/document.xml');
    // "lantern" lies between the first comment's range start and end.
    expect(xml).toMatch(/<w:commentRangeStart w:id="0"\/>.*?lantern<\/w:t>.*?<w:commentRangeEnd w:id="0"\/>/s);
    expect(xml).toMatch(
      /<w:commentRangeStart w:id="2"\/>.*?grey<\/w:t>.*? water<\/w:t>.*?<w:commentRangeEnd w:id="2"\/>/s,
    );
    const extended = await part(layout, 'word/commentsExtended.xml');
    expect(extended).toMatch(/w15:done="1"/);
  });

  it.skipIf(!has('pandoc'))('reads in pandoc with the tracked changes and comments', () => {
    const native = execFileSync(
      'pandoc',
      ['--track-changes=all', '-f', 'docx', '-t', 'native', join(dir, `${layout}.docx`)],
      {
        encoding: 'utf8',
      },
    );
    expect(native).toMatch(/"insertion"[\s\S]*?"Grace Editor"[\s\S]*?"2026-11-20T10:00:00Z"/);
    expect(native).toMatch(/"deletion"[\s\S]*?"Grace Editor"/);
    expect(native).toMatch(/"comment-start"[\s\S]*?"Ada Example"/);
    expect(native).toContain('Str "Harbour"');
  });

  it.skipIf(!has('soffice') || !has('pdftotext'))('opens in LibreOffice', () => {
    const out = join(dir, layout);
    execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', out, join(dir, `${layout}.docx`)], {
      stdio: 'pipe',
      timeout: 120_000,
      env: { ...process.env, HOME: dir },
    });
    const pdfText = execFileSync('pdftotext', ['-layout', join(out, `${layout}.pdf`), '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Chapter 2: The Harbour');
    if (layout === 'manuscript') {
      expect(pdfText).toContain('about 82,000 words');
      expect(pdfText).toMatch(/Example \/ THE LANTERN KEEPER \/ 2/);
    } else {
      expect(pdfText).toContain('© 2026 Ada Example. All rights reserved.');
      expect(pdfText.match(/©/g)).toHaveLength(1);
    }
    if (process.env.DOCX_KEEP_RENDERS)
      writeFileSync(join(process.env.DOCX_KEEP_RENDERS, `${layout}.pdf`), readFileSync(join(out, `${layout}.pdf`)));
  });
});

describe('manuscript format details', () => {
  it('rounds the word count as agents expect', () => {
    expect(roundedWordCount(82_345)).toBe(82_000);
    expect(roundedWordCount(82_500)).toBe(83_000);
    expect(roundedWordCount(4_349)).toBe(4_300);
    expect(roundedWordCount(12)).toBe(100);
    expect(roundedWordCount(0)).toBe(0);
  });

  it('makes the running head from the surname and a short title', () => {
    expect(surnameOf('Ada  Example ')).toBe('Example');
    expect(shortTitle('The Lantern Keeper')).toBe('THE LANTERN KEEPER');
    expect(shortTitle('A Very Long Title That Goes On and On: A Novel')).toBe('A VERY LONG TITLE THAT GOES ON');
  });

  it('is Times New Roman 12 pt, double-spaced, with 1-inch margins and half-inch indents', async () => {
    const styles = await part('manuscript', 'word/styles.xml');
    expect(styles).toMatch(/w:ascii="Times New Roman"/);
    expect(styles).toMatch(/<w:sz w:val="24"\/>/);
    expect(styles).toMatch(/<w:spacing [^>]*w:line="480"/);
    const xml = await part('manuscript', 'word/document.xml');
    expect(xml).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/);
    expect(xml).toMatch(/<w:ind w:firstLine="720"\/>/);
    const settings = await part('manuscript', 'word/settings.xml');
    expect(settings).toContain('<w:trackRevisions/>');
  });

  it('sets the book layout on the print interior’s trim and face', async () => {
    const xml = await part('book', 'word/document.xml');
    // 6 × 9 inches.
    expect(xml).toMatch(/<w:pgSz w:w="8640" w:h="12960"/);
    expect(xml).toContain('<w:type w:val="oddPage"/>');
    const styles = await part('book', 'word/styles.xml');
    expect(styles).toMatch(/w:ascii="Literata"/);
  });

  it('embeds the print interior’s face, Literata, in the book layout only (ECMA-376 §17.8.1 obfuscation)', async () => {
    const table = await part('book', 'word/fontTable.xml');
    const key = /<w:font w:name="Literata">[\s\S]*?<w:embedRegular r:id="(\w+)" w:fontKey="\{([0-9a-f-]+)\}"/i.exec(
      table,
    );
    expect(key).not.toBeNull();
    const rels = await part('book', 'word/_rels/fontTable.xml.rels');
    const target = new RegExp(`Id="${key![1]}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
    const zip = await JSZip.loadAsync(files.get('book')!.data);
    const odttf = Buffer.from((await zip.file(`word/${target}`)?.async('uint8array')) ?? []);
    // The key's bytes, last first, XORed over the first 32 bytes give the font file back.
    const hex = key![2]!.replace(/-/g, '');
    const keyBytes = Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(30 - 2 * i, 32 - 2 * i), 16));
    for (let i = 0; i < 32; i += 1) odttf[i] = (odttf[i] ?? 0) ^ (keyBytes[i % 16] ?? 0);
    expect(odttf.equals(fontData(fontFamilies.body, 'normal'))).toBe(true);
    expect(await part('manuscript', 'word/fontTable.xml')).not.toContain('embedRegular');
  });
});
