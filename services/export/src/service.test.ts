import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AppError,
  exportFileName,
  exportMessages,
  type ExportRequestSchema,
  type PrintOptions,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { ExportBook } from './export-book';
import { renderExport } from './handlers/render';
import { createExportRenderer } from './render/create-renderer';
import type { ExportRenderer } from './render/renderer';
import { trickyBook, buildDocument } from './testing/books';
import { openEpub } from './testing/epub-files';
import { aceAvailable, aceMissingMessage, aceViolations, describeAceViolations } from './testing/ace';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from './testing/epubcheck';
import { startExportWorld, type ExportTestWorld } from './testing/harness';
import { missingTools, pdfFonts, pdfInfo, qpdfCheck } from './pdf/testing/poppler';

// Service tests: the real export service on a real in-process bus and a filesystem blob store, with a
// fake book service answering book.get on the bus.

const skipEpubcheck = !epubcheckAvailable && !process.env.CI;
if (skipEpubcheck) console.warn(`\n\n!!! ${epubcheckMissingMessage} !!!\n\n`);
const skipAce = !aceAvailable();
if (skipAce) console.warn(`\n\n!!! ${aceMissingMessage} !!!\n\n`);
const missingPdfTools = missingTools(['qpdf', 'pdfinfo', 'pdffonts']);
const skipPdfTools = missingPdfTools.length > 0 && !process.env.CI;
if (skipPdfTools) console.warn(`\n\n!!! ${missingPdfTools.join(', ')} missing: PDF export checks are SKIPPED !!!\n\n`);

const owner = 'user-1';
let world: ExportTestWorld;

/** A PDF renderer that records its calls; its files are tagged so the test can tell them apart. */
class FakePdfRenderer {
  /** The interior's page count as "laid out". */
  pages = 132;
  calls: { part: 'interior' | 'cover' | 'pageCount'; print: PrintOptions; pageCount?: number; book: ExportBook }[] = [];
  readonly renderer: ExportRenderer = {
    ...createExportRenderer(),
    pdf: {
      interior: async (book, print) => {
        this.calls.push({ part: 'interior', print, book });
        return { pdf: new TextEncoder().encode('%PDF-1.7 interior'), pageCount: this.pages };
      },
      cover: async (book, print, pageCount) => {
        this.calls.push({ part: 'cover', print, pageCount, book });
        return new TextEncoder().encode(`%PDF-1.7 cover ${pageCount}`);
      },
      pageCount: async (book, print) => {
        this.calls.push({ part: 'pageCount', print, book });
        return this.pages;
      },
    },
  };
}

async function render(request: z.input<typeof ExportRequestSchema>, userId = owner, bookId = 'book-1') {
  return world.bus.request(requests.export.render, { userId, bookId, request }, { timeoutMs: 60_000 });
}

afterEach(async () => {
  await world.stop();
});

/** Every EPUB this file's tests render, for the epubcheck test at the end. */
const producedEpubs: Uint8Array[] = [];

async function renderedEpub(result: { blobKey: string }): Promise<Uint8Array> {
  const blob = await world.blobs.get(result.blobKey);
  if (!blob) throw new Error(`no blob under ${result.blobKey}`);
  const bytes = new Uint8Array(blob.data);
  producedEpubs.push(bytes);
  return bytes;
}

describe('export.render: EPUB', () => {
  beforeEach(async () => {
    world = await startExportWorld();
  });

  it('renders the EPUB into the blob store under exports/<bookId>/<uuid>/export.epub, named for its title', async () => {
    const book = world.books.add(
      owner,
      await world.withCover(trickyBook({ updatedAt: '2024-07-02T09:08:07.000Z' }, 'it'), 1_200, 1_800),
    );
    const result = await render({ format: 'epub' });

    const fileName = exportFileName(book.title, 'epub');
    // Every letter kept (’ and 🍝 too); only < > " go, which file systems refuse.
    expect(fileName).toBe('L’avventura di Bianca & Co. prima parte 🍝.epub');
    expect(result).toEqual({
      blobKey: expect.stringMatching(/^exports\/book-1\/[0-9a-f-]{36}\/export\.epub$/),
      fileName,
      contentType: 'application/epub+zip',
      size: expect.any(Number),
      openSuggestions: 0,
    });
    const blob = await world.blobs.get(result.blobKey);
    expect(blob?.contentType).toBe('application/epub+zip');
    expect(blob?.size).toBe(result.size);

    const epub = await openEpub(await renderedEpub(result));
    const opf = await epub.text('OEBPS/content.opf');
    expect(opf).toContain('<dc:identifier id="pub-id">urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d</dc:identifier>');
    expect(opf).toContain('<dc:language>it</dc:language>');
    expect(opf).toContain('<meta property="dcterms:modified">2024-07-02T09:08:07Z</meta>');
    expect(opf).toContain('properties="cover-image"');
    expect(epub.names).toContain('OEBPS/cover.xhtml');
  });

  it('renders a Spanish book with a cover', async () => {
    world.books.add(owner, await world.withCover(trickyBook({}, 'es')));
    const epub = await openEpub(await renderedEpub(await render({ format: 'epub' })));
    expect(await epub.text('OEBPS/content.opf')).toContain('<dc:language>es</dc:language>');
  });

  it('renders a translation: the original’s title and author, in the translation’s language, accessible', async () => {
    world.books.add(
      owner,
      await world.withCover(
        trickyBook({
          language: 'german',
          languageMetadata: 'de',
          translation: { sourceBookId: 'book-0', sourceTitle: 'The original', sourceLanguage: 'english' },
        }),
      ),
    );
    const epub = await openEpub(await renderedEpub(await render({ format: 'epub' })));
    const opf = await epub.text('OEBPS/content.opf');
    expect(opf).toContain('<dc:language>de</dc:language>');
    // German has no labels of its own: the summary is English and says so.
    expect(opf).toMatch(/<meta property="schema:accessibilitySummary" xml:lang="en">This book has 4 sections /);
    expect(opf).toContain('<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>');
    expect(opf).toContain('<meta property="a11y:certifiedBy">Bookwright</meta>');
    expect(await epub.text('OEBPS/cover.xhtml')).toContain(
      'alt="Cover of Tom &amp; Jerry’s &quot;Big&quot; &lt;Adventure&gt; 🐭 by Ann O’Neil &amp; &lt;Friends&gt;"',
    );
  });

  it('refuses an EPUB with missing required metadata: 400 with the issues', async () => {
    world.books.add(owner, trickyBook({ author: null, identifier: '  ', languageMetadata: null }));
    await expect(render({ format: 'epub' })).rejects.toMatchObject({
      status: 400,
      message: exportMessages.missingMetadata,
    });

    // The issues travel as the error's extra fields (the gateway answers { msg, issues }).
    const handler = renderExport(world.handlerDeps());
    const error = await handler({ userId: owner, bookId: 'book-1', request: { format: 'epub' } }, world.context).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Missing required metadata',
      // A book that never had a metadata language chosen declares the one it is written in.
      extra: { issues: ['Author is required', 'Identifier (UUID/ISBN) is required'] },
    });
  });

  it('declares the language a book is written in when no metadata language was chosen (books from before the default)', async () => {
    world.books.add(owner, trickyBook({ language: 'polish', languageMetadata: null }));
    const epub = await openEpub(await renderedEpub(await render({ format: 'epub' })));
    expect(await epub.text('OEBPS/content.opf')).toContain('<dc:language>pl</dc:language>');
  });

  it('declares a metadata language beyond the spec’s three', async () => {
    world.books.add(owner, trickyBook({ language: 'english', languageMetadata: 'sv' }));
    const epub = await openEpub(await renderedEpub(await render({ format: 'epub' })));
    expect(await epub.text('OEBPS/content.opf')).toContain('<dc:language>sv</dc:language>');
  });

  it('refuses a book that is not ready: 409', async () => {
    for (const status of ['planning', 'validation', 'writing', 'failed'] as const) {
      world.books.add(owner, trickyBook({ _id: `book-${status}`, status }));
      await expect(render({ format: 'epub' }, owner, `book-${status}`)).rejects.toMatchObject({
        status: 409,
        message: exportMessages.notReady,
      });
    }
  });

  it('answers 404 for another user’s book and for an unknown one', async () => {
    world.books.add('someone-else', trickyBook());
    await expect(render({ format: 'epub' })).rejects.toMatchObject({ status: 404 });
    await expect(render({ format: 'epub' }, owner, 'no-such-book')).rejects.toMatchObject({ status: 404 });
  });

  it.each(['cover', 'both'] as const)(
    'refuses a %s PDF without a cover: 400 Cover image required',
    async (exportType) => {
      world.books.add(owner, trickyBook());
      await expect(render({ format: 'pdf', exportType })).rejects.toMatchObject({
        status: 400,
        message: exportMessages.coverRequired,
      });
    },
  );

  it('never uses a cover that is not the book’s own', async () => {
    const other = await world.withCover(trickyBook({ _id: 'book-2' }));
    world.books.add(owner, trickyBook({ coverImage: other.coverImage }));
    await expect(render({ format: 'pdf', exportType: 'cover' })).rejects.toMatchObject({
      status: 400,
      message: exportMessages.coverRequired,
    });
    world.books.add(owner, trickyBook({ _id: 'book-3', coverImage: 'https://example.com/cover.jpg' }));
    const files = await openEpub(await renderedEpub(await render({ format: 'epub' }, owner, 'book-3')));
    expect(files.names.some((n) => n.includes('cover'))).toBe(false);
  });
});

describe('export.render: KDP PDF', () => {
  let pdf: FakePdfRenderer;

  beforeEach(async () => {
    pdf = new FakePdfRenderer();
    world = await startExportWorld({ renderer: pdf.renderer });
  });

  it('renders the interior with the options, defaults filled in', async () => {
    const book = world.books.add(
      owner,
      trickyBook({ bookContent: JSON.stringify(buildDocument({ paragraphs: 100 })) }),
    );
    const result = await render({ format: 'pdf', trimSize: '5.5x8.5', paperColor: 'cream' });
    expect(result.fileName).toBe(exportFileName(book.title, 'pdf', 'interior'));
    expect(result.fileName).toMatch(/_KDP_Interior\.pdf$/);
    expect(result.contentType).toBe('application/pdf');
    const interior = pdf.calls.find((c) => c.part === 'interior');
    expect(interior?.print).toEqual({
      platform: 'kdp',
      exportType: 'interior',
      trimSize: '5.5x8.5',
      paperColor: 'cream',
      isPaperback: true,
      bleed: false,
    });
    expect(interior?.book.title).toBe(book.title);
  });

  it('zips both PDFs as <name>_KDP_Interior.pdf and <name>_KDP_Cover.pdf, with the server’s page count', async () => {
    const book = world.books.add(
      owner,
      await world.withCover(trickyBook({ bookContent: JSON.stringify(buildDocument({ paragraphs: 100 })) })),
    );
    const result = await render({ format: 'pdf', exportType: 'both', pageCount: 999, spineWidth: 3 });
    expect(result.fileName).toBe(exportFileName(book.title, 'pdf', 'both'));
    expect(result.fileName).toMatch(/_KDP_Complete\.zip$/);
    expect(result.contentType).toBe('application/zip');
    const zip = await JSZip.loadAsync((await world.blobs.get(result.blobKey))?.data ?? new Uint8Array());
    const base = exportFileName(book.title, 'pdf', 'both').replace(/_KDP_Complete\.zip$/, '');
    expect(Object.keys(zip.files).sort()).toEqual([`${base}_KDP_Cover.pdf`, `${base}_KDP_Interior.pdf`]);
    expect(await zip.file(`${base}_KDP_Cover.pdf`)?.async('string')).toBe('%PDF-1.7 cover 132');
    expect(await zip.file(`${base}_KDP_Interior.pdf`)?.async('string')).toBe('%PDF-1.7 interior');
    const cover = pdf.calls.find((c) => c.part === 'cover');
    expect(cover?.pageCount).toBe(132);
    expect(cover?.book.cover?.widthPx).toBe(1_024);
    expect(cover?.print).not.toHaveProperty('pageCount');
    expect(cover?.print).not.toHaveProperty('spineWidth');
  });

  it('renders the cover alone from the interior’s page count, without rendering the interior', async () => {
    const book = world.books.add(owner, await world.withCover(trickyBook()));
    pdf.pages = 64;
    const result = await render({ format: 'pdf', exportType: 'cover' });
    expect(result.fileName).toBe(exportFileName(book.title, 'pdf', 'cover'));
    expect(new TextDecoder().decode((await world.blobs.get(result.blobKey))?.data)).toBe('%PDF-1.7 cover 64');
    expect(pdf.calls.map((c) => c.part)).toEqual(['pageCount', 'cover']);
  });

  it('refuses what KDP cannot print, with the reasons as issues', async () => {
    world.books.add(owner, trickyBook());
    await expect(render({ format: 'pdf', isPaperback: false, trimSize: '5x8' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('KDP does not print hardcovers in 5 x 8 in.'),
    });
    expect(pdf.calls).toEqual([]);
  });

  it('judges KDP’s page limits by the interior as laid out, not by the estimate', async () => {
    // A short text (estimated under 24 pages) whose interior, with its front matter, has 28 pages.
    world.books.add(owner, await world.withCover(trickyBook()));
    pdf.pages = 28;
    const both = await render({ format: 'pdf', exportType: 'both' });
    expect(both.fileName).toMatch(/_KDP_Complete\.zip$/);
    expect(pdf.calls.find((c) => c.part === 'cover')?.pageCount).toBe(28);

    pdf.calls = [];
    pdf.pages = 900;
    await expect(render({ format: 'pdf', exportType: 'both' })).rejects.toMatchObject({
      status: 400,
      message: 'A KDP paperback on white paper has at most 828 pages; this book fills 900.',
    });
    expect(pdf.calls.map((c) => c.part)).toEqual(['interior']);
  });

  it('validates with the interior’s real page count', async () => {
    world.books.add(owner, trickyBook());
    pdf.pages = 40;
    const result = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-1',
      request: { format: 'pdf', paperColor: 'cream' },
    });
    expect(result).toMatchObject({ isValid: true, pageCount: 24, printPageCount: 40, spineWidthIn: 0.1 });
  });
});

describe.skipIf(skipPdfTools)('export.render: KDP PDF with this build’s renderers', () => {
  beforeEach(async () => {
    world = await startExportWorld();
  });

  it('zips a real interior and cover that pass qpdf --check, with every font embedded', async () => {
    const book = world.books.add(
      owner,
      await world.withCover(
        trickyBook({ bookContent: JSON.stringify(buildDocument({ paragraphs: 60 })) }),
        1_838,
        2_775,
      ),
    );
    const result = await render({ format: 'pdf', exportType: 'both', trimSize: '5.5x8.5', pageCount: 3 });
    const zip = await JSZip.loadAsync((await world.blobs.get(result.blobKey))?.data ?? new Uint8Array());
    const base = exportFileName(book.title, 'pdf', 'both').replace(/_KDP_Complete\.zip$/, '');
    const interior = (await zip.file(`${base}_KDP_Interior.pdf`)?.async('uint8array')) ?? new Uint8Array();
    const cover = (await zip.file(`${base}_KDP_Cover.pdf`)?.async('uint8array')) ?? new Uint8Array();
    for (const pdf of [interior, cover]) {
      const check = qpdfCheck(pdf);
      expect(check.ok, check.output).toBe(true);
      expect(pdfInfo(pdf).encrypted).toBe(false);
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    }
    const interiorInfo = pdfInfo(interior);
    expect(interiorInfo.pages).toBeGreaterThanOrEqual(24);
    expect(interiorInfo.pages % 2).toBe(0);
    expect([interiorInfo.widthPt, interiorInfo.heightPt]).toEqual([396, 612]);
    const coverInfo = pdfInfo(cover);
    expect(coverInfo.pages).toBe(1);
    // (2 × 5.5 + spine + 0.25) × (8.5 + 0.25) in, the spine from the interior's own page count.
    const spineIn = Math.max(0.06, interiorInfo.pages * 0.002252);
    expect(coverInfo.widthPt).toBeCloseTo((11.25 + spineIn) * 72, 0);
    expect(coverInfo.heightPt).toBeCloseTo(8.75 * 72, 0);
  }, 300_000);

  it('keeps the interior’s page map: an EPUB of the same version has the print page list, a later version’s none', async () => {
    const book = world.books.add(
      owner,
      trickyBook({ bookContent: JSON.stringify(buildDocument({ paragraphs: 60 })), etag: '"v7"' }),
    );
    expect(book.title).toContain('&'); // escaped in dc:source like everywhere else
    const epubOf = async () => {
      const result = await render({ format: 'epub' });
      return openEpub(new Uint8Array((await world.blobs.get(result.blobKey))?.data ?? []));
    };
    const before = await epubOf();
    expect(await before.text('OEBPS/toc.xhtml')).not.toContain('page-list');

    await render({ format: 'pdf', exportType: 'interior', trimSize: '6x9' });
    expect(await world.blobs.list('exports/book-1/page-maps')).toEqual(['exports/book-1/page-maps/6x9.json']);
    const paged = await epubOf();
    expect(await paged.text('OEBPS/toc.xhtml')).toContain('<nav epub:type="page-list" role="doc-pagelist"');
    const opf = await paged.text('OEBPS/content.opf');
    expect(opf).toMatch(/<dc:source id="print-source">[^<]+, paperback print edition, 6 × 9 in<\/dc:source>/);
    expect(opf).toContain('<meta property="schema:accessibilityFeature">pageNavigation</meta>');
    expect(await paged.text('OEBPS/chapter-001.xhtml')).toMatch(/epub:type="pagebreak" role="doc-pagebreak"/);

    // Any change to the book (a new version) makes the map stale: the EPUB then claims no page list.
    world.books.add(owner, { ...book, etag: '"v8"' });
    const after = await epubOf();
    expect(await after.text('OEBPS/toc.xhtml')).not.toContain('page-list');
    expect(await after.text('OEBPS/content.opf')).not.toContain('pageNavigation');
  }, 300_000);

  it('ignores a page map it cannot read', async () => {
    world.books.add(owner, trickyBook({ etag: '"v3"' }));
    await world.blobs.put('exports/book-1/page-maps/6x9.json', new TextEncoder().encode('{"etag":"\\"v3\\""'), {
      contentType: 'application/json',
    });
    const result = await render({ format: 'epub' });
    const epub = await openEpub(new Uint8Array((await world.blobs.get(result.blobKey))?.data ?? []));
    expect(await epub.text('OEBPS/content.opf')).not.toContain('dc:source');
  });
});

describe('export.validate', () => {
  beforeEach(async () => {
    world = await startExportWorld();
  });

  it('answers the validation result for the user’s book', async () => {
    world.books.add(owner, trickyBook({ identifier: null }));
    const result = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-1',
      request: { format: 'epub' },
    });
    expect(result.isValid).toBe(false);
    expect(result.missingMetadata).toEqual(['identifier']);
    expect(result.warnings).toContain('Identifier (UUID/ISBN) is required');
    expect(result.pageCount).toBe(24);
    expect(result.printPageCount).toBeNull();
  });

  it('checks the cover’s resolution for a print cover', async () => {
    world.books.add(
      owner,
      await world.withCover(trickyBook({ bookContent: JSON.stringify(buildDocument({ paragraphs: 400 })) })),
    );
    const result = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-1',
      request: { format: 'pdf', exportType: 'cover' },
    });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([expect.stringContaining('The cover image is 1024 × 1536 px: about 166 DPI')]);
    expect(result.spineWidthIn).toBeGreaterThan(0.06);
  });

  it('answers with the estimate when the real page count does not come before its deadline (a busy service)', async () => {
    await world.stop();
    const renderer = createExportRenderer();
    let release: (pages: number) => void = () => undefined;
    const stuck = new Promise<number>((resolve) => (release = resolve));
    world = await startExportWorld({
      renderer: { ...renderer, pdf: { ...renderer.pdf, pageCount: () => stuck } },
      env: { EXPORT_PAGE_COUNT_TIMEOUT_MS: '20' },
    });
    world.books.add(owner, trickyBook());
    const result = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-1',
      request: { format: 'pdf' },
    });
    release(99);
    expect(result).toMatchObject({ pageCount: 24, printPageCount: null });
  });

  it('answers 404 for another user’s book', async () => {
    world.books.add('someone-else', trickyBook());
    await expect(
      world.bus.request(requests.export.validate, { userId: owner, bookId: 'book-1', request: { format: 'pdf' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe.skipIf(skipEpubcheck)('epubcheck', () => {
  it('passes every EPUB rendered above with no fatal errors, errors or warnings', async () => {
    expect(producedEpubs.length).toBeGreaterThanOrEqual(3);
    for (const report of await Promise.all(producedEpubs.map((epub) => epubcheck(epub)))) {
      expect(report.problems).toEqual([]);
      expect([report.fatals, report.errors, report.warnings]).toEqual([0, 0, 0]);
    }
  }, 300_000);
});

describe.skipIf(skipAce)('Ace by DAISY', () => {
  it('finds no accessibility violation, at any impact, in any EPUB rendered above (a translation included)', async () => {
    expect(producedEpubs.length).toBeGreaterThanOrEqual(4);
    for (const epub of producedEpubs) {
      expect(describeAceViolations(await aceViolations(epub))).toEqual([]);
    }
  }, 600_000);
});

describe('export.render: Word', () => {
  beforeEach(async () => {
    world = await startExportWorld();
  });

  it('never keeps a Word file that is not a sound OOXML package: 500 with the catalogue’s message', async () => {
    world.books.add(owner, trickyBook());
    const damaged: ExportRenderer = {
      ...createExportRenderer(),
      docx: async () => ({ data: new TextEncoder().encode('PK not really a zip'), suggestions: 0, comments: 0 }),
    };
    const deps = world.handlerDeps(damaged);
    // The book service's comments and members, as the book service would answer for a book without them.
    const answers = new Map<unknown, unknown>([
      [requests.book.listComments, { comments: [] }],
      [requests.book.listMembers, { members: [] }],
    ]);
    const bus = Object.assign(Object.create(deps.bus) as typeof deps.bus, {
      request: ((definition: unknown, ...rest: unknown[]) =>
        answers.has(definition)
          ? Promise.resolve(answers.get(definition))
          : (deps.bus.request as (...args: unknown[]) => Promise<unknown>)(
              definition,
              ...rest,
            )) as typeof deps.bus.request,
    });
    const handler = renderExport({ ...deps, bus });
    const error = await handler(
      { userId: owner, bookId: 'book-1', request: { format: 'docx', layout: 'manuscript' } },
      world.context,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 500, message: exportMessages.docxDamaged });
    expect(await world.blobs.list('exports/book-1')).toEqual([]);
  });
});
