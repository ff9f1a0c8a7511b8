import { cutAtGrapheme, truncateText } from '@bookwright/contracts/text';
import type { PrintOptions } from '@bookwright/contracts/http';
import type { Content, ContentText, DynamicContent, PageBreak, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ExportBook } from '../export-book';
import { copyrightLines } from '../domain/copyright-lines';
import { fontFamilies, textWidthEm } from '../fonts';
import { createHyphenation, hyphenationPass } from './hyphenate';
import { printText } from './text-runs';
import { InteriorContentBuilder, type InteriorSection } from './interior-content';
import { gutterInches, interiorMargins } from './kdp-rules';
import { formatPublicationDate, interiorLabels, writingLanguageCode } from './labels';
import { finishPdf, layoutPdf, oddPageBreak } from './pdfmake';
import { typography, type Typography } from './typography';
import { printPagination, type FrontPage, type PrintPagination } from './print-pagination';

export interface InteriorPdf {
  pdf: Uint8Array;
  /** Pages of the PDF (always even: a blank verso closes an odd count). */
  pageCount: number;
  /** Where the manuscript's blocks landed, for the EPUB's page list (absent when only measured). */
  pagination?: PrintPagination;
}

/** What a page shows besides the text: running head and folio only on 'body' pages. */
type PageKind = 'front' | 'opener' | 'blank' | 'body';

const maxLayouts = 4;

/**
 * The KDP interior: half-title, title page, copyright page, contents, then each chapter on a right-hand
 * page, with running heads (book title on versos, chapter title on rectos) and folios except on front
 * matter, chapter openers and blank pages.
 *
 * Gutter: the side margins depend on the page count, which is known only after layout. The page count is
 * estimated first (from the fonts' advance widths) and the margins chosen for that band, rounded towards
 * the wider band near a threshold (a wider gutter is always compliant). pdfmake calls the running-head
 * function once layout is complete and before anything is drawn; if the actual count needs wider margins
 * than were used, the layout is abandoned there and redone — never an expensive full render.
 */
export async function renderInteriorPdf(
  book: ExportBook,
  options: PrintOptions,
  diagnostics: InteriorDiagnostics = {},
): Promise<InteriorPdf> {
  return withSettledGutter(book, options, diagnostics, 'render');
}

/**
 * The page count the interior will have (front matter and blank versos included, even), from a layout
 * alone: nothing is drawn. About a third of a full render's time; for cover-only exports, whose spine needs it.
 */
export async function countInteriorPages(book: ExportBook, options: PrintOptions): Promise<number> {
  return (await withSettledGutter(book, options, {}, 'measure')).pageCount;
}

async function withSettledGutter(
  book: ExportBook,
  options: PrintOptions,
  diagnostics: InteriorDiagnostics,
  mode: 'render' | 'measure',
): Promise<InteriorPdf> {
  const oddBreak = await oddPageBreak();
  const estimate = estimateBand(book, options, oddBreak);
  diagnostics.estimatedPages = estimate.estimated;
  let pagesForMargins = diagnostics.firstLayoutPages ?? estimate.pagesForMargins;
  for (let attempt = 1; attempt <= maxLayouts; attempt += 1) {
    diagnostics.layouts = attempt;
    const typo = typography(options, pagesForMargins);
    const sections = new InteriorContentBuilder(typo, oddBreak, book.images).sections(book.document);
    const hyphenate = hyphenationPass(createHyphenation(book.language, book.glossary));
    for (const section of sections) hyphenate(section.node);
    try {
      return await layoutInterior(book, options, typo, sections, oddBreak, pagesForMargins, mode);
    } catch (error) {
      if (error instanceof LayoutMeasured) return { pdf: new Uint8Array(0), pageCount: error.pageCount };
      if (!(error instanceof WiderMarginsNeeded)) throw error;
      pagesForMargins = error.pageCount;
    }
  }
  throw new Error(`The interior layout did not settle on a gutter after ${maxLayouts} attempts`);
}

/** Filled in by renderInteriorPdf, for benches and tests. */
export interface InteriorDiagnostics {
  /** Input, for tests: lay out first with the margins of this page count instead of the estimate's. */
  firstLayoutPages?: number;
  /** The page count estimated before layout. */
  estimatedPages?: number;
  /** pdfmake layouts run: 1 unless the page count crossed into a wider gutter band. */
  layouts?: number;
}

class WiderMarginsNeeded extends Error {
  constructor(readonly pageCount: number) {
    super(`The interior has ${pageCount} pages: wider margins needed`);
  }
}

/** Stops a measuring layout once the page count is known, before anything is drawn. */
class LayoutMeasured extends Error {
  constructor(readonly pageCount: number) {
    super(`The interior has ${pageCount} pages`);
  }
}

/** Estimated page count and the count whose margins the first layout uses. */
function estimateBand(book: ExportBook, options: PrintOptions, oddBreak: PageBreak) {
  let pages = 24;
  for (let i = 0; i < 3; i += 1) {
    const typo = typography(options, pages);
    const sections = new InteriorContentBuilder(typo, oddBreak, book.images).sections(book.document);
    const estimated = estimatePageCount(sections, typo);
    // Near a threshold, take the wider band: a layout within 4% above the estimate still fits it.
    const next = Math.ceil(estimated * 1.04);
    if (gutterInches(next) === gutterInches(pages)) return { estimated, pagesForMargins: next };
    pages = next;
  }
  return { estimated: pages, pagesForMargins: pages };
}

export function estimatePageCount(sections: InteriorSection[], typo: Typography): number {
  const tocPages = sections.some((s) => s.title) ? Math.ceil((6 + sections.length * 1.35) / typo.linesPerPage) : 0;
  let last = 4 + tocPages;
  for (const section of sections) {
    const start = last % 2 === 0 ? last + 1 : last + 2;
    last = start + Math.max(1, Math.ceil(section.estimatedLines / typo.linesPerPage)) - 1;
  }
  return last % 2 === 0 ? last : last + 1;
}

async function layoutInterior(
  book: ExportBook,
  options: PrintOptions,
  typo: Typography,
  sections: InteriorSection[],
  oddBreak: PageBreak,
  pagesForMargins: number,
  mode: 'render' | 'measure',
): Promise<InteriorPdf> {
  const labels = interiorLabels[book.language] ?? interiorLabels.english;
  const writingCode = writingLanguageCode(book.language);
  const [left, , right] = typo.pageMarginsPt;
  let pageKinds: PageKind[] | undefined;
  let runningTitles: string[] = [];

  /** Called by pdfmake after layout, page by page: the moment the page count and positions are known. */
  const classify = (pageCount: number) => {
    const finalCount = pageCount + (pageCount % 2);
    const needed = interiorMargins(options.trimSize, finalCount, options.bleed).pageMarginsPt[0];
    const used = interiorMargins(options.trimSize, pagesForMargins, options.bleed).pageMarginsPt[0];
    if (needed > used + 0.01) throw new WiderMarginsNeeded(finalCount);
    if (mode === 'measure') throw new LayoutMeasured(finalCount);
    const classified = classifyPages(sections, pageCount, book.title);
    pageKinds = classified.kinds;
    runningTitles = classified.titles;
  };

  const runningHead = (text: string): ContentText => ({
    text: printText(fitRunningHead(text.toLocaleUpperCase(writingCode), typo)),
    fontSize: typo.runningHeadSize,
    characterSpacing: typo.runningHeadSize * 0.12,
    alignment: 'center',
    lineHeight: 1,
    margin: [left, typo.bleedPt + typo.headFromTrimPt - typo.runningHeadSize * 0.75, right, 0],
  });

  const header: DynamicContent = (page, pageCount) => {
    if (!pageKinds) classify(pageCount);
    if (pageKinds?.[page] !== 'body') return null;
    return runningHead(page % 2 === 0 ? book.title : (runningTitles[page] ?? book.title));
  };

  const footer: DynamicContent = (page) => {
    if (pageKinds?.[page] !== 'body') return null;
    const bottomMargin = typo.pageMarginsPt[3];
    return {
      text: String(page),
      fontSize: typo.folioSize,
      alignment: 'center',
      lineHeight: 1,
      margin: [left, bottomMargin - typo.bleedPt - typo.folioFromTrimPt - typo.folioSize * 0.75, right, 0],
    };
  };

  const front = frontMatter(book, typo, oddBreak, labels, writingCode, sections);
  const definition: TDocumentDefinitions = {
    pageSize: { width: typo.pageWidthPt, height: typo.pageHeightPt },
    pageMargins: typo.pageMarginsPt,
    // PDF/A-1b: fonts embedded, XMP metadata, an output intent; no encryption, no transparency.
    version: '1.4',
    subset: 'PDF/A-1b',
    language: book.languageCode,
    info: documentInfo(book),
    defaultStyle: { font: fontFamilies.body, fontSize: typo.bodySize, lineHeight: typo.lineHeight },
    styles: {
      tocEntry: { fontSize: typo.bodySize, alignment: 'left' },
      tocNumber: { fontSize: typo.bodySize, alignment: 'right' },
    },
    header,
    footer,
    content: [...front.content, ...sections.map((s) => s.node)],
  };

  const doc = await layoutPdf(definition);
  const kinds = pageKinds as PageKind[] | undefined;
  if (!kinds) throw new Error('pdfmake did not report the page count');
  for (const section of sections) {
    const page = firstPage(section);
    if (page % 2 === 0) throw new Error(`Chapter "${section.title ?? ''}" starts on an even page (${page})`);
  }
  let pageCount = kinds.length - 1;
  if (pageCount % 2 === 1) {
    // Close with a blank verso: the book's last leaf, and the count KDP uses for the spine.
    doc.addPage({ size: [typo.pageWidthPt, typo.pageHeightPt], margin: 0 });
    pageCount += 1;
  }
  const pagination = printPagination(book.document, sections, kinds, pageCount, frontPages(front.placed));
  return { pdf: await finishPdf(doc), pageCount, pagination };
}

function firstPage(section: InteriorSection): number {
  return section.heading?.positions?.[0]?.pageNumber ?? section.node.positions?.[0]?.pageNumber ?? 0;
}

function lastPage(section: InteriorSection): number {
  let last = firstPage(section);
  for (const position of section.node.positions ?? []) last = Math.max(last, position.pageNumber);
  return Math.max(last, section.lastLeaf?.positions?.[0]?.pageNumber ?? 0);
}

/** Page kinds (index = page number) and the chapter title each page belongs to, from pdfmake's positions. */
export function classifyPages(sections: InteriorSection[], pageCount: number, bookTitle: string) {
  const kinds: PageKind[] = Array.from({ length: pageCount + 1 }, () => 'front');
  const titles: string[] = Array.from({ length: pageCount + 1 }, () => bookTitle);
  let previousEnd = 0;
  for (const [index, section] of sections.entries()) {
    const start = firstPage(section);
    const end = lastPage(section);
    for (let p = previousEnd + 1; p < start && index > 0; p += 1) kinds[p] = 'blank';
    for (let p = start; p <= end; p += 1) {
      kinds[p] = p === start ? 'opener' : 'body';
      titles[p] = section.title ?? bookTitle;
    }
    previousEnd = end;
  }
  for (let p = previousEnd + 1; p <= pageCount && sections.length > 0; p += 1) kinds[p] = 'blank';
  return { kinds, titles };
}

function fitRunningHead(text: string, typo: Typography): string {
  const perEm = typo.runningHeadSize * 1.12;
  const limit = typo.textWidthPt * 0.8;
  if (textWidthEm(text) * perEm <= limit) return text;
  let cut = text;
  while (cut.length > 1 && textWidthEm(`${cut}…`) * perEm > limit) cut = cutAtGrapheme(cut, cut.length - 1);
  return `${cut.trimEnd()}…`;
}

function documentInfo(book: ExportBook): TDocumentDefinitions['info'] {
  const subject = book.subtitle ?? (book.description ? truncate(book.description, 240) : book.genre);
  return {
    title: book.subtitle ? `${book.title}: ${book.subtitle}` : book.title,
    author: book.author ?? undefined,
    subject,
    keywords: book.keywords.join(', ') || undefined,
    creator: 'Bookwright',
    producer: 'Bookwright (pdfmake)',
  };
}

function truncate(text: string, max: number): string {
  return truncateText(text.replace(/\s+/g, ' ').trim(), max, { wordBoundaryAfter: 1 });
}

type Placed = { positions?: { pageNumber: number }[] };
/** The front matter's nodes by what they are; read after layout, when pdfmake has placed them. */
type FrontNodes = { kind: FrontPage['kind']; nodes: () => Placed[] };

/** The printed pages of the front matter, each with what it holds, from where pdfmake placed its nodes. */
function frontPages(placed: FrontNodes[]): FrontPage[] {
  const pages = new Map<number, FrontPage['kind']>();
  for (const { kind, nodes } of placed) {
    for (const node of nodes()) {
      for (const { pageNumber } of node.positions ?? []) if (!pages.has(pageNumber)) pages.set(pageNumber, kind);
    }
  }
  return [...pages].sort(([a], [b]) => a - b).map(([page, kind]) => ({ page, kind }));
}

function frontMatter(
  book: ExportBook,
  typo: Typography,
  oddBreak: PageBreak,
  labels: { contents: string; allRightsReserved: string },
  writingCode: string,
  sections: InteriorSection[],
): { content: Content[]; placed: FrontNodes[] } {
  const { bodySize, leadingPt, textHeightPt, textWidthPt } = typo;
  const titleEm = textWidthEm(book.title);
  // As large as fits in about two lines, between 1.6× and 2.6× the body size.
  const titleSize = Math.max(bodySize * 1.6, Math.min(bodySize * 2.6, (textWidthPt * 1.7) / Math.max(titleEm, 1)));
  const ornament = (width: number, margin: [number, number, number, number]): Content => ({
    canvas: [
      { type: 'line', x1: textWidthPt / 2 - width / 2, y1: 0, x2: textWidthPt / 2 + width / 2, y2: 0, lineWidth: 0.6 },
    ],
    margin,
  });

  const halfTitle: Content = {
    text: printText(book.title),
    fontSize: bodySize * 1.5,
    alignment: 'center',
    margin: [0, textHeightPt * 0.26, 0, 0],
  };

  const titlePage: Content = {
    stack: [
      { text: printText(book.title), fontSize: titleSize, alignment: 'center', lineHeight: 1.05 * typo.lineHeight },
      ...(book.subtitle
        ? [
            {
              text: printText(book.subtitle),
              italics: true,
              fontSize: bodySize * 1.35,
              alignment: 'center' as const,
              margin: [0, leadingPt * 0.8, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
      ornament(bodySize * 4, [0, leadingPt * 1.8, 0, leadingPt * 1.8]),
      ...(book.author
        ? [{ text: printText(book.author), fontSize: bodySize * 1.4, alignment: 'center' as const }]
        : []),
      // The imprint sits at the foot of the title page, wherever the title ends.
      ...(book.publisher
        ? [
            {
              text: printText(book.publisher),
              fontSize: bodySize * 0.95,
              characterSpacing: 0.6,
              alignment: 'center' as const,
              absolutePosition: { x: typo.pageMarginsPt[0], y: typo.pageMarginsPt[1] + textHeightPt - leadingPt * 1.5 },
            },
          ]
        : []),
    ],
    margin: [0, textHeightPt * 0.18, 0, 0],
    pageBreak: oddBreak,
  };

  const small = bodySize * 0.8;
  const copyright: Content[] = copyrightLines(book, {
    allRightsReserved: labels.allRightsReserved,
    publicationDate: (date) => formatPublicationDate(date, writingCode),
  }).map((line) =>
    'gap' in line
      ? { text: '\u00a0', fontSize: small }
      : { text: printText(line.text), fontSize: small, ...(line.italics ? { italics: true } : {}) },
  );
  const copyrightPage: Content = {
    stack: copyright,
    // Set low on the page, as copyright pages are.
    margin: [0, Math.max(0, textHeightPt - copyright.length * small * 1.45 - leadingPt * 2), 0, 0],
    pageBreak: 'before',
  };

  const content: Content[] = [halfTitle, titlePage, copyrightPage];
  const placed: FrontNodes[] = [
    { kind: 'half-title', nodes: () => [halfTitle as Placed] },
    { kind: 'title', nodes: () => [titlePage as Placed] },
    { kind: 'copyright', nodes: () => [copyrightPage as Placed] },
  ];
  if (sections.some((s) => s.title !== null)) {
    const toc = {
      toc: {
        title: {
          text: labels.contents,
          fontSize: typo.h1Size * 0.8,
          alignment: 'center',
          margin: [0, typo.chapterSinkPt * 0.6, 0, leadingPt * 2],
        },
        textStyle: 'tocEntry',
        numberStyle: 'tocNumber',
        textMargin: [0, leadingPt * 0.18, leadingPt, leadingPt * 0.18],
      },
      pageBreak: oddBreak,
    } satisfies Content;
    content.push(toc);
    // pdfmake places a table of contents as its title and a table: those carry the positions.
    const laidOut = toc.toc as { title: Placed; _table?: Placed };
    placed.push({ kind: 'contents', nodes: () => [laidOut.title, laidOut._table ?? {}] });
  }
  return { content, placed };
}
