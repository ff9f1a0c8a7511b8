import type { DroppedCounts } from '../source/source-document';
import { countDropped } from '../source/source-document';

/**
 * What a new book leaves out of a Word file, counted from its XML: comments, tracked changes, fields
 * (hyperlinks are not fields to an author: they stay links), text boxes, and headers and footers.
 * Text boxes are also taken out of the body here, since mammoth would read their text into the flow.
 */
export function dropFromDocumentXml(source: string, dropped: DroppedCounts): string {
  const xml = markRules(source);
  countDropped(dropped, 'tracked-changes', count(xml, /<w:(?:ins|del|moveFrom|moveTo)\b[^>]*\bw:id=/g));
  const fieldCodes = [
    ...xml.matchAll(/<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|<w:fldSimple\b[^>]*w:instr="([^"]*)"/g),
  ];
  countDropped(dropped, 'fields', fieldCodes.filter((m) => !/^\s*HYPERLINK\b/.test(m[1] ?? m[2] ?? '')).length);
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
