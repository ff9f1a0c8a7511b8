import type { DroppedCounts } from '../source/source-document';
import { countDropped } from '../source/source-document';

/**
 * What a new book leaves out of a Word file, counted from its XML: comments, tracked changes, fields
 * (hyperlinks are not fields to an author: they stay links), text boxes, and headers and footers.
 * Text boxes are also taken out of the body here, since mammoth would read their text into the flow.
 * Of a field only its code goes: the value Word shows (a date, a page number, a cross-reference's text)
 * stays as plain text.
 */
export function dropFromDocumentXml(source: string, dropped: DroppedCounts): string {
  const xml = complexFields(markRules(source));
  countDropped(dropped, 'tracked-changes', count(xml, /<w:(?:ins|del|moveFrom|moveTo)\b[^>]*\bw:id=/g));
  countDropped(dropped, 'fields', fieldCodes(xml).filter((code) => !/^\s*HYPERLINK\b/.test(code)).length);
  // A text box is written twice (DrawingML, and VML as the fallback for older readers): count it once.
  const withoutFallbacks = xml.replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const textBoxes = count(withoutFallbacks, /<w:txbxContent\b/g);
  if (textBoxes === 0) return xml;
  countDropped(dropped, 'text-boxes', textBoxes);
  return xml.replace(/<w:txbxContent\b[^>]*>[\s\S]*?<\/w:txbxContent>/g, '').replace(/<w:txbxContent\b[^>]*\/>/g, '');
}

/** Word's comments (word/comments.xml). */
export function countComments(xml: string | undefined, dropped: DroppedCounts): void {
  if (xml) countDropped(dropped, 'comments', count(xml, /<w:comment\b/g));
}

/** Headers and footers that hold any text (empty ones are Word's defaults, nothing the author wrote). */
export function countHeadersAndFooters(parts: readonly string[], dropped: DroppedCounts): void {
  countDropped(dropped, 'headers-and-footers', parts.filter((xml) => /<w:t\b[^>]*>[^<]*\S/.test(xml)).length);
}

const count = (text: string, pattern: RegExp): number => {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n += 1;
  return n;
};

/**
 * Word's simple fields (`w:fldSimple`, the code in an attribute, the shown value inside) written as the
 * complex fields mammoth reads (begin, code, separate, value, end): it skips a simple field, value and
 * all, but keeps a complex field's value, and makes a HYPERLINK field's value a link.
 */
function complexFields(xml: string): string {
  const run = (inner: string) => `<w:r>${inner}</w:r>`;
  const field = (instr: string, value: string) =>
    run('<w:fldChar w:fldCharType="begin"/>') +
    run(`<w:instrText xml:space="preserve">${instr}</w:instrText>`) +
    run('<w:fldChar w:fldCharType="separate"/>') +
    value +
    run('<w:fldChar w:fldCharType="end"/>');
  return xml
    .replace(/<w:fldSimple\b[^>]*?\bw:instr="([^"]*)"[^>]*?\/>/g, (_, instr: string) => field(instr, ''))
    .replace(
      /<w:fldSimple\b[^>]*?\bw:instr="([^"]*)"[^>]*>([\s\S]*?)<\/w:fldSimple>/g,
      (_, instr: string, value: string) => field(instr, value),
    );
}

/**
 * The code of each complex field, from its begin to its separator: Word splits a long code over several
 * runs (`w:instrText`), and fields nest (a REF inside an IF).
 */
function fieldCodes(xml: string): string[] {
  const codes: string[] = [];
  const open: { code: string; reading: boolean }[] = [];
  for (const m of xml.matchAll(/<w:fldChar\b[^>]*w:fldCharType="(\w+)"|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>/g)) {
    const current = open[open.length - 1];
    if (m[1] === 'begin') open.push({ code: '', reading: true });
    else if (m[1] === 'separate' && current) current.reading = false;
    else if (m[1] === 'end') {
      const ended = open.pop();
      if (ended) codes.push(ended.code);
    } else if (m[2] !== undefined && current?.reading) current.code += m[2];
  }
  return codes;
}

/**
 * Word's horizontal lines, which mammoth reads as empty paragraphs, written as the `***` a scene break is
 * typed as: the VML rule pandoc and Word write (`o:hr="t"`), and an empty paragraph with a border (what
 * Word's "---" AutoFormat makes).
 */
function markRules(xml: string): string {
  const sceneBreak = '<w:r><w:t>***</w:t></w:r>';
  return xml
    .replace(
      /<w:r>(?:(?!<\/w:r>)[\s\S])*?<w:pict>(?:(?!<\/w:pict>)[\s\S])*?o:hr="t"(?:(?!<\/w:pict>)[\s\S])*?<\/w:pict>\s*<\/w:r>/g,
      sceneBreak,
    )
    .replace(
      /(<w:pPr>(?:(?!<\/w:pPr>)[\s\S])*?<w:pBdr>(?:(?!<\/w:pPr>)[\s\S])*?<\/w:pPr>)(<\/w:p>)/g,
      `$1${sceneBreak}$2`,
    );
}
