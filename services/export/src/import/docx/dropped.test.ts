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
import { describe, expect, it } from 'vitest';
import { chaptersOf, type TiptapNode } from '@bookwright/contracts';
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
    expect(one!.blocks.map(textOf)).toEqual(['The night was very dark, and cold, she said.', '', 'Written on .']);
    expect(one!.blocks.map((node) => node.type)).toEqual(['paragraph', 'horizontalRule', 'paragraph']);
    expect(two!.blocks.map(textOf)).toEqual(['Morning.']);
    expect(JSON.stringify(document)).not.toContain('pull quote');
    expect(report.kept).toEqual(
      expect.arrayContaining([
        { kind: 'chapters', count: 2 },
        { kind: 'italics', count: 1 },
        { kind: 'underline', count: 1 },
      ]),
    );
  });
});
