import {
  chapterNodes,
  chaptersOf,
  comparableText,
  documentText,
  type CommentThread,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { printedManuscript, suggestionAuthor } from '@bookwright/manuscript';
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  HeadingLevel,
  InsertedTextRun,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import fc from 'fast-check';
import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookImageUrl } from '@bookwright/contracts/http';
import { photo } from '@bookwright/kit/images/testing';
import { typesetExportBook } from '../pdf/testing/books';
import { renderDocx } from './render-docx';
import { reimportDocx, type ReimportOptions } from './reimport-docx';

const options = (stored: TiptapDocument, extra: Partial<ReimportOptions> = {}): ReimportOptions => ({
  fileName: 'edited.docx',
  language: 'english',
  stored,
  people: { 'user-ada': 'Ada Example' },
  threads: [],
  importer: 'Ada Example',
  ...extra,
});

/** Each chapter's title and text as the anchors compare it (no whitespace). */
const chapterTexts = (document: TiptapDocument) =>
  chaptersOf(document).map((chapter) => comparableText(documentText({ type: 'doc', content: chapterNodes(chapter) })));

function marksOn(document: TiptapDocument, type: string): { text: string; attrs: Record<string, unknown> }[] {
  const found: { text: string; attrs: Record<string, unknown> }[] = [];
  const visit = (node: TiptapNode) => {
    for (const mark of (node.marks ?? []) as { type: string; attrs?: Record<string, unknown> }[])
      if (mark.type === type) found.push({ text: node.text ?? '', attrs: mark.attrs ?? {} });
    for (const child of node.content ?? []) visit(child);
  };
  visit(document);
  return found;
}

describe('Bookwright → .docx → Bookwright', () => {
  const book = typesetExportBook({}, { chapters: 4, wordsPerChapter: 400, richFirstChapter: true });

  it.each(['manuscript', 'book'] as const)('keeps every chapter’s text (%s layout)', async (layout) => {
    const file = await renderDocx(book, {
      layout,
      review: { people: {}, comments: [], fallbackDate: '2026-01-01T00:00:00Z' },
      printed: { words: 1_600, characters: 9_000 },
      contact: null,
    });
    const back = await reimportDocx(Buffer.from(file.data), options(book.document));
    // Task boxes are written as ☐/☑ before their text; everything else reads back as it was.
    const strip = (texts: string[]) => texts.map((t) => t.replace(/[☐☑]/g, ''));
    expect(strip(chapterTexts(back.document))).toEqual(strip(chapterTexts(book.document)));
    expect(back.report.chapters.map((c) => c.title)).toEqual(
      chaptersOf(book.document).map((c) => documentText(c.heading!)),
    );
    expect(marksOn(back.document, 'italic').length).toBeGreaterThan(0);
    expect(marksOn(back.document, 'smallCaps').map((mark) => mark.text)).toEqual(
      marksOn(book.document, 'smallCaps').map((mark) => mark.text),
    );
    const zip = await JSZip.loadAsync(file.data);
    expect(await zip.file('word/document.xml')?.async('string')).toContain('<w:smallCaps/>');
  });

  it('keeps the book’s images, in their place with their alt text; a picture that is not the book’s is dropped', async () => {
    const data = await photo(90, 60, 'png');
    const imageId = createHash('sha256').update(data).digest('hex').slice(0, 32);
    const src = bookImageUrl('book-1', imageId);
    const image = { type: 'image', attrs: { src, alt: 'The valley under snow', width: null } };
    const [first, ...rest] = book.document.content;
    const withImage = { ...book.document, content: [first!, image, ...rest] };
    const file = await renderDocx(
      {
        ...book,
        document: withImage,
        images: { [src]: { imageId, data, contentType: 'image/png', widthPx: 90, heightPx: 60 } },
      },
      {
        layout: 'manuscript',
        review: { people: {}, comments: [], fallbackDate: '2026-01-01T00:00:00Z' },
        printed: { words: 1_600, characters: 9_000 },
        contact: null,
      },
    );
    const images = (document: TiptapDocument) => {
      const found: TiptapNode[] = [];
      const visit = (node: TiptapNode) => (node.type === 'image' ? found.push(node) : node.content?.forEach(visit));
      document.content.forEach(visit);
      return found;
    };
    const back = await reimportDocx(Buffer.from(file.data), options(withImage));
    expect(images(back.document).map((node) => node.attrs)).toEqual([image.attrs]);
    expect(back.report.kept).toContainEqual({ kind: 'images', count: 1 });

    // The same file read into a book that does not hold the picture: it is left out and counted.
    const elsewhere = await reimportDocx(Buffer.from(file.data), options(book.document));
    expect(images(elsewhere.document)).toEqual([]);
    expect(elsewhere.report.dropped).toContainEqual(expect.objectContaining({ kind: 'images', count: 1 }));
    expect(chapterTexts(elsewhere.document)).toEqual(chapterTexts(back.document));
  });

  it('keeps a book’s open suggestions and comments through the round trip', async () => {
    const at = Date.parse('2026-11-20T10:00:00Z').toString(36);
    const stored: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1: The Letter' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The keeper lit the lantern' },
            { type: 'text', text: ' at dusk', marks: [{ type: 'insertion', attrs: { id: `user-ada~${at}~aaaaaa` } }] },
            { type: 'text', text: ' again.' },
          ],
        },
      ],
    };
    const thread: CommentThread = {
      id: 't-1',
      author: { id: 'user-ada', name: 'Ada Example' },
      body: 'Which lantern?',
      anchor: { chapter: 1, quote: 'lantern' },
      createdAt: '2026-11-22T08:00:00.000Z',
      resolved: false,
      onDeletedText: false,
      replies: [],
    };
    const file = await renderDocx(
      { ...book, document: stored },
      {
        layout: 'manuscript',
        review: { people: { 'user-ada': 'Ada Example' }, comments: [thread], fallbackDate: '2026-01-01T00:00:00Z' },
        printed: { words: 8, characters: 40 },
        contact: null,
      },
    );
    const back = await reimportDocx(Buffer.from(file.data), options(stored, { threads: [thread] }));
    const inserted = marksOn(back.document, 'insertion');
    expect(inserted.map((m) => m.text)).toEqual([' at dusk']);
    expect(suggestionAuthor(inserted[0]?.attrs.id)).toMatchObject({ kind: 'member', userId: 'user-ada' });
    // The thread the book has is not opened a second time.
    expect(back.comments).toEqual([]);
  });
});

describe('a .docx with comments and tracked changes made by the docx package', () => {
  async function editedByWord(): Promise<Buffer> {
    const change = { author: 'Jane Editor', date: '2026-11-24T15:30:00Z' };
    const document = new Document({
      comments: {
        children: [
          {
            id: 0,
            author: 'Jane Editor',
            date: new Date('2026-11-24T16:00:00Z'),
            children: [new Paragraph('Too quiet here.')],
          },
          {
            id: 1,
            author: 'Ada Example',
            date: new Date('2026-11-24T17:00:00Z'),
            parentId: 0,
            children: [new Paragraph('Agreed, I will add a gull.')],
          },
        ],
      },
      sections: [
        {
          children: [
            new Paragraph({ text: 'A Title Page', alignment: 'center' }),
            new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Chapter 1: The Letter' }),
            new Paragraph({
              children: [
                new TextRun('The keeper lit the lantern'),
                new InsertedTextRun({ text: ' slowly', id: 1, ...change }),
                new TextRun(' and waited.'),
              ],
            }),
            new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Chapter 2: The Harbour' }),
            new Paragraph({
              children: [
                new TextRun('Boats rocked in '),
                new CommentRangeStart(0),
                new CommentRangeStart(1),
                new TextRun('the grey water'),
                new CommentRangeEnd(0),
                new TextRun({ children: [new CommentReference(0)] }),
                new CommentRangeEnd(1),
                new TextRun({ children: [new CommentReference(1)] }),
                new DeletedTextRun({ text: ' all night', id: 2, ...change }),
                new TextRun('.'),
              ],
            }),
          ],
        },
      ],
    });
    return Packer.toBuffer(document);
  }

  const stored: TiptapDocument = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1: The Letter' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'The keeper lit the lantern and waited.' }] },
    ],
  };

  it('comes back as suggestions by the Word author, and a comment on the right text', async () => {
    const back = await reimportDocx(await editedByWord(), options(stored));
    const inserted = marksOn(back.document, 'insertion');
    const deleted = marksOn(back.document, 'deletion');
    expect(inserted.map((m) => m.text)).toEqual([' slowly']);
    expect(deleted.map((m) => m.text)).toEqual([' all night']);
    expect(suggestionAuthor(inserted[0]?.attrs.id)).toEqual({
      kind: 'outside',
      name: 'Jane Editor',
      at: Date.parse('2026-11-24T15:30:00Z'),
    });
    expect(back.comments).toHaveLength(2);
    expect(back.comments[0]?.anchor).toMatchObject({ chapter: 2, quote: 'the grey water' });
    expect(back.comments[0]?.body).toBe('Jane Editor (in Word, 2026-11-24): Too quiet here.');
    // Ada's reply in Word is hers (she imports) and answers Jane's comment.
    expect(back.comments[1]).toMatchObject({
      body: 'Agreed, I will add a gull.',
      replyTo: { markId: back.comments[0]?.markId },
    });
    // The title page before the first chapter is not a chapter.
    expect(back.report.chapters.map((c) => c.title)).toEqual(['Chapter 1: The Letter', 'Chapter 2: The Harbour']);
    expect(back.report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'comments', count: 2 },
        { kind: 'tracked-changes', count: 2 },
      ]),
    );
    // Printed (every suggestion rejected), the text is the one before Jane's edits.
    expect(documentText(printedManuscript(back.document))).toContain('The keeper lit the lantern and waited.');
    expect(documentText(printedManuscript(back.document))).toContain('Boats rocked in the grey water all night.');
  });

  it('refuses anything but a Word file, and never throws anything but a 4xx for random bytes', async () => {
    await expect(
      reimportDocx(Buffer.from('# Chapter 1\n\nText'), options(stored, { fileName: 'a.md' })),
    ).rejects.toMatchObject({
      status: 415,
    });
    const epub = new JSZip();
    epub.file('mimetype', 'application/epub+zip');
    epub.file('META-INF/container.xml', '<container/>');
    const epubBytes = await epub.generateAsync({ type: 'nodebuffer' });
    await expect(reimportDocx(epubBytes, options(stored, { fileName: 'a.epub' }))).rejects.toMatchObject({
      status: 415,
    });
    const valid = await editedByWord();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), fc.nat(valid.length), async (noise, cut) => {
        for (const bytes of [Buffer.from(noise), valid.subarray(0, cut)]) {
          const outcome = await reimportDocx(bytes, options(stored)).then(
            () => 'ok',
            (error: { status?: number }) => error.status,
          );
          expect(outcome === 'ok' || (typeof outcome === 'number' && outcome >= 400 && outcome < 500)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
