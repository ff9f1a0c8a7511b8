import { descriptionText, uniqueKeywords } from '@bookwright/contracts/text';
import type { EpubLabels } from './labels';
import { pageBreakMarker } from './page-list';
import {
  directionAttribute,
  escapeAttribute,
  escapeText,
  packageDirectionAttribute,
  singleLine,
  xhtmlDocument,
} from './xml';

/*
 * The package document (content.opf), the EPUB 3 navigation document (toc.xhtml, with landmarks) and the
 * EPUB 2 NCX, written from our own model: epub-gen-memory's versions carry a random identifier, mark the
 * cover only the EPUB 2 way, have no landmarks and hard-code the package language and rights.
 */

export interface PublicationMetadata {
  /** dc:identifier, stable across exports (see publicationIdentifier). */
  identifier: string;
  /** A further dc:identifier for the ISBN when the main one is something else; urn:isbn form. */
  isbnIdentifier: string | null;
  title: string;
  subtitle: string | null;
  author: string | null;
  languageCode: string;
  publisher: string | null;
  description: string | null;
  keywords: string[];
  rights: string | null;
  /** YYYY-MM-DD */
  date: string | null;
  modified: Date;
  /** schema:accessibilitySummary, in the language its words are written in. */
  accessibilitySummary: { text: string; languageCode: string };
  /** dc:source when the EPUB carries the print edition's page breaks (source-of pagination); else null. */
  printSource: string | null;
}

/** What an EPUB of ours claims to meet (EPUB Accessibility 1.1, §2.1), and who says so. */
export const accessibilityConformance = 'EPUB Accessibility 1.1 - WCAG 2.2 Level AA';
export const accessibilityCertifier = 'Bookwright';

/** One XHTML file of the spine. */
export interface SpineDocument {
  id: string;
  href: string;
  title: string;
  role: 'cover' | 'titlepage' | 'toc' | 'body';
}

export interface Publication {
  metadata: PublicationMetadata;
  /** In reading order; the navigation document itself is the entry with role 'toc'. */
  spine: SpineDocument[];
  cover: { href: string; mediaType: string } | null;
  /** The images inside the chapters (each named by a chapter with its alt text). */
  images?: { id: string; href: string; mediaType: string }[];
  /**
   * The print edition's pages, where their markers stand, in reading order; empty without a print
   * pagination. `front`: a page of the printed front matter (the NCX's pageTarget type).
   */
  pageList: { page: number; href: string; front?: boolean }[];
  /** Printed contents pages whose markers stand at the head of the navigation document. */
  contentsPages?: number[];
}

export const navHref = 'toc.xhtml';
export const ncxHref = 'toc.ncx';
export const styleHref = 'style.css';
const coverImageId = 'cover-image';

/** W3CDTF without fractions, as dcterms:modified requires: CCYY-MM-DDThh:mm:ssZ. */
export function modifiedTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function packageDocument(publication: Publication): string {
  const { metadata: m, spine, cover } = publication;
  const visual = cover !== null || (publication.images ?? []).length > 0;
  const text = (value: string) => escapeText(singleLine(value));
  const isbnType = (identifier: string) => {
    const digits = /^urn:isbn:(\d{9}[\dX]|\d{13})$/i.exec(identifier)?.[1];
    return digits === undefined ? undefined : digits.length === 13 ? '15' : '02';
  };
  const mainIsbnType = isbnType(m.identifier);
  const meta: string[] = [
    `<dc:identifier id="pub-id">${text(m.identifier)}</dc:identifier>`,
    ...(mainIsbnType
      ? [`<meta refines="#pub-id" property="identifier-type" scheme="onix:codelist5">${mainIsbnType}</meta>`]
      : []),
    ...(m.isbnIdentifier
      ? [
          `<dc:identifier id="isbn">${text(m.isbnIdentifier)}</dc:identifier>`,
          `<meta refines="#isbn" property="identifier-type" scheme="onix:codelist5">${isbnType(m.isbnIdentifier) ?? '15'}</meta>`,
        ]
      : []),
    `<dc:title id="title"${packageDirectionAttribute(m.title)}>${text(m.title)}</dc:title>`,
    '<meta refines="#title" property="title-type">main</meta>',
    ...(m.subtitle
      ? [
          `<dc:title id="subtitle"${packageDirectionAttribute(m.subtitle)}>${text(m.subtitle)}</dc:title>`,
          '<meta refines="#subtitle" property="title-type">subtitle</meta>',
        ]
      : []),
    ...(m.author
      ? [
          `<dc:creator id="creator"${packageDirectionAttribute(m.author)}>${text(m.author)}</dc:creator>`,
          '<meta refines="#creator" property="role" scheme="marc:relators">aut</meta>',
        ]
      : []),
    `<dc:language>${text(m.languageCode)}</dc:language>`,
    ...(m.publisher
      ? [`<dc:publisher${packageDirectionAttribute(m.publisher)}>${text(m.publisher)}</dc:publisher>`]
      : []),
    // Plain text, one paragraph or list item a line, from the one sanitiser's blocks (issue 46, decision
    // 0024): a reader or a store showing the element as text showed escaped tags.
    ...(m.description && descriptionText(m.description)
      ? [
          `<dc:description${packageDirectionAttribute(descriptionText(m.description))}>${escapeText(descriptionText(m.description))}</dc:description>`,
        ]
      : []),
    // One subject per keyword as the chips count them: "Leuchtturm" and " leuchtturm " are one subject.
    ...uniqueKeywords(m.keywords.map((keyword) => singleLine(keyword))).map(
      (keyword) => `<dc:subject${packageDirectionAttribute(keyword)}>${escapeText(keyword)}</dc:subject>`,
    ),
    ...(m.rights ? [`<dc:rights${packageDirectionAttribute(m.rights)}>${text(m.rights)}</dc:rights>`] : []),
    ...(m.date ? [`<dc:date>${text(m.date)}</dc:date>`] : []),
    // The page breaks are the print edition's (EPUB Accessibility 1.1 §4.1: identify the pagination source).
    ...(m.printSource
      ? [
          `<dc:source id="print-source">${text(m.printSource)}</dc:source>`,
          '<meta refines="#print-source" property="source-of">pagination</meta>',
        ]
      : []),
    `<meta property="dcterms:modified">${modifiedTimestamp(m.modified)}</meta>`,
    // Accessibility (schema.org, EPUB Accessibility 1.1): text with a navigable structure.
    '<meta property="schema:accessMode">textual</meta>',
    ...(visual ? ['<meta property="schema:accessMode">visual</meta>'] : []),
    '<meta property="schema:accessModeSufficient">textual</meta>',
    '<meta property="schema:accessibilityFeature">structuralNavigation</meta>',
    '<meta property="schema:accessibilityFeature">tableOfContents</meta>',
    '<meta property="schema:accessibilityFeature">readingOrder</meta>',
    ...(visual ? ['<meta property="schema:accessibilityFeature">alternativeText</meta>'] : []),
    ...(m.printSource && publication.pageList.length > 0
      ? [
          '<meta property="schema:accessibilityFeature">pageBreakMarkers</meta>',
          '<meta property="schema:accessibilityFeature">pageNavigation</meta>',
        ]
      : []),
    '<meta property="schema:accessibilityHazard">none</meta>',
    `<meta property="schema:accessibilitySummary" xml:lang="${escapeAttribute(m.accessibilitySummary.languageCode)}">${text(m.accessibilitySummary.text)}</meta>`,
    // a11y: is a reserved prefix (EPUB 3.2 and 3.3), so the package declares none.
    `<meta property="dcterms:conformsTo">${escapeText(accessibilityConformance)}</meta>`,
    `<meta property="a11y:certifiedBy">${escapeText(accessibilityCertifier)}</meta>`,
    // EPUB 2 readers (and Kindle's converter) find the cover image through this.
    ...(cover ? [`<meta name="cover" content="${coverImageId}" />`] : []),
  ];

  const manifest = manifestItems(publication);

  const itemrefs = spine.map((doc) => `<itemref idref="${doc.id}" />`);
  const lang = escapeAttribute(m.languageCode);
  const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id" xml:lang="${lang}">`,
    '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">',
    indent(meta),
    '  </metadata>',
    '  <manifest>',
    indent(manifest),
    '  </manifest>',
    '  <spine toc="ncx">',
    indent(itemrefs),
    '  </spine>',
    '</package>',
    '',
  ].join('\n');
}

/** The package's files: its documents, the NCX, the stylesheet, the cover and the chapters' images. */
function manifestItems(publication: Publication): string[] {
  const { spine, cover } = publication;
  const pictures = publication.images ?? [];
  return [
    ...spine.map((doc) =>
      doc.role === 'toc'
        ? `<item id="${doc.id}" href="${escapeAttribute(doc.href)}" media-type="application/xhtml+xml" properties="nav" />`
        : `<item id="${doc.id}" href="${escapeAttribute(doc.href)}" media-type="application/xhtml+xml" />`,
    ),
    `<item id="ncx" href="${ncxHref}" media-type="application/x-dtbncx+xml" />`,
    `<item id="style" href="${styleHref}" media-type="text/css" />`,
    ...(cover
      ? [
          `<item id="${coverImageId}" href="${escapeAttribute(cover.href)}" media-type="${escapeAttribute(cover.mediaType)}" properties="cover-image" />`,
        ]
      : []),
    ...pictures.map(
      (image) =>
        `<item id="${escapeAttribute(image.id)}" href="${escapeAttribute(image.href)}" media-type="${escapeAttribute(image.mediaType)}" />`,
    ),
  ];
}

/** toc.xhtml: the table of contents and the landmarks (cover, table of contents, start of the text). */
export function navigationDocument(publication: Publication, labels: EpubLabels): string {
  const body = publication.spine.filter((doc) => doc.role === 'body');
  const cover = publication.spine.find((doc) => doc.role === 'cover');
  const link = (doc: SpineDocument, epubType?: string) =>
    `<a href="${escapeAttribute(doc.href)}"${epubType ? ` epub:type="${epubType}"` : ''}${directionAttribute(doc.title)}>${escapeText(singleLine(doc.title))}</a>`;
  const landmark = (href: string, epubType: string, label: string) =>
    `<li><a epub:type="${epubType}" href="${escapeAttribute(href)}">${escapeText(label)}</a></li>`;
  const firstBody = body[0];
  const html = [
    ...(publication.contentsPages ?? []).map(pageBreakMarker),
    '<nav epub:type="toc" role="doc-toc" id="toc">',
    `<h1>${escapeText(labels.contents)}</h1>`,
    '<ol>',
    ...body.map((doc) => `<li>${link(doc)}</li>`),
    '</ol>',
    '</nav>',
    '<nav epub:type="landmarks" id="landmarks" hidden="hidden">',
    `<h2>${escapeText(labels.landmarks)}</h2>`,
    '<ol>',
    ...(cover ? [landmark(cover.href, 'cover', labels.cover)] : []),
    landmark(`${navHref}#toc`, 'toc', labels.contents),
    ...(firstBody ? [landmark(firstBody.href, 'bodymatter', labels.beginning)] : []),
    '</ol>',
    '</nav>',
    ...(publication.pageList.length > 0
      ? [
          '<nav epub:type="page-list" role="doc-pagelist" id="page-list" hidden="hidden">',
          `<h2>${escapeText(labels.pages)}</h2>`,
          '<ol>',
          ...publication.pageList.map(({ page, href }) => `<li><a href="${escapeAttribute(href)}">${page}</a></li>`),
          '</ol>',
          '</nav>',
        ]
      : []),
  ].join('\n');
  return xhtmlDocument({
    languageCode: publication.metadata.languageCode,
    title: labels.contents,
    body: html,
    bodyAttributes: ' epub:type="frontmatter"',
  });
}

/**
 * toc.ncx for EPUB 2 reading systems; its uid is the package's identifier. With a print pagination it
 * carries the same pages as the navigation document's page-list, as a pageList. Every target gets its
 * place in reading order as its playOrder (the NCX wants one number per distinct target).
 */
export function ncxDocument(publication: Publication, labels: Pick<EpubLabels, 'pages'>): string {
  const body = publication.spine.filter((doc) => doc.role === 'body');
  const fileOf = (href: string) => href.replace(/#.*$/, '');
  const spineIndex = new Map(publication.spine.map((doc, index) => [doc.href, index]));
  const targets = [
    ...body.map((doc) => ({ href: doc.href, at: 0 })),
    ...publication.pageList.map(({ href }, index) => ({ href, at: index + 1 })),
  ].sort((a, b) => (spineIndex.get(fileOf(a.href)) ?? 0) - (spineIndex.get(fileOf(b.href)) ?? 0) || a.at - b.at);
  const playOrder = new Map<string, number>();
  for (const { href } of targets) if (!playOrder.has(href)) playOrder.set(href, playOrder.size + 1);
  const points = body.map((doc, index) =>
    [
      `    <navPoint id="nav-${index + 1}" playOrder="${playOrder.get(doc.href) ?? index + 1}">`,
      `      <navLabel><text>${escapeText(singleLine(doc.title))}</text></navLabel>`,
      `      <content src="${escapeAttribute(doc.href)}" />`,
      '    </navPoint>',
    ].join('\n'),
  );
  const pages = publication.pageList.map(({ page, href, front }) =>
    [
      `    <pageTarget id="page-target-${page}" type="${front ? 'front' : 'normal'}" value="${page}" playOrder="${playOrder.get(href) ?? 0}">`,
      `      <navLabel><text>${page}</text></navLabel>`,
      `      <content src="${escapeAttribute(href)}" />`,
      '    </pageTarget>',
    ].join('\n'),
  );
  const maxPage = Math.max(0, ...publication.pageList.map((p) => p.page));
  const m = publication.metadata;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${escapeAttribute(m.languageCode)}">`,
    '  <head>',
    `    <meta name="dtb:uid" content="${escapeAttribute(singleLine(m.identifier))}" />`,
    '    <meta name="dtb:depth" content="1" />',
    `    <meta name="dtb:totalPageCount" content="${publication.pageList.length}" />`,
    `    <meta name="dtb:maxPageNumber" content="${maxPage}" />`,
    '  </head>',
    `  <docTitle><text>${escapeText(singleLine(m.title))}</text></docTitle>`,
    ...(m.author ? [`  <docAuthor><text>${escapeText(singleLine(m.author))}</text></docAuthor>`] : []),
    '  <navMap>',
    ...points,
    '  </navMap>',
    ...(pages.length > 0
      ? ['  <pageList>', `    <navLabel><text>${escapeText(labels.pages)}</text></navLabel>`, ...pages, '  </pageList>']
      : []),
    '</ncx>',
    '',
  ].join('\n');
}
