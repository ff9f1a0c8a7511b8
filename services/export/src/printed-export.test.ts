import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportFileName, type TiptapNode } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { trickyBook, buildDocument } from './testing/books';
import { openEpub, visibleText } from './testing/epub-files';
import { startExportWorld, type ExportTestWorld } from './testing/harness';
import { paragraph, text } from './testing/tiptap-nodes';
import { missingTools, pdfPageTexts } from './pdf/testing/poppler';

// Service tests: the real export service and renderers, a manuscript under review (issue 44). Every
// export prints the manuscript's printed form: open suggestions rejected, comment anchors out.

const missingPdfTools = missingTools(['pdftotext']);
const skipPdfTools = missingPdfTools.length > 0 && !process.env.CI;
if (skipPdfTools) console.warn(`\n\n!!! ${missingPdfTools.join(', ')} missing: the PDF's text is NOT checked !!!\n\n`);

const owner = 'user-1';
let world: ExportTestWorld;

const comment = (commentId: string) => ({ type: 'comment', attrs: { commentId } });

/** Words no sample text has: a suggested insertion (twice), a suggested deletion, commented text. */
const inserted = ['Quillfeather', 'Inkwellspur'];
const deleted = 'Marrowgate';
const commented = 'Lanternlight';
const insertedPassage = `${inserted[1]} `.repeat(3_000).trim();

/** The sample manuscript with suggestions and comments in its first chapter: 3 open suggestions. */
function reviewedDocument() {
  const document = buildDocument({ paragraphs: 60 });
  const review: TiptapNode[] = [
    paragraph(
      text('Ravens ', [comment('c-1')]),
      text(`${inserted[0]} `, [{ type: 'insertion', attrs: { id: 1 } }, comment('c-1')]),
      text('circle.'),
    ),
    paragraph(text(deleted, [{ type: 'deletion', attrs: { id: 2 } }])),
    paragraph(text(commented, [comment('c-2'), comment('c-3')])),
    {
      type: 'paragraph',
      marks: [{ type: 'insertion', attrs: { id: 'r-3' } }],
      // Long enough to be pages of its own, were it counted.
      content: [text(insertedPassage, [{ type: 'insertion', attrs: { id: 'r-3' } }])],
    },
  ];
  // After the first chapter's heading.
  const at = document.content.findIndex((node) => node.type === 'heading') + 1;
  document.content.splice(at, 0, ...review);
  return document;
}

const render = (request: { format: 'epub' } | { format: 'pdf'; exportType?: 'interior' }) =>
  world.bus.request(requests.export.render, { userId: owner, bookId: 'book-1', request }, { timeoutMs: 240_000 });

/** What a printed file must show of the review: the deleted and commented text, nothing else of it. */
function expectPrinted(body: string) {
  expect(body).toContain(deleted);
  expect(body).toContain(commented);
  expect(body).toContain('Ravens');
  for (const word of inserted) expect(body).not.toContain(word);
}

describe('an export of a manuscript under review', () => {
  beforeEach(async () => {
    world = await startExportWorld();
    world.books.add(owner, trickyBook({ bookContent: JSON.stringify(reviewedDocument()) }));
  });

  afterEach(async () => {
    await world.stop();
  });

  it('makes an EPUB without the suggested text or any comment anchor, keeping the text suggested out', async () => {
    const result = await render({ format: 'epub' });
    expect(result.openSuggestions).toBe(3);
    const epub = await openEpub(new Uint8Array((await world.blobs.get(result.blobKey))!.data));
    const xhtml = epub.names.filter((name) => name.endsWith('.xhtml'));
    const texts = await Promise.all(xhtml.map((name) => epub.text(name)));
    expectPrinted(visibleText(texts.join('\n')));
    const all = await epub.allText();
    for (const left of ['comment-anchor', 'data-comment-id', '<ins', '<del', 'data-mod-type', 'c-1']) {
      expect(all).not.toContain(left);
    }
  });

  it.skipIf(skipPdfTools)(
    'makes a print PDF without the suggested text, keeping the text suggested out',
    async () => {
      const result = await render({ format: 'pdf', exportType: 'interior' });
      expect(result.fileName).toBe(exportFileName(trickyBook().title, 'pdf', 'interior'));
      expect(result.openSuggestions).toBe(3);
      const pdf = new Uint8Array((await world.blobs.get(result.blobKey))!.data);
      expectPrinted(pdfPageTexts(pdf).join('\n').replace(/\s+/g, ' '));
    },
    300_000,
  );

  it('counts the open suggestions and estimates the pages of the printed form', async () => {
    const validation = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-1',
      request: { format: 'epub' },
    });
    expect(validation.openSuggestions).toBe(3);
    // The same manuscript with every suggestion rejected by hand estimates the same pages.
    world.books.add(owner, trickyBook({ _id: 'book-2', bookContent: JSON.stringify(printedByHand()) }));
    const plain = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-2',
      request: { format: 'epub' },
    });
    expect(plain.openSuggestions).toBe(0);
    expect(validation.pageCount).toBe(plain.pageCount);
    // Had the suggested passage been counted, the estimate would have grown by its pages.
    const accepted = printedByHand();
    accepted.content.push(paragraph(text(insertedPassage)));
    world.books.add(owner, trickyBook({ _id: 'book-3', bookContent: JSON.stringify(accepted) }));
    const longer = await world.bus.request(requests.export.validate, {
      userId: owner,
      bookId: 'book-3',
      request: { format: 'epub' },
    });
    expect(longer.pageCount).toBeGreaterThan(plain.pageCount);
  });
});

/** reviewedDocument as it prints: the inserted words and paragraph gone, no marks of the review. */
function printedByHand() {
  const document = buildDocument({ paragraphs: 60 });
  const at = document.content.findIndex((node) => node.type === 'heading') + 1;
  document.content.splice(
    at,
    0,
    paragraph(text('Ravens circle.')),
    paragraph(text(deleted)),
    paragraph(text(commented)),
  );
  return document;
}
