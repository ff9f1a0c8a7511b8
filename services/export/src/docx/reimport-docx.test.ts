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
  ImageRun,
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
import { encodeBookImage } from '@bookwright/kit/images';
import { photo } from '@bookwright/kit/images/testing';
import { imageDropReasonOf, imageDropReasons } from '../import/images/imported-images';
import { typesetExportBook } from '../pdf/testing/books';
import { renderDocx } from './render-docx';
import { reimportDocx, type ReimportOptions } from './reimport-docx';
import type { StoreAddedImage } from './reimported-images';

/** The book service's book.image.store in small: the one gate and encoding, under book-1. */
const storeUnderBook: StoreAddedImage = async (bytes) => {
  try {
    return { src: bookImageUrl('book-1', (await encodeBookImage(bytes)).imageId) };
  } catch (error) {
    const reason = imageDropReasonOf(error);
    if (reason === null) throw error;
    return reason;
  }
};

const options = (stored: TiptapDocument, extra: Partial<ReimportOptions> = {}): ReimportOptions => ({
  fileName: 'edited.docx',
  language: 'english',
  stored,
  people: { 'user-ada': 'Ada Example' },
  threads: [],
  importer: 'Ada Example',
  storeImage: storeUnderBook,
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

/** The image nodes of a document, in order, wherever they stand. */
function images(document: TiptapDocument): TiptapNode[] {
  const found: TiptapNode[] = [];
  const visit = (node: TiptapNode) => (node.type === 'image' ? found.push(node) : node.content?.forEach(visit));
  document.content.forEach(visit);
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

  it('keeps the book’s images, in their place with their alt text, without storing them again', async () => {
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
    const stores: Buffer[] = [];
    const back = await reimportDocx(
      Buffer.from(file.data),
      options(withImage, { storeImage: (bytes) => (stores.push(bytes), storeUnderBook(bytes)) }),
    );
    expect(images(back.document).map((node) => node.attrs)).toEqual([image.attrs]);
    expect(back.report.kept).toContainEqual({ kind: 'images', count: 1 });
    expect(stores).toEqual([]);

    // The same file read into a book that does not hold the picture: it is new to that book, and stored.
    const elsewhere = await reimportDocx(Buffer.from(file.data), options(book.document));
    expect(images(elsewhere.document).map((node) => node.attrs)).toEqual([
      { ...image.attrs, src: bookImageUrl('book-1', (await encodeBookImage(data)).imageId) },
    ]);
    expect(elsewhere.report.dropped).toEqual([]);
    expect(chapterTexts(elsewhere.document)).toEqual(chapterTexts(back.document));
  });

  it('stores the pictures an editor added in Word; names each one refused, with its chapter and reason', async () => {
    const png = await photo(120, 80, 'png');
    const jpeg = await photo(90, 90, 'jpeg');
    // A GIF: the docx package writes it as Word would; the book holds only PNG, JPEG and WebP.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const picture = (data: Buffer, type: 'png' | 'jpg' | 'gif', description?: string) =>
      new Paragraph({
        children: [
          new ImageRun({
            type,
            data,
            transformation: { width: 120, height: 80 },
            ...(description ? { altText: { name: 'Picture', description, title: description } } : {}),
          }),
        ],
      });
    const file = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Chapter 1: The Harbour')] }),
              new Paragraph({ children: [new TextRun('The boats came in at noon, heavy with the catch.')] }),
              picture(png, 'png', 'The harbour at noon'),
              new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Chapter 2: The Storm')] }),
              new Paragraph({ children: [new TextRun('By evening the wind had turned.')] }),
              // In a list item, after its text: the item keeps both.
              new Paragraph({
                bullet: { level: 0 },
                children: [
                  new TextRun('A gull on the mast'),
                  new ImageRun({ type: 'jpg', data: jpeg, transformation: { width: 30, height: 30 } }),
                ],
              }),
              picture(gif, 'gif', 'A spinning gull'),
              // The same picture twice is stored once.
              picture(png, 'png', 'The harbour again'),
            ],
          },
        ],
      }),
    );
    const stores: Buffer[] = [];
    const back = await reimportDocx(
      file,
      options(book.document, { storeImage: (bytes) => (stores.push(bytes), storeUnderBook(bytes)) }),
    );
    const kept = images(back.document);
    const pngSrc = bookImageUrl('book-1', (await encodeBookImage(png)).imageId);
    expect(kept.map((node) => [node.attrs?.['alt'], node.attrs?.['src']])).toEqual([
      ['The harbour at noon', pngSrc],
      [null, bookImageUrl('book-1', (await encodeBookImage(jpeg)).imageId)],
      ['The harbour again', pngSrc],
    ]);
    expect(stores).toEqual([png, jpeg, gif]);
    expect(back.report.kept).toContainEqual({ kind: 'images', count: 3 });
    expect(back.document.content.find((node) => node.type === 'bulletList')?.content).toEqual([
      {
        type: 'listItem',
        content: [
          { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'A gull on the mast' }] },
          kept[1],
        ],
      },
    ]);
    expect(back.report.dropped).toEqual([
      {
        kind: 'images',
        count: 1,
        reasons: [`“A spinning gull” in “Chapter 2: The Storm”: ${imageDropReasons.format}`],
      },
    ]);
  });

  it('names a picture over 10 MB (never inflated) and a linked one', async () => {
    const exported = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Chapter 1: Big')] }),
              new Paragraph({ children: [new TextRun('A chapter with a very large picture in it.')] }),
              new Paragraph({
                children: [
                  new ImageRun({
                    type: 'png',
                    data: await photo(10, 10, 'png'),
                    transformation: { width: 10, height: 10 },
                  }),
                ],
              }),
            ],
          },
        ],
      }),
    );
    const zip = await JSZip.loadAsync(exported);
    const media = Object.keys(zip.files).find((name) => /^word\/media\/.+/.test(name))!;
    // Over the limit, in the zip as Word would keep it (it compresses to almost nothing).
    zip.file(media, Buffer.alloc(10 * 1024 * 1024 + 1));
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    const documentXml = await zip.file('word/document.xml')!.async('string');
    const embed = /r:embed="([^"]+)"/.exec(documentXml)![1]!;
    const linked = documentXml.replace(
      /(<w:p>(?:(?!<w:p>).)*?r:embed=")[^"]+("(?:(?!<w:p>).)*?<\/w:p>)/s,
      (paragraph) => `${paragraph}${paragraph.replace(embed, 'rIdLinked')}`,
    );
    zip.file('word/document.xml', linked);
    zip.file(
      'word/_rels/document.xml.rels',
      rels.replace(
        '</Relationships>',
        '<Relationship Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///C:/pictures/map.png" TargetMode="External"/></Relationships>',
      ),
    );
    const stores: Buffer[] = [];
    const back = await reimportDocx(
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      options(book.document, { storeImage: (bytes) => (stores.push(bytes), storeUnderBook(bytes)) }),
    );
    expect(stores).toEqual([]);
    expect(images(back.document)).toEqual([]);
    expect(back.report.dropped).toEqual([
      {
        kind: 'images',
        count: 2,
        reasons: [
          `${media.slice('word/media/'.length)} in “Chapter 1: Big”: ${imageDropReasons.tooLarge}`,
          `A picture in “Chapter 1: Big”: ${imageDropReasons.missing}`,
        ],
      },
    ]);
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
