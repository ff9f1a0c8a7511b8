import type { TiptapDocument } from '@bookwright/contracts/http';
import type { InteriorSection } from './interior-content';

/**
 * Where the print edition's pages fall in the manuscript, at the grain of a top-level block (a paragraph,
 * heading, list, quotation or break): enough for an EPUB to mark each printed page where the block that
 * holds its first line starts, without laying the book out again.
 */
export interface PrintPagination {
  /** Pages of the print edition. */
  pageCount: number;
  /** For each block of `document.content` (same index), the page its first line is printed on; 0 if never printed. */
  blockPages: number[];
  /** Pages left blank (the versos before chapter openers, the closing leaf). */
  blankPages: number[];
  /** The last page that prints manuscript text. */
  lastTextPage: number;
  /** The printed pages of the front matter (blank ones left out), in order, with what each holds. */
  frontPages: FrontPage[];
}

export interface FrontPage {
  page: number;
  kind: 'half-title' | 'title' | 'copyright' | 'contents';
}

type PageKind = 'front' | 'opener' | 'blank' | 'body';

/** Read from pdfmake's positions after layout (the first leaf of each block carries an id, so its page is right). */
export function printPagination(
  document: TiptapDocument,
  sections: InteriorSection[],
  kinds: PageKind[],
  pageCount: number,
  frontPages: FrontPage[] = [],
): PrintPagination {
  const index = new Map(document.content.map((node, i) => [node, i]));
  const blockPages = document.content.map(() => 0);
  for (const section of sections) {
    for (const { source, leaf } of section.starts) {
      const at = index.get(source);
      const page = leaf.positions?.[0]?.pageNumber ?? 0;
      if (at !== undefined && page > 0) blockPages[at] = page;
    }
  }
  const blankPages: number[] = [];
  let lastTextPage = 0;
  for (let page = 1; page <= pageCount; page += 1) {
    const kind = kinds[page] ?? 'blank';
    if (kind === 'blank' && blockPages.some((p) => p > 0 && p < page)) blankPages.push(page);
    if (kind === 'body' || kind === 'opener') lastTextPage = page;
  }
  const firstBlock = Math.min(...blockPages.filter((p) => p > 0));
  return { pageCount, blockPages, blankPages, lastTextPage, frontPages: frontPages.filter((f) => f.page < firstBlock) };
}
