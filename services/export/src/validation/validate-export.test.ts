import { describe, expect, it } from 'vitest';
import {
  defaultTrimSize,
  exportMessages,
  frontMatterPages,
  printCapacity,
  type ValidateExportRequest,
} from '@bookwright/contracts/http';
import { exportTarget } from '../domain/export-target';
import { trickyBook } from '../testing/books';
import { checkExport, toValidation, type ExportCheckInput } from './validate-export';

/** A one-chapter manuscript that the page estimate turns into `pages` (even) pages at the default trim. */
function pagesOf(pages: number): Pick<ExportCheckInput, 'characters' | 'chapterCharacters'> {
  const { charactersPerPage, openerCharacters } = printCapacity[defaultTrimSize];
  const characters = (pages - frontMatterPages) * charactersPerPage - openerCharacters;
  return { characters, chapterCharacters: [characters] };
}

function validate(request: ValidateExportRequest, overrides: Partial<Omit<ExportCheckInput, 'target'>> = {}) {
  return toValidation(
    checkExport({
      target: exportTarget(request),
      book: trickyBook({ keywords: ['one'], description: 'A book.' }),
      ...pagesOf(100),
      cover: { widthPx: 1_838, heightPx: 2_775 },
      printPageCount: null,
      ...overrides,
    }),
  );
}

describe('export validation: EPUB', () => {
  it('passes a ready book with its required metadata', () => {
    const result = validate({ format: 'epub' });
    expect(result).toEqual({
      isValid: true,
      warnings: [],
      suggestions: [],
      pageCount: 100,
      printPageCount: null,
      spineWidthIn: null,
      missingMetadata: [],
      missingGlyphs: [],
      openSuggestions: 0,
    });
  });

  it('lists missing required metadata and is not valid', () => {
    const result = validate(
      { format: 'epub' },
      { book: trickyBook({ author: ' ', identifier: null, languageMetadata: null, keywords: ['k'] }) },
    );
    expect(result.isValid).toBe(false);
    expect(result.missingMetadata).toEqual(['author', 'identifier', 'languageMetadata']);
    expect(result.warnings).toEqual([
      'Author is required',
      'Identifier (UUID/ISBN) is required',
      'Language is required',
    ]);
  });

  it('reports the missing metadata for PDF too, without blocking it', () => {
    const result = validate(
      { format: 'pdf' },
      { book: trickyBook({ identifier: null, author: null, keywords: ['k'] }) },
    );
    expect(result.missingMetadata).toEqual(['author', 'identifier']);
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual(['No author is set: the title page and the cover will show none.']);
  });

  it('blocks a book that is not ready or has no text', () => {
    expect(validate({ format: 'epub' }, { book: trickyBook({ status: 'writing', keywords: ['k'] }) }).warnings).toEqual(
      [exportMessages.notReady],
    );
    const empty = validate({ format: 'epub' }, { characters: 0, chapterCharacters: [] });
    expect(empty.isValid).toBe(false);
    expect(empty.warnings).toEqual(['The book has no text to export yet.']);
    expect(empty.pageCount).toBe(24);
  });

  it('checks the ebook cover size against KDP’s minimum and ideal', () => {
    expect(validate({ format: 'epub' }, { cover: { widthPx: 500, heightPx: 800 } }).warnings).toEqual([
      'The cover image is 500 × 800 px; KDP needs at least 625 × 1000 px for an ebook cover.',
    ]);
    expect(validate({ format: 'epub' }, { cover: { widthPx: 1_600, heightPx: 2_560 } }).suggestions).toEqual([]);
    expect(validate({ format: 'epub' }, { cover: { widthPx: 1_024, heightPx: 1_536 } }).suggestions).toEqual([
      'The cover image is 1024 × 1536 px; 1600 × 2560 px looks sharpest on today’s screens.',
    ]);
    expect(validate({ format: 'epub' }, { cover: null }).suggestions).toEqual([expect.stringMatching(/^Add a cover/)]);
  });
});

describe('export validation: ISBN and store metadata', () => {
  it('blocks an ISBN with a wrong check digit and accepts good ISBN-10 and ISBN-13', () => {
    const bad = validate({ format: 'epub' }, { book: trickyBook({ isbn: '978-0-306-40615-8', keywords: ['k'] }) });
    expect(bad.isValid).toBe(false);
    expect(bad.warnings).toEqual([expect.stringContaining('The ISBN 978-0-306-40615-8 is not valid')]);
    for (const isbn of ['978-0-306-40615-7', '0-306-40615-2', '979-10-90636-07-1', '080442957X']) {
      expect(validate({ format: 'epub' }, { book: trickyBook({ isbn, keywords: ['k'] }) }).isValid).toBe(true);
    }
    expect(
      validate({ format: 'epub' }, { book: trickyBook({ isbn: '123-4-567-89012-8', keywords: ['k'] }) }).isValid,
    ).toBe(false);
  });

  it('warns when the identifier looks like an ISBN but is not one', () => {
    const result = validate({ format: 'epub' }, { book: trickyBook({ identifier: '9780306406158', keywords: ['k'] }) });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([expect.stringContaining('looks like an ISBN but its check digit is wrong')]);
  });

  it('warns about what KDP’s forms refuse: long descriptions, long titles, long keywords', () => {
    const result = validate(
      { format: 'epub' },
      {
        book: trickyBook({
          description: 'x'.repeat(4_001),
          title: 't'.repeat(150),
          subtitle: 's'.repeat(60),
          keywords: ['k'.repeat(51), 'fine'],
        }),
      },
    );
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([
      'The description has 4,001 characters; KDP accepts at most 4,000.',
      'Title and subtitle together have 210 characters; KDP needs fewer than 200.',
      `KDP keywords have at most 50 characters; too long: "${'k'.repeat(51)}".`,
    ]);
  });

  it('counts the characters a reader sees of a rich-text description, not its tags', () => {
    const description = `<p><strong>${'x'.repeat(2_000)}</strong></p><p><em>${'y'.repeat(1_999)}</em></p>`;
    const result = validate({ format: 'epub' }, { book: trickyBook({ description }) });
    expect(result.warnings).toEqual([]);
  });

  it('suggests a description and keywords, and at most seven keywords', () => {
    expect(validate({ format: 'epub' }, { book: trickyBook({ description: null, keywords: [] }) }).suggestions).toEqual(
      [
        'Add a description: stores show it on the book’s page.',
        'Add keywords (up to 7): they help readers find the book.',
      ],
    );
    const many = validate({ format: 'epub' }, { book: trickyBook({ keywords: 'abcdefgh'.split('') }) });
    expect(many.suggestions).toContain('KDP takes 7 keywords; the book has 8, so choose the 7 that matter most.');
  });
});

describe('export validation: KDP print', () => {
  it('passes a 100-page paperback and gives its spine width', () => {
    const result = validate({ format: 'pdf', trimSize: '6x9', paperColor: 'white', exportType: 'both' });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(result.pageCount).toBe(100);
    expect(result.printPageCount).toBeNull();
    expect(result.spineWidthIn).toBeCloseTo(0.2252, 4);
    expect(result.suggestions).toEqual([
      'At 100 pages the spine is 0.225 in wide: enough for the title and author on the spine.',
    ]);
  });

  it('uses the real print page count when the PDF renderer gives one', () => {
    const result = validate({ format: 'pdf', paperColor: 'cream' }, { ...pagesOf(20), printPageCount: 32 });
    expect(result.isValid).toBe(true);
    expect(result.pageCount).toBe(24);
    expect(result.printPageCount).toBe(32);
    expect(result.spineWidthIn).toBeCloseTo(0.08, 4);
  });

  it('blocks fewer than 24 pages of text (the estimate itself never goes below 24)', () => {
    const result = validate({ format: 'pdf' }, { ...pagesOf(10) });
    expect(result.pageCount).toBe(24);
    expect(result.isValid).toBe(false);
    expect(result.warnings).toEqual(['A KDP paperback needs at least 24 pages; this book fills about 10.']);
    expect(result.spineWidthIn).toBe(0.06);
  });

  it('blocks paperbacks over 828 pages on white paper and 776 on cream', () => {
    expect(validate({ format: 'pdf', paperColor: 'white' }, { ...pagesOf(800) }).isValid).toBe(true);
    const cream = validate({ format: 'pdf', paperColor: 'cream' }, { ...pagesOf(800) });
    expect(cream.warnings).toEqual([
      'A KDP paperback on cream paper has at most 776 pages; this book fills about 800. White paper allows up to 828.',
    ]);
    expect(validate({ format: 'pdf', paperColor: 'white' }, { printPageCount: 829 }).warnings).toEqual([
      'A KDP paperback on white paper has at most 828 pages; this book fills 829.',
    ]);
  });

  it.each(['5x8', '8.5x11'] as const)('says clearly that KDP hardcovers do not come in %s', (trimSize) => {
    // Long enough for a hardcover's 75 pages in the largest trim too: only the trim is wrong.
    const result = validate({ format: 'pdf', isPaperback: false, trimSize }, pagesOf(120));
    expect(result.isValid).toBe(false);
    expect(result.warnings).toEqual([
      `KDP does not print hardcovers in ${trimSize.replace('x', ' x ')} in. Hardcovers come only in ` +
        '5.5 x 8.5, 6 x 9, 6.14 x 9.21, 7 x 10 and 8.25 x 11 in; choose 5.5 x 8.5, 6 x 9 or 7 x 10, or a paperback.',
    ]);
  });

  it.each(['5.5x8.5', '6x9', '7x10'] as const)('passes a 100-page hardcover interior in %s', (trimSize) => {
    expect(validate({ format: 'pdf', isPaperback: false, trimSize }).isValid).toBe(true);
  });

  it('blocks hardcovers outside 75–550 pages', () => {
    for (const pages of [74, 551]) {
      const result = validate({ format: 'pdf', isPaperback: false }, { printPageCount: pages });
      expect(result.warnings).toEqual([`A KDP hardcover has 75 to 550 pages; this book fills ${pages}.`]);
    }
    expect(validate({ format: 'pdf', isPaperback: false }, { printPageCount: 75 }).isValid).toBe(true);
    expect(validate({ format: 'pdf', isPaperback: false }, { printPageCount: 550 }).isValid).toBe(true);
  });

  it('blocks hardcover cover PDFs, which need KDP’s case-laminate template', () => {
    const result = validate({ format: 'pdf', isPaperback: false, exportType: 'cover' });
    expect(result.isValid).toBe(false);
    expect(result.warnings).toEqual([expect.stringMatching(/^Hardcover cover PDFs are not available yet/)]);
  });

  it.each(['cover', 'both'] as const)('requires a cover image for %s', (exportType) => {
    const result = validate({ format: 'pdf', exportType }, { cover: null });
    expect(result.isValid).toBe(false);
    expect(result.warnings).toEqual([exportMessages.coverRequired]);
    expect(validate({ format: 'pdf', exportType: 'interior' }, { cover: null }).isValid).toBe(true);
  });

  it('warns when the cover image is under 300 DPI on the front cover, without blocking', () => {
    const result = validate({ format: 'pdf', exportType: 'cover' }, { cover: { widthPx: 1_024, heightPx: 1_536 } });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([
      'The cover image is 1024 × 1536 px: about 166 DPI on the 6.125 × 9.25 in front cover. KDP asks for 300 DPI (1838 × 2775 px), or the cover prints blurred.',
    ]);
  });

  it('measures the image on the front panel, as the cover PDF places it', () => {
    // 6x9 front panel with bleed: 6.125 × 9.25 in → 1838 × 2775 px at 300 DPI; the other axis is cropped.
    expect(
      validate({ format: 'pdf', exportType: 'both' }, { cover: { widthPx: 1_838, heightPx: 2_775 } }).warnings,
    ).toEqual([]);
    expect(
      validate({ format: 'pdf', exportType: 'both' }, { cover: { widthPx: 3_000, heightPx: 2_000 } }).warnings,
    ).toEqual([expect.stringContaining('about 216 DPI on the 6.125 × 9.25 in front cover')]);
  });

  it('tells when the spine is too thin for text', () => {
    expect(validate({ format: 'pdf', exportType: 'cover' }, { ...pagesOf(60) }).suggestions).toEqual([
      'KDP allows text on the spine only from 79 pages; at 60 pages the spine stays blank.',
    ]);
  });

  it('suggests leaving bleed off for a text interior', () => {
    expect(validate({ format: 'pdf', bleed: true }).suggestions).toEqual([
      'Bleed is only needed when images or colour run to the page edge; a text interior prints the same without it.',
    ]);
  });

  it('ignores the client’s page count and spine width', () => {
    const target = exportTarget({ format: 'pdf', pageCount: 999, spineWidth: 9 });
    expect(target).toEqual({
      format: 'pdf',
      print: {
        platform: 'kdp',
        exportType: 'interior',
        trimSize: '6x9',
        paperColor: 'white',
        isPaperback: true,
        bleed: false,
      },
    });
    expect(validate({ format: 'pdf', pageCount: 999, spineWidth: 9 }).spineWidthIn).toBeCloseTo(0.2252, 4);
  });
});

describe('export validation: glyph coverage', () => {
  it('warns with each character no embedded font has, instead of passing silently', () => {
    const result = validate({ format: 'pdf', exportType: 'interior' }, { missingGlyphs: ['𓀀', '\uE000'] });
    expect(result.missingGlyphs).toEqual(['𓀀', '\uE000']);
    expect(result.warnings).toContain(
      'No embedded font has these characters, so they would print as empty boxes: 𓀀 (U+13000), \uE000 (U+E000).',
    );
  });

  it('reports nothing when every character has a glyph', () => {
    const result = validate({ format: 'pdf', exportType: 'interior' }, { missingGlyphs: [] });
    expect(result.missingGlyphs).toEqual([]);
    expect(result.warnings.some((w) => w.includes('empty boxes'))).toBe(false);
  });
});
