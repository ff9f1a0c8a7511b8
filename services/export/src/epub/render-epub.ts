import type { TiptapNode } from '@bookwright/contracts/http';
import type { Chapter } from 'epub-gen-memory';
import type { ExportBook } from '../export-book';
import { ebookCover } from './cover-image';
import { isbnIdentifier, publicationIdentifier } from './identifier';
import { labelsFor, type EpubLabels } from './labels';
import {
  navHref,
  navigationDocument,
  ncxDocument,
  ncxHref,
  packageDocument,
  styleHref,
  type Publication,
  type SpineDocument,
} from './package-files';
import { frontMarkers, pageBreakMarker, pageMarkers, type EpubPagination, type FrontMarkers } from './page-list';
import { writeOcfZip } from './ocf-zip';
import { SealedEPub } from './sealed-epub';
import { splitSections, type Section } from './sections';
import { stylesheet } from './stylesheet';
import { imageSlotPattern, markScripts, renderBlocks } from './tiptap-to-xhtml';
import type JSZip from 'jszip';
import { bookImageExtension } from '@bookwright/contracts/http';
import { directionAttribute, escapeAttribute, singleLine, xhtmlDocument } from './xml';

export interface EpubRenderOptions {
  /** dcterms:modified and the zip entries' dates; default now. The export handler passes the book's last change. */
  modified?: Date;
  /**
   * The print edition's pagination, when a KDP interior of this very version was exported: page-break
   * markers, a page list and the metadata that says so. Without it the EPUB claims none of them.
   */
  pagination?: EpubPagination;
}

/** The chapter template epub-gen-memory renders each of our XHTML bodies into (EJS; `<%=` escapes). */
const chapterTemplate = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="<%= lang %>" lang="<%= lang %>">
<head>
<meta charset="UTF-8" />
<title><%= title %></title>
<link rel="stylesheet" type="text/css" href="${styleHref}" />
</head>
<body>
<%- content %>
</body>
</html>
`;

const coverImageHref = 'cover.jpg';
const coverPageHref = 'cover.xhtml';
const titlePageHref = 'title-page.xhtml';

/**
 * The book as an EPUB 3 that passes epubcheck: cover page (when there is a cover), title page, table of
 * contents with landmarks, then one XHTML file per section of the manuscript (the opening text and each
 * chapter). epub-gen-memory renders the chapters into a zip; we then write the package document, the
 * navigation document, the NCX and the cover ourselves (see package-files.ts) and fix the entries' dates,
 * so the same book and `modified` give the same bytes.
 *
 * Plain data in, bytes out: safe to run in a worker thread.
 */
export async function renderEpub(book: ExportBook, options: EpubRenderOptions = {}): Promise<Uint8Array> {
  const modified = options.modified ?? new Date();
  const languageCode = book.languageCode;
  const labels = labelsFor(languageCode);
  const title = singleLine(book.title) || labels.titlePage;
  const sections = splitSections(book.document, labels);
  const cover = book.cover ? await ebookCover(book.cover.data) : null;

  let chapterNumber = 0;
  const bodyDocuments: SpineDocument[] = sections.map((section) => {
    const name = section.kind === 'opening' ? 'opening' : `chapter-${String((chapterNumber += 1)).padStart(3, '0')}`;
    return { id: name, href: `${name}.xhtml`, title: section.title, role: 'body' };
  });
  const markers = options.pagination ? pageMarkers(options.pagination) : new Map<number, number[]>();
  const blockIndex = new Map(book.document.content.map((node, index) => [node, index]));
  const markersBefore = (node: TiptapNode) => markers.get(blockIndex.get(node) ?? -1) ?? [];
  const chapterPages = sections.flatMap((section, index) =>
    section.nodes.flatMap(markersBefore).map((page) => ({
      page,
      href: `${bodyDocuments[index]?.href ?? ''}#page-${page}`,
    })),
  );
  const printSource = options.pagination && chapterPages.length > 0 ? options.pagination.source : null;
  const front: FrontMarkers =
    options.pagination && printSource ? frontMarkers(options.pagination) : { title: [], copyright: [], contents: [] };
  const frontEntry = (href: string) => (page: number) => ({ page, href: `${href}#page-${page}`, front: true });
  const pageList = [
    ...[...front.title, ...front.copyright].map(frontEntry(titlePageHref)),
    ...front.contents.map(frontEntry(navHref)),
    ...chapterPages,
  ];
  const publication: Publication = {
    metadata: {
      identifier: publicationIdentifier(book),
      isbnIdentifier: isbnIdentifier(book),
      title,
      subtitle: nonBlank(book.subtitle),
      author: nonBlank(book.author),
      languageCode,
      publisher: nonBlank(book.publisher),
      description: nonBlank(book.description),
      keywords: book.keywords,
      rights: nonBlank(book.rights),
      date: nonBlank(book.publicationDate),
      modified,
      accessibilitySummary: {
        text: labels.accessibilitySummary({
          chapters: sections.length,
          cover: cover !== null,
          printPages: printSource !== null,
        }),
        languageCode: labels.languageCode,
      },
      printSource,
    },
    spine: [
      ...(cover ? [{ id: 'cover', href: coverPageHref, title: labels.cover, role: 'cover' as const }] : []),
      { id: 'title-page', href: titlePageHref, title, role: 'titlepage' },
      { id: 'toc', href: navHref, title: labels.contents, role: 'toc' },
      ...bodyDocuments,
    ],
    cover: cover ? { href: coverImageHref, mediaType: cover.mediaType } : null,
    images: chapterImages(book).map(({ id, href, image }) => ({ id, href, mediaType: image.contentType })),
    pageList: printSource ? pageList : [],
    contentsPages: front.contents,
  };

  const chapters: Chapter[] = [
    { title, filename: titlePageHref, content: titlePage(book, title, front), beforeToc: true, excludeFromToc: true },
    ...sections.map((section, index) => ({
      title: section.title,
      filename: bodyDocuments[index]?.href ?? `section-${index}.xhtml`,
      content: sectionBody(section, printSource ? markersBefore : () => []),
    })),
  ];
  const epub = new SealedEPub(
    {
      title,
      lang: languageCode,
      css: stylesheet,
      chapterXHTML: chapterTemplate,
      prependChapterTitles: false,
      numberChaptersInTOC: false,
      tocTitle: labels.contents,
      version: 3,
      verbose: false,
    },
    chapters,
  );
  const zip = await epub.renderZip();

  const oebps = zip.folder('OEBPS');
  if (!oebps) throw new Error('epub-gen-memory produced no OEBPS folder');
  await placeImages(oebps, book, bodyDocuments);
  writePackageFiles(oebps, publication, labels);
  if (cover) {
    oebps.file(coverImageHref, cover.data);
    oebps.file(coverPageHref, coverPage(languageCode, labels, title, nonBlank(book.author)));
  }
  return writeOcfZip(zip, modified);
}

/** The package document, the navigation document and the NCX, which we write ourselves. */
function writePackageFiles(oebps: JSZip, publication: Publication, labels: EpubLabels): void {
  oebps.file('content.opf', packageDocument(publication));
  oebps.file(navHref, navigationDocument(publication, labels));
  oebps.file(ncxHref, ncxDocument(publication, labels));
}

/** The book's images, each with its file in the EPUB (named by its id, so one file however often it is shown). */
function chapterImages(book: ExportBook) {
  const byId = new Map(Object.values(book.images ?? {}).map((image) => [image.imageId, image]));
  // The check below serialises the whole manuscript: not worth it for a book without images.
  if (byId.size === 0) return [];
  // Only those the printed text shows (an image a suggestion would add is not in it).
  const text = JSON.stringify(book.document);
  return [...byId.values()]
    .filter((image) => text.includes(`/images/${image.imageId}"`))
    .map((image) => ({
      id: `image-${image.imageId}`,
      href: `images/${image.imageId}.${bookImageExtension(image.contentType)}`,
      image,
    }));
}

/**
 * Fills each chapter's image slots (tiptap-to-xhtml.ts) with its <img>, alt text included, and adds the
 * image files; a slot whose image is not there is emptied. Done after epub-gen-memory, which would fetch
 * any <img> it saw.
 */
async function placeImages(oebps: JSZip, book: ExportBook, documents: readonly SpineDocument[]): Promise<void> {
  const images = new Map(chapterImages(book).map((entry) => [entry.image.imageId, entry]));
  for (const document of documents) {
    const file = oebps.file(document.href);
    if (!file) continue;
    const xhtml = await file.async('string');
    if (!xhtml.includes('[[bw-image:')) continue;
    const filled = xhtml.replace(imageSlotPattern, (_slot, imageId: string, alt: string) => {
      const entry = images.get(imageId);
      if (!entry) return '';
      const text = singleLine(Buffer.from(alt, 'base64url').toString('utf8'));
      return `<img src="${escapeAttribute(entry.href)}" alt="${escapeAttribute(text)}" />`;
    });
    oebps.file(document.href, filled);
  }
  for (const { href, image } of images.values()) oebps.file(href, image.data);
}

function nonBlank(value: string | null): string | null {
  return value !== null && value.trim() !== '' ? value : null;
}

function sectionBody(section: Section, markersBefore: (node: TiptapNode) => number[]): string {
  // Each epub:type carries its DPUB-ARIA role, for assistive technology that reads ARIA, not epub:type.
  const open = section.kind === 'chapter' ? '<section epub:type="chapter" role="doc-chapter">' : '<section>';
  const blocks = section.nodes.map((node) => markersBefore(node).map(pageBreakMarker).join('') + renderBlocks([node]));
  return `${open}\n${blocks.join('\n')}\n</section>`;
}

/**
 * The title page. With a print pagination, the printed half-title and title pages' markers open it and the
 * copyright page's stands before the rights line (at its end when there is none).
 */
function titlePage(book: ExportBook, title: string, front: Pick<FrontMarkers, 'title' | 'copyright'>): string {
  const line = (className: string, value: string | null) => {
    const text = singleLine(value ?? '');
    return text === '' ? [] : [`<p class="${className}"${directionAttribute(text)}>${markScripts(text)}</p>`];
  };
  const markers = (pages: number[]) => (pages.length > 0 ? [pages.map(pageBreakMarker).join('')] : []);
  const rights = line('rights', book.rights);
  return [
    '<section epub:type="titlepage" class="title-page">',
    ...markers(front.title),
    `<h1 class="title"${directionAttribute(title)}>${markScripts(title)}</h1>`,
    ...line('subtitle', book.subtitle),
    ...line('author', book.author),
    ...line('publisher', book.publisher),
    ...(rights.length > 0 ? [...markers(front.copyright), ...rights] : []),
    '</section>',
    // Without a rights line, the copyright page's marker closes the title page.
    ...(rights.length > 0 ? [] : markers(front.copyright)),
  ].join('\n');
}

/**
 * The cover page. DPUB-ARIA allows doc-cover on an image only, so the role sits on the <img> (with the
 * epub:type it maps) and the body keeps the epub:type that marks the page for reading systems.
 */
function coverPage(languageCode: string, labels: EpubLabels, title: string, author: string | null): string {
  const alt = labels.coverImage(title, author === null ? null : singleLine(author));
  return xhtmlDocument({
    languageCode,
    title: labels.cover,
    bodyAttributes: ' class="cover-page" epub:type="cover"',
    body: `<section class="cover"><img src="${coverImageHref}" epub:type="cover" role="doc-cover" alt="${escapeAttribute(alt)}" /></section>`,
  });
}
