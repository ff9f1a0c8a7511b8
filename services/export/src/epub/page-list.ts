/**
 * The print edition's pages in the EPUB (EPUB Accessibility 1.1, page navigation): a page-break marker for
 * each printed page and a page list pointing at them, from the pagination the KDP interior export kept.
 * The grain is a manuscript block: a page's marker stands before the block whose first line opens the page,
 * or, when a paragraph runs over the whole top of the page, before that paragraph; a blank page's marker
 * stands with the next page's.
 */
export interface EpubPagination {
  /** For each block of `document.content`, the printed page its first line is on (0: not printed). */
  blockPages: number[];
  blankPages: number[];
  lastTextPage: number;
  /** dc:source, the print edition: its ISBN (urn:isbn:…) or a description of it. */
  source: string;
}

/** Block index → the pages whose markers stand right before that block, in page order. */
export function pageMarkers(pagination: EpubPagination): Map<number, number[]> {
  const { blockPages } = pagination;
  const printed = blockPages.flatMap((page, index) => (page > 0 ? [{ index, page }] : []));
  const markers = new Map<number, number[]>();
  const first = printed[0];
  if (!first) return markers;
  const blank = new Set(pagination.blankPages);
  let cursor = 0;
  let anchor = first.index;
  for (let page = first.page; page <= pagination.lastTextPage; page += 1) {
    // `cursor`: the first printed block on this page or later.
    while (cursor < printed.length && (printed[cursor]?.page ?? 0) < page) cursor += 1;
    const here = printed[cursor];
    let target: number | undefined;
    if (blank.has(page)) target = printed.find((b) => b.page > page)?.index;
    else if (here && here.page === page) target = here.index;
    else target = printed[cursor - 1]?.index;
    if (target === undefined) continue;
    // Markers keep the pages' order even where the grain is coarse.
    anchor = Math.max(anchor, target);
    const list = markers.get(anchor) ?? [];
    list.push(page);
    markers.set(anchor, list);
  }
  return markers;
}

/**
 * The empty inline element EPUB and DPUB-ARIA expect where a printed page begins. Closed explicitly:
 * epub-gen-memory parses chapter bodies as HTML, where `<span/>` would stay open around the text.
 */
export function pageBreakMarker(page: number): string {
  return `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${page}" aria-label="${page}"></span>`;
}
