import { readFile } from 'node:fs/promises';
import {
  AlignmentType,
  Document,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import { describe, expect, it } from 'vitest';
import { bookImageMaxBytes, parseImportedImageSrc, type TiptapNode } from '@bookwright/contracts/http';
import { sniffFormat } from '@bookwright/kit/images';
import { importManuscript } from '.';
import { imageDropReasons } from './images/imported-images';

/*
 * Images inside chapters (issue 46): a .docx and an EPUB made by pandoc from images-book.md (a map and two
 * "photos", each with its alt text; fixtures/make-fixtures.sh), and Word files made here with an image
 * over the limit and one that is no image at all.
 */

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

const imagesOf = (nodes: readonly TiptapNode[]): TiptapNode[] =>
  nodes.flatMap((node) => (node.type === 'image' ? [node] : imagesOf(node.content ?? [])));

const alts = [
  'A hand-drawn map of the valley, the river winding from west to east',
  'The evening sky with a low sun',
  'The lighthouse above the dark sea',
];

describe.each(['images-book.docx', 'images-book.epub'])('the pandoc book with three images as %s', (name) => {
  it('keeps each image in its chapter, in order, with its alt text, and the image files themselves', async () => {
    const { document, report, images } = await importManuscript(await fixture(name), {
      fileName: name,
      language: 'english',
    });
    const nodes = imagesOf(document.content);
    expect(nodes.map((node) => node.attrs?.['alt'])).toEqual(alts);
    // In the chapter the text puts them in: the map in chapter one, the two photos in chapter two.
    const chapterTwo = document.content.findIndex(
      (node) => node.type === 'heading' && /Two/.test(JSON.stringify(node)),
    );
    expect(imagesOf(document.content.slice(0, chapterTwo))).toHaveLength(1);
    const ids = nodes.map((node) => parseImportedImageSrc(String(node.attrs?.['src'])));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(images.map((image) => image.imageId).sort()).toEqual([...new Set(ids)].sort());
    for (const image of images) {
      expect(image.contentType).toBe('image/png');
      expect(sniffFormat(image.data)).toBe('png');
    }
    expect(report.kept).toContainEqual({ kind: 'images', count: 3 });
    expect(report.dropped.find((entry) => entry.kind === 'images')).toBeUndefined();
  });
});

/** A Word file (written by the docx package) with a chapter, a paragraph and the given pictures. */
async function wordWithPictures(pictures: Buffer[]): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Chapter One' }),
          new Paragraph({ text: 'The text goes on, whatever the pictures are.' }),
          ...pictures.map(
            (data) =>
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new ImageRun({ type: 'png', data, transformation: { width: 10, height: 10 } })],
              }),
          ),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

describe('images an import cannot keep', () => {
  it('drops an image over the 10 MB limit without inflating it, says why, and still imports the book', async () => {
    const png = await fixture('images-map.png');
    // A PNG signature and then zeros: tiny in the zip, over the limit unpacked.
    const oversize = Buffer.concat([png.subarray(0, 8), Buffer.alloc(bookImageMaxBytes + 1)]);
    const { document, report, images } = await importManuscript(await wordWithPictures([oversize, png]), {
      fileName: 'pictures.docx',
      language: 'english',
    });
    expect(imagesOf(document.content)).toHaveLength(1);
    expect(images).toHaveLength(1);
    expect(report.chapters.map((chapter) => chapter.title)).toEqual(['Chapter One']);
    expect(report.dropped).toContainEqual({ kind: 'images', count: 1, reasons: [imageDropReasons.tooLarge] });
    expect(report.kept).toContainEqual({ kind: 'images', count: 1 });
  });

  it('drops a picture that is not a PNG, JPEG or WebP, with its reason', async () => {
    const notAnImage = Buffer.from('GIF89a, or rather not even that', 'latin1');
    const { document, report } = await importManuscript(await wordWithPictures([notAnImage]), {
      fileName: 'pictures.docx',
      language: 'english',
    });
    expect(imagesOf(document.content)).toHaveLength(0);
    expect(report.dropped).toContainEqual({ kind: 'images', count: 1, reasons: [imageDropReasons.format] });
  });
});

describe('images of a Markdown file', () => {
  it('keeps the images the file holds as data: URIs, in their place, and names the linked ones it drops', async () => {
    const map = (await fixture('images-map.png')).toString('base64');
    // Percent-encoded, every byte.
    const sky = [...(await fixture('images-sky.png'))].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    const markdown = [
      '# Chapter One',
      '',
      `The valley lay quiet. ![The old map](data:image/png;base64,${map}) They walked until the light went.`,
      '',
      `![The evening sky](data:image/png,${sky})`,
      '',
      'From the web: ![A harbour](https://example.com/harbour.png) and from a folder: ![A boat](images/boat.png)',
      '',
      'A note holds no picture.[^1]',
      '',
      `[^1]: See ![the map again](data:image/png;base64,${map}) there.`,
      '',
    ].join('\n');
    const { document, report, images } = await importManuscript(Buffer.from(markdown), {
      fileName: 'valley.md',
      language: 'english',
    });
    const nodes = imagesOf(document.content);
    expect(nodes.map((node) => node.attrs?.['alt'])).toEqual(['The old map', 'The evening sky']);
    expect(images.map((image) => image.contentType)).toEqual(['image/png', 'image/png']);
    expect(images.map((image) => image.imageId).sort()).toEqual(
      nodes.map((node) => parseImportedImageSrc(String(node.attrs?.['src']))).sort(),
    );
    // The paragraph is split around its image: the text before, the map, the text after.
    const texts = JSON.stringify(document.content);
    expect(texts).toContain('"text":"The valley lay quiet."');
    expect(texts).toContain('"text":"They walked until the light went."');
    expect(texts).not.toMatch(/[\uE002\uE003]/);
    expect(report.kept).toContainEqual({ kind: 'images', count: 2 });
    const dropped = report.dropped.find((entry) => entry.kind === 'images');
    expect(dropped?.count).toBe(3);
    expect(dropped?.reasons?.slice().sort()).toEqual([imageDropReasons.missing, imageDropReasons.placement].sort());
  });

  it('drops a data: URI that is no image, and one too long to be 10 MB or less before decoding it', async () => {
    const huge = 'A'.repeat(Math.ceil((bookImageMaxBytes * 4) / 3) + 8);
    const markdown = `# Chapter One\n\nText. ![Not a picture](data:image/png;base64,${Buffer.from('hello').toString('base64')})\n\n![Huge](data:image/png;base64,${huge})\n`;
    const { document, report } = await importManuscript(Buffer.from(markdown), {
      fileName: 'valley.md',
      language: 'english',
    });
    expect(imagesOf(document.content)).toHaveLength(0);
    const dropped = report.dropped.find((entry) => entry.kind === 'images');
    expect(dropped?.count).toBe(2);
    expect(dropped?.reasons?.slice().sort()).toEqual([imageDropReasons.format, imageDropReasons.tooLarge].sort());
  });
});

describe('Word images in lists, quotes and notes', () => {
  it('keeps a picture in a list item after its text, one alone in an item, and one in a footnote', async () => {
    const map = await fixture('images-map.png');
    const sky = await fixture('images-sky.png');
    const picture = (data: Buffer, description: string) =>
      new ImageRun({
        type: 'png',
        data,
        transformation: { width: 40, height: 30 },
        altText: { name: description, description, title: description },
      });
    const file = await Packer.toBuffer(
      new Document({
        numbering: {
          config: [
            {
              reference: 'steps',
              levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
            },
          ],
        },
        footnotes: {
          1: {
            children: [
              new Paragraph({ children: [new TextRun('As the old map shows: '), picture(map, 'The map in the note')] }),
            ],
          },
          2: { children: [new Paragraph({ children: [picture(sky, 'The sky alone in a note')] })] },
        },
        sections: [
          {
            children: [
              new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Chapter One' }),
              new Paragraph({
                children: [
                  new TextRun('They set out at dawn.'),
                  new FootnoteReferenceRun(1),
                  new TextRun(' The sky cleared.'),
                  new FootnoteReferenceRun(2),
                ],
              }),
              new Paragraph({
                numbering: { reference: 'steps', level: 0 },
                children: [new TextRun('Cross the river at the ford.'), picture(map, 'The ford on the map')],
              }),
              new Paragraph({
                numbering: { reference: 'steps', level: 0 },
                children: [picture(sky, 'The sky at the ford')],
              }),
              new Paragraph({
                numbering: { reference: 'steps', level: 0 },
                children: [new TextRun('Climb to the pass.')],
              }),
            ],
          },
        ],
      }),
    );
    const { document, report } = await importManuscript(file, { fileName: 'steps.docx', language: 'english' });
    const list = document.content.find((node) => node.type === 'orderedList')!;
    expect(
      list.content!.map((item) =>
        item.content!.map((node) =>
          node.type === 'image' ? `image:${node.attrs?.['alt']}` : JSON.stringify(node.content ?? []),
        ),
      ),
    ).toEqual([
      [JSON.stringify([{ type: 'text', text: 'Cross the river at the ford.' }]), 'image:The ford on the map'],
      ['[]', 'image:The sky at the ford'],
      [JSON.stringify([{ type: 'text', text: 'Climb to the pass.' }])],
    ]);
    // The notes are the book's endnotes: a list in a last chapter, each picture in its note.
    const notes = document.content.at(-1)!;
    expect(notes.type).toBe('orderedList');
    expect(notes.content!.map((item) => imagesOf(item.content!).map((node) => node.attrs?.['alt']))).toEqual([
      ['The map in the note'],
      ['The sky alone in a note'],
    ]);
    expect(notes.content![1]!.content![0]).toMatchObject({ type: 'paragraph' });
    expect(report.kept).toContainEqual({ kind: 'images', count: 4 });
    expect(report.kept).toContainEqual({ kind: 'notes', count: 2 });
    expect(report.dropped.find((entry) => entry.kind === 'images')).toBeUndefined();
  });
});
