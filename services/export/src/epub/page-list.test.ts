import { fc, test as property } from '@fast-check/vitest';
import type { PrintOptions } from '@bookwright/contracts/http';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInteriorPdf } from '../pdf/render-interior';
import type { PrintPagination } from '../pdf/print-pagination';
import { typesetExportBook } from '../pdf/testing/books';
import { missingTools, pdfPageTexts } from '../pdf/testing/poppler';
import { aceAvailable, aceMissingMessage, aceViolations, describeAceViolations } from '../testing/ace';
import { openEpub, type EpubFiles } from '../testing/epub-files';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../testing/epubcheck';
import { frontMarkers, pageMarkers, type EpubPagination } from './page-list';
import { renderEpub } from './render-epub';

// The print edition's page numbers in the EPUB: page-break markers, a page list and the metadata that
// names their source, from the pagination a KDP interior export kept — and none of it without one.

const skipEpubcheck = !epubcheckAvailable && !process.env.CI;
if (skipEpubcheck) console.warn(`\n\n!!! ${epubcheckMissingMessage} !!!\n\n`);
const skipAce = !aceAvailable();
if (skipAce) console.warn(`\n\n!!! ${aceMissingMessage} !!!\n\n`);
const missingPdfTools = missingTools(['pdftotext']);
if (missingPdfTools.length > 0 && process.env.CI)
  throw new Error('pdftotext is missing: CI must install poppler-utils');

describe('pageMarkers', () => {
  const pagination = (blockPages: number[], blankPages: number[] = [], lastTextPage = Math.max(...blockPages)) => ({
    blockPages,
    blankPages,
    lastTextPage,
    source: 'print',
  });

  it('puts a page before the block that opens it, or before the paragraph running over its top', () => {
    // Blocks 0–3 on pages 7, 7, 8, 10: page 9 starts inside block 2.
    const markers = pageMarkers(pagination([7, 7, 8, 10]));
    expect([...markers]).toEqual([
      [0, [7]],
      [2, [8, 9]],
      [3, [10]],
    ]);
  });

  it('puts a blank page with the next page, and skips blocks that were not printed', () => {
    const markers = pageMarkers(pagination([5, 0, 6, 9], [8]));
    expect([...markers]).toEqual([
      [0, [5]],
      [2, [6, 7]],
      [3, [8, 9]],
    ]);
  });

  it('puts blank pages between the front matter and the first chapter with the chapter', () => {
    const markers = pageMarkers({
      ...pagination([7, 8]),
      frontPages: [
        { page: 1, kind: 'half-title' },
        { page: 3, kind: 'title' },
        { page: 5, kind: 'contents' },
      ],
    });
    expect([...markers]).toEqual([
      [0, [6, 7]],
      [1, [8]],
    ]);
  });

  it('sends the front matter pages to the EPUB title page, rights line and contents, blanks with the next', () => {
    expect(
      frontMarkers({
        ...pagination([9]),
        frontPages: [
          { page: 1, kind: 'half-title' },
          { page: 3, kind: 'title' },
          { page: 4, kind: 'copyright' },
          { page: 5, kind: 'contents' },
          { page: 6, kind: 'contents' },
        ],
      }),
    ).toEqual({ title: [1, 2, 3], copyright: [4], contents: [5, 6] });
    // A map kept before front pages were recorded: no front markers.
    expect(frontMarkers(pagination([7]))).toEqual({ title: [], copyright: [], contents: [] });
  });

  it('has no markers when nothing was printed', () => {
    expect(pageMarkers(pagination([0, 0], [], 0)).size).toBe(0);
  });

  property.prop([
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }),
    fc.integer({ min: 1, max: 9 }),
  ])('lists every page from the first printed one to the last text page once, in reading order', (steps, first) => {
    // Pages of consecutive blocks never go down; a step of 0 keeps the page, and some blocks are not printed.
    let page = first;
    const blockPages = steps.map((step, i) => (i % 7 === 3 ? 0 : (page += step)));
    const lastTextPage = page + (steps[0] ?? 0);
    const markers = pageMarkers({ blockPages, blankPages: [], lastTextPage, source: 'print' });
    const order = [...markers].sort(([a], [b]) => a - b).flatMap(([, pages]) => pages);
    const printed = blockPages.filter((p) => p > 0);
    const from = printed.length > 0 ? Math.min(...printed) : lastTextPage + 1;
    expect(order).toEqual(Array.from({ length: Math.max(0, lastTextPage - from + 1) }, (_, i) => from + i));
    for (const [index] of markers) expect(blockPages[index]).toBeGreaterThan(0);
  });
});

const print: PrintOptions = {
  platform: 'kdp',
  exportType: 'interior',
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
};

describe('an EPUB with and without the print edition’s pages', () => {
  const book = typesetExportBook({}, { chapters: 3, wordsPerChapter: 1500, richFirstChapter: true });
  let printed: PrintPagination;
  let pageTexts: string[];
  let paged: Uint8Array;
  let plain: Uint8Array;
  let pagedFiles: EpubFiles;
  let plainFiles: EpubFiles;

  beforeAll(async () => {
    const interior = await renderInteriorPdf(book, print);
    if (!interior.pagination) throw new Error('the interior gave no pagination');
    printed = interior.pagination;
    pageTexts = missingPdfTools.length === 0 ? pdfPageTexts(interior.pdf) : [];
    const pagination: EpubPagination = { ...printed, source: 'The Lantern Keeper, paperback print edition, 6 × 9 in' };
    const modified = new Date('2026-01-01T00:00:00Z');
    [paged, plain] = await Promise.all([renderEpub(book, { modified, pagination }), renderEpub(book, { modified })]);
    [pagedFiles, plainFiles] = await Promise.all([openEpub(paged), openEpub(plain)]);
  }, 300_000);

  it.skipIf(missingPdfTools.length > 0)('knows the page each block starts on, as pdftotext reads it', () => {
    const squash = (text: string) => text.replace(/[\s\u00ad-]+/g, '');
    let checked = 0;
    for (const [index, node] of book.document.content.entries()) {
      const page = printed.blockPages[index] ?? 0;
      const words = (node.content ?? [])
        .map((n) => n.text ?? '')
        .join('')
        .split(/\s+/)
        .slice(0, 3)
        .join(' ');
      if (page === 0 || node.type !== 'paragraph' || words.length < 12) continue;
      expect(squash(pageTexts[page - 1] ?? ''), `block ${index} on page ${page}`).toContain(squash(words));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
    expect(printed.pageCount).toBe(pageTexts.length);
  });

  const markerPattern =
    /<span epub:type="pagebreak" role="doc-pagebreak" id="page-(\d+)" aria-label="(\d+)"\s*(?:\/>|><\/span>)/g;
  const markedPages = async (names: string[]) => {
    const text = (await Promise.all(names.map((name) => pagedFiles.text(name)))).join('\n');
    const pages = [...text.matchAll(markerPattern)];
    expect(pages.every(([, id, label]) => id === label)).toBe(true);
    return pages.map(([, page]) => Number(page));
  };

  it('records the printed front matter: half-title, title, copyright and contents pages', () => {
    expect(printed.frontPages.map((f) => f.kind)).toEqual(['half-title', 'title', 'copyright', 'contents']);
    const kinds = new Map(printed.frontPages.map((f) => [f.kind, f.page]));
    const page = (kind: string) => pageTexts[(kinds.get(kind as never) ?? 0) - 1] ?? '';
    if (pageTexts.length > 0) {
      expect(page('title')).toContain(book.title);
      expect(page('copyright')).toMatch(/©|rights/i);
      expect(page('contents')).toMatch(/Contents/);
    }
  });

  it('marks each printed page once, in reading order: front matter, then chapters to the last text page', async () => {
    const chapters = pagedFiles.names.filter((name) => /chapter-\d+\.xhtml$/.test(name)).sort();
    const numbers = await markedPages(['OEBPS/title-page.xhtml', 'OEBPS/toc.xhtml', ...chapters]);
    expect(numbers).toEqual(Array.from({ length: printed.lastTextPage }, (_, i) => i + 1));
    const lastFront = Math.max(...printed.frontPages.map((f) => f.page));
    expect(await markedPages(['OEBPS/title-page.xhtml', 'OEBPS/toc.xhtml'])).toEqual(
      Array.from({ length: lastFront }, (_, i) => i + 1),
    );
    const contents = printed.frontPages.filter((f) => f.kind === 'contents').map((f) => f.page);
    expect(await markedPages(['OEBPS/toc.xhtml'])).toEqual(contents);
  });

  it('lists the pages in a hidden page-list nav that points at the markers', async () => {
    const nav = await pagedFiles.text('OEBPS/toc.xhtml');
    expect(nav).toContain('<nav epub:type="page-list" role="doc-pagelist" id="page-list" hidden="hidden">');
    const links = [...nav.matchAll(/<li><a href="(chapter-\d+\.xhtml)#page-(\d+)">(\d+)<\/a><\/li>/g)];
    expect(links.length).toBeGreaterThan(5);
    for (const [, file, page, label] of links) {
      expect(label).toBe(page);
      expect(await pagedFiles.text(`OEBPS/${file}`)).toContain(`id="page-${page}"`);
    }
  });

  it('carries the same pages in the NCX pageList, front matter typed front, in reading order', async () => {
    const nav = await pagedFiles.text('OEBPS/toc.xhtml');
    const navPages = [...nav.matchAll(/<li><a href="([^"]+#page-(\d+))">\d+<\/a><\/li>/g)].map(([, href]) => href);
    const ncx = await pagedFiles.text('OEBPS/toc.ncx');
    const targets = [
      ...ncx.matchAll(
        /<pageTarget id="page-target-(\d+)" type="(front|normal)" value="(\d+)" playOrder="(\d+)">\s*<navLabel><text>(\d+)<\/text><\/navLabel>\s*<content src="([^"]+)" \/>/g,
      ),
    ];
    expect(targets.map((t) => t[6])).toEqual(navPages);
    expect(targets.length).toBe(printed.lastTextPage);
    const lastFront = Math.max(...printed.frontPages.map((f) => f.page));
    for (const [, id, type, value, , label, src] of targets) {
      expect([value, label]).toEqual([id, id]);
      expect(src).toMatch(new RegExp(`#page-${id}$`));
      expect(type).toBe(Number(id) <= lastFront ? 'front' : 'normal');
    }
    expect(ncx).toContain(`<meta name="dtb:totalPageCount" content="${targets.length}" />`);
    expect(ncx).toContain(`<meta name="dtb:maxPageNumber" content="${printed.lastTextPage}" />`);
    // One playOrder per target, in reading order across the navMap and the pageList.
    const orders = [...ncx.matchAll(/<(navPoint|pageTarget) [^>]*playOrder="(\d+)">[\s\S]*?<content src="([^"]+)"/g)]
      .map(([, , order, src]) => ({ order: Number(order), src: src ?? '' }))
      .sort((a, b) => a.order - b.order);
    expect(orders.map((o) => o.order)).toEqual(orders.map((_, i) => i + 1));
    const spine = [
      'title-page.xhtml',
      'toc.xhtml',
      ...pagedFiles.names
        .filter((n) => /chapter-\d+\.xhtml$/.test(n))
        .sort()
        .map((n) => n.replace('OEBPS/', '')),
    ];
    const fileOrder = orders.map((o) => spine.indexOf(o.src.replace(/#.*/, '')));
    expect(fileOrder).toEqual([...fileOrder].sort((a, b) => a - b));
    expect(await plainFiles.text('OEBPS/toc.ncx')).not.toContain('pageList');
  });

  it('names the print edition as the pagination source and declares page navigation', async () => {
    const opf = await pagedFiles.text('OEBPS/content.opf');
    expect(opf).toContain(
      '<dc:source id="print-source">The Lantern Keeper, paperback print edition, 6 × 9 in</dc:source>',
    );
    expect(opf).toContain('<meta refines="#print-source" property="source-of">pagination</meta>');
    expect(opf).toContain('<meta property="schema:accessibilityFeature">pageBreakMarkers</meta>');
    expect(opf).toContain('<meta property="schema:accessibilityFeature">pageNavigation</meta>');
    expect(opf).toMatch(/schema:accessibilitySummary[^<]*Page markers and a page list follow the print edition\./);
  });

  it('claims none of it without a print pagination', async () => {
    const opf = await plainFiles.text('OEBPS/content.opf');
    for (const claim of ['dc:source', 'source-of', 'pageBreakMarkers', 'pageNavigation', 'print edition']) {
      expect(opf).not.toContain(claim);
    }
    expect(await plainFiles.text('OEBPS/toc.xhtml')).not.toContain('page-list');
    const chapter = await plainFiles.text('OEBPS/chapter-001.xhtml');
    expect(chapter).not.toContain('pagebreak');
  });

  it.skipIf(skipEpubcheck)(
    'passes epubcheck, both ways',
    async () => {
      for (const epub of [paged, plain]) {
        const report = await epubcheck(epub);
        expect(report.problems).toEqual([]);
        expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
      }
    },
    300_000,
  );

  it.skipIf(skipAce)(
    'has no Ace violation, both ways',
    async () => {
      for (const epub of [paged, plain]) expect(describeAceViolations(await aceViolations(epub))).toEqual([]);
    },
    600_000,
  );
});
