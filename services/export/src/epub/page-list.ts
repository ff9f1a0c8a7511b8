/**
 * The print edition's pages in the EPUB (EPUB Accessibility 1.1, page navigation): a page-break marker for
 * each printed page and a page list pointing at them, from the pagination the KDP interior export kept.
 * The grain is a manuscript block: a page's marker stands before the block whose first line opens the page,
 * or, when a paragraph runs over the whole top of the page, before that paragraph; a blank page's marker
 * stands with the next page's. Front matter pages go to the EPUB's own front matter: the half-title and
 * title pages to its title page, the copyright page before its rights line, the contents pages to its
 * table of contents.
 */
export interface EpubPagination {
  /** For each block of `document.content`, the printed page its first line is on (0: not printed). */
  blockPages: number[];
  blankPages: number[];
  lastTextPage: number;
  /** dc:source, the print edition: its ISBN (urn:isbn:…) or a description of it. */
  source: string;
  /** The printed front matter pages (none in maps kept before they were recorded). */
  frontPages?: { page: number; kind: 'half-title' | 'title' | 'copyright' | 'contents' }[];
}

/** Where the front matter's page markers go in the EPUB: its title page, its rights line, its contents. */
export interface FrontMarkers {
  title: number[];
  copyright: number[];
  contents: number[];
}

/** The front matter pages, each with the EPUB front matter part that stands for it; blank ones join the next. */
export function frontMarkers(pagination: EpubPagination): FrontMarkers {
  const markers: FrontMarkers = { title: [], copyright: [], contents: [] };
  const front = new Map((pagination.frontPages ?? []).map((f) => [f.page, f.kind]));
  const last = Math.max(0, ...front.keys());
  let pending: number[] = [];
  for (let page = 1; page <= last; page += 1) {
    const kind = front.get(page);
    if (!kind) {
      pending.push(page);
      continue;
    }
    const part = kind === 'half-title' ? 'title' : kind;
    markers[part].push(...pending, page);
    pending = [];
  }
  return markers;
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
  // After printed front matter, its blank pages before the first chapter stand with the chapter's first.
  const lastFront = Math.max(0, ...(pagination.frontPages ?? []).map((f) => f.page));
  const from = lastFront > 0 ? Math.min(first.page, lastFront + 1) : first.page;
  for (let page = from; page <= pagination.lastTextPage; page += 1) {
    if (page < first.page) {
      markers.set(first.index, [...(markers.get(first.index) ?? []), page]);
      continue;
    }
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
