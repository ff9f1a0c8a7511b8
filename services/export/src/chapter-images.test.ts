import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookImageUrl, type TiptapDocument } from '@bookwright/contracts/http';
import { loadSharp } from '@bookwright/kit/images';
import { renderDocx } from './docx';
import { renderEpub } from './epub/render-epub';
import type { ExportBook, ExportImage } from './export-book';
import { renderInteriorPdf } from './pdf/render-interior';
import { missingTools } from './pdf/testing/poppler';
import { aceAvailable, aceMissingMessage, aceViolations, describeAceViolations } from './testing/ace';
import { trickyExportBook } from './testing/books';
import { openEpub } from './testing/epub-files';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from './testing/epubcheck';

/*
 * Images inside chapters (issue 46) in every export: the EPUB (its manifest, the chapter's <img> with its
 * alt text, epubcheck and Ace), the print PDF (the image placed: pdfimages lists it) and Word (an
 * embedded picture with its description).
 */

const skipEpubcheck = !epubcheckAvailable && !process.env.CI;
if (skipEpubcheck) console.warn(`\n\n!!! ${epubcheckMissingMessage} !!!\n\n`);
const skipAce = !aceAvailable();
if (skipAce) console.warn(`\n\n!!! ${aceMissingMessage} !!!\n\n`);
const noPoppler = missingTools().length > 0;

const bookId = 'book-with-images';
const mapId = 'a'.repeat(32);
const photoId = 'b'.repeat(32);

async function picture(imageId: string, format: 'png' | 'jpeg', width: number, height: number): Promise<ExportImage> {
  const sharp = await loadSharp();
  const drawn = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } });
  const data = await (format === 'png' ? drawn.png() : drawn.jpeg()).toBuffer();
  return { imageId, data, contentType: `image/${format}`, widthPx: width, heightPx: height };
}

function documentWithImages(): TiptapDocument {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter One' }] },
      paragraph('The valley lay under a long afternoon, as the old map showed.'),
      {
        type: 'image',
        attrs: { src: bookImageUrl(bookId, mapId), alt: 'A map of the valley & its river', width: null },
      },
      paragraph('They walked until the light went.'),
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter Two' }] },
      paragraph('At the harbour the lighthouse had been lit.'),
      { type: 'image', attrs: { src: bookImageUrl(bookId, photoId), alt: 'The lighthouse at dusk', width: 50 } },
      // Another book's image is never in this book's export.
      { type: 'image', attrs: { src: bookImageUrl('another-book', 'c'.repeat(32)), alt: 'Not ours' } },
      paragraph('Nobody spoke on the way back.'),
    ],
  };
}

let book: ExportBook;
let epub: Uint8Array;
const dir = mkdtempSync(join(tmpdir(), 'chapter-images-'));

beforeAll(async () => {
  const map = await picture(mapId, 'png', 600, 400);
  const photo = await picture(photoId, 'jpeg', 300, 450);
  book = trickyExportBook({
    id: bookId,
    document: documentWithImages(),
    images: { [bookImageUrl(bookId, mapId)]: map, [bookImageUrl(bookId, photoId)]: photo },
  });
  epub = await renderEpub(book, { modified: new Date('2026-11-01T10:00:00Z') });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the EPUB of a book with images', () => {
  it('lists each image in the manifest and shows it in its chapter with its alt text', async () => {
    const files = await openEpub(epub);
    expect(files.names).toEqual(expect.arrayContaining([`OEBPS/images/${mapId}.png`, `OEBPS/images/${photoId}.jpg`]));
    expect(files.names.some((name) => name.includes('c'.repeat(32)))).toBe(false);
    const opf = await files.text('OEBPS/content.opf');
    expect(opf).toContain(`href="images/${mapId}.png" media-type="image/png"`);
    expect(opf).toContain(`href="images/${photoId}.jpg" media-type="image/jpeg"`);
    expect(opf).toContain('<meta property="schema:accessMode">visual</meta>');
    expect(await files.text('OEBPS/chapter-001.xhtml')).toContain(
      `<img src="images/${mapId}.png" alt="A map of the valley &amp; its river" />`,
    );
    const chapterTwo = await files.text('OEBPS/chapter-002.xhtml');
    // The author's width (50% of the text block) is the figure's; the picture fills it, never past the page.
    expect(chapterTwo).toContain(
      `<div class="book-image book-image-sized" style="width: 50%"><img src="images/${photoId}.jpg" alt="The lighthouse at dusk" /></div>`,
    );
    expect(await files.text('OEBPS/chapter-001.xhtml')).toContain(
      `<div class="book-image"><img src="images/${mapId}.png"`,
    );
    expect(chapterTwo).not.toContain('[[bw-image');
    expect(chapterTwo).not.toContain('Not ours');
  });

  it.skipIf(skipEpubcheck)(
    'passes epubcheck',
    async () => {
      const report = await epubcheck(epub);
      expect(report.problems).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    },
    300_000,
  );

  it.skipIf(skipAce)(
    'has no Ace violation',
    async () => {
      expect(describeAceViolations(await aceViolations(epub))).toEqual([]);
    },
    600_000,
  );
});

describe.skipIf(noPoppler)('the print PDF of a book with images', () => {
  it('places both images (pdfimages lists them), scaled into the text block', async () => {
    const { pdf } = await renderInteriorPdf(book, {
      platform: 'kdp',
      exportType: 'interior',
      trimSize: '6x9',
      paperColor: 'white',
      isPaperback: true,
      bleed: false,
    });
    const file = join(dir, 'interior.pdf');
    writeFileSync(file, pdf);
    const listed = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => /\bimage\b/.test(line))
      .map((line) => line.trim().split(/\s+/));
    // page num type width height …: the map 600×400 and the photo 300×450, each once.
    expect(listed.map((columns) => `${columns[3]}x${columns[4]}`).sort()).toEqual(['300x450', '600x400']);
    // Placed widths (pixels over x-ppi): the map spans the text block, the photo the author's 50% of it.
    const placed = new Map(listed.map((columns) => [columns[3], Number(columns[3]) / Number(columns[12])]));
    expect(placed.get('300')! / placed.get('600')!).toBeCloseTo(0.5, 1);
  }, 120_000);
});

describe('the Word export of a book with images', () => {
  it('embeds each image with its alt text as the description', async () => {
    const file = await renderDocx(book, {
      layout: 'manuscript',
      review: { people: {}, comments: [], fallbackDate: '2026-11-01T10:00:00Z' },
      printed: { words: 40, characters: 200 },
      contact: null,
    });
    const zip = await JSZip.loadAsync(file.data);
    expect(Object.keys(zip.files).filter((name) => /^word\/media\/.+/.test(name))).toHaveLength(2);
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('descr="A map of the valley &amp; its river"');
    expect(xml).toContain('descr="The lighthouse at dusk"');
    // 914,400 EMU to the inch: the map at the 6-inch block, the photo at the author's 50% of it.
    expect([...xml.matchAll(/<wp:extent cx="(\d+)"/g)].map((match) => Number(match[1]) / 914_400)).toEqual([6, 3]);
  });

  it('enlarges a picture to the width the author set, within the page', async () => {
    const whole = documentWithImages();
    const photo = whole.content.find((node) => node.attrs?.['src'] === bookImageUrl(bookId, photoId))!;
    photo.attrs = { ...photo.attrs, width: 100 };
    const file = await renderDocx(
      { ...book, document: whole },
      {
        layout: 'manuscript',
        review: { people: {}, comments: [], fallbackDate: '2026-11-01T10:00:00Z' },
        printed: { words: 40, characters: 200 },
        contact: null,
      },
    );
    const xml = (await JSZip.loadAsync(file.data)).file('word/document.xml')!.async('string');
    // 300×450 px asked for the whole 6-inch block would be 9 inches tall: it stops at 8 (96 px to the inch).
    const extents = [...(await xml).matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"/g)].map((m) => [
      Math.round((Number(m[1]) / 914_400) * 96),
      Number(m[2]) / 914_400,
    ]);
    expect(extents[1]).toEqual([512, 8]);
    expect(xml).not.toContain('Not ours');
  });
});
