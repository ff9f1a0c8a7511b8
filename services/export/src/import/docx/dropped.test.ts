import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  Footer,
  Header,
  HeadingLevel,
  InsertedTextRun,
  Packer,
  Paragraph,
  SimpleField,
  TextRun,
  Textbox,
  AlignmentType,
} from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { chaptersOf, type TiptapNode } from '@bookwright/contracts/http';
import { importManuscript } from '..';

/*
 * What a new book leaves out of a Word file, each named in the report with its count: comments, tracked
 * changes, fields, text boxes, headers and footers. The file is written by the `docx` package (a real
 * writer of Word files), as an editor's manuscript with all of them.
 */

const textOf = (node: TiptapNode): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(textOf).join('');

async function editedManuscript(): Promise<Buffer> {
  const document = new Document({
    comments: {
      children: [
        { id: 0, author: 'Ed Itor', date: new Date('2026-11-01'), children: [new Paragraph('Tighten this.')] },
        { id: 1, author: 'Ed Itor', date: new Date('2026-11-01'), children: [new Paragraph('Lovely.')] },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Author / TITLE')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Page')] }) },
        children: [
          new Paragraph({ text: 'Chapter One', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun('The night was '),
              new TextRun({ text: 'very', italics: true }),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new TextRun(' dark, '),
              new InsertedTextRun({ text: 'and cold, ', id: 1, author: 'Ed Itor', date: '2026-11-01T00:00:00Z' }),
              new DeletedTextRun({ text: 'and long, ', id: 2, author: 'Ed Itor', date: '2026-11-01T00:00:00Z' }),
              new TextRun({ text: 'she said.', underline: {} }),
              new TextRun({ text: ' Anno Domini', smallCaps: true }),
            ],
          }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('* * *')] }),
          new Paragraph({
            children: [new TextRun('Written on '), new SimpleField('DATE', '1 November'), new TextRun('.')],
          }),
          new Textbox({
            style: { width: '2in', height: '1in' },
            children: [new Paragraph('A pull quote in a box.')],
          }),
          new Paragraph({ text: 'Chapter Two', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [new CommentRangeStart(1), new TextRun('Morning.'), new CommentRangeEnd(1)],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

describe('a Word file with comments, tracked changes, a field, a text box, a header and a footer', () => {
  it('keeps the text (the changes as if accepted) and names what it dropped, with counts', async () => {
    const { document, report } = await importManuscript(await editedManuscript(), {
      fileName: 'edited.docx',
      language: 'english',
    });
    expect(report.dropped).toEqual([
      { kind: 'comments', count: 2 },
      { kind: 'tracked-changes', count: 2 },
      { kind: 'fields', count: 1 },
      { kind: 'text-boxes', count: 1 },
      { kind: 'headers-and-footers', count: 2 },
    ]);
    const [one, two] = chaptersOf(document);
    // The field goes with its shown value; the centred "* * *" is the scene break.
    expect(one!.blocks.map(textOf)).toEqual([
      'The night was very dark, and cold, she said. Anno Domini',
      '',
      'Written on 1 November.',
    ]);
    expect(one!.blocks.map((node) => node.type)).toEqual(['paragraph', 'horizontalRule', 'paragraph']);
    expect(two!.blocks.map(textOf)).toEqual(['Morning.']);
    expect(JSON.stringify(document)).not.toContain('pull quote');
    expect(report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'chapters', count: 2 },
        { kind: 'italics', count: 1 },
        { kind: 'underline', count: 1 },
        { kind: 'small-caps', count: 1 },
      ]),
    );
    expect(JSON.stringify(one!.blocks[0])).toContain(
      '{"type":"text","text":" Anno Domini","marks":[{"type":"smallCaps"}]}',
    );
  });
});

/** Word's complex field as Word writes it: its code split over runs, then the value it showed when saved. */
const complexField = (code: string[], value: string) =>
  [
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
    ...code.map((part) => `<w:r><w:instrText xml:space="preserve">${part}</w:instrText></w:r>`),
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
    `<w:r><w:t>${value}</w:t></w:r>`,
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ].join('');

describe('a Word file with fields', () => {
  it('keeps the value each field shows as plain text, links as links, and counts the fields it dropped', async () => {
    const written = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ text: 'Chapter One', heading: HeadingLevel.HEADING_1 }),
              new Paragraph({ children: [new TextRun('As told in [REF], on page [PAGE].')] }),
              new Paragraph({
                children: [
                  new TextRun('Written on '),
                  new SimpleField('DATE \\@ "d MMMM"', '1 November'),
                  new TextRun('.'),
                ],
              }),
              new Paragraph({ children: [new TextRun('See [LINK].')] }),
            ],
          },
        ],
      }),
    );
    const zip = await JSZip.loadAsync(written);
    const xml = (await zip.file('word/document.xml')!.async('string'))
      .replace(
        '[REF]',
        `</w:t></w:r>${complexField([' REF _Ref1', '23 \\h '], 'Chapter Two')}<w:r><w:t xml:space="preserve">`,
      )
      .replace('[PAGE]', `</w:t></w:r>${complexField([' PAGE '], '7')}<w:r><w:t xml:space="preserve">`)
      .replace(
        '[LINK]',
        `</w:t></w:r>${complexField([' HYPERLINK "https://example.com/" '], 'the site')}<w:r><w:t xml:space="preserve">`,
      );
    zip.file('word/document.xml', xml);
    const file = await zip.generateAsync({ type: 'nodebuffer' });

    const { document, report } = await importManuscript(file, { fileName: 'fields.docx', language: 'english' });
    const [one] = chaptersOf(document);
    expect(one!.blocks.map(textOf)).toEqual([
      'As told in Chapter Two, on page 7.',
      'Written on 1 November.',
      'See the site.',
    ]);
    expect(JSON.stringify(one!.blocks[2])).toContain('"href":"https://example.com/"');
    expect(report.dropped).toEqual([{ kind: 'fields', count: 3 }]);
  });
});
