import { posix } from 'node:path';
import JSZip from 'jszip';

/** A Word file that would not open: the first fault found, for the log. */
export class DocxPackageError extends Error {
  override name = 'DocxPackageError';
}

/**
 * Checks that a Word file opens as an OOXML package before it is offered for download (ECMA-376 part 2):
 * a zip holding `[Content_Types].xml` and `_rels/.rels`, every XML part well formed, every part with a
 * content type and every content type's part there, a main document, and every internal relationship's
 * target in the package. Throws DocxPackageError naming the first fault.
 */
export async function checkDocxPackage(data: Uint8Array): Promise<void> {
  const zip = await JSZip.loadAsync(data).catch(() => {
    throw new DocxPackageError('not a zip archive');
  });
  const names = Object.values(zip.files)
    .filter((file) => !file.dir)
    .map((file) => file.name);
  const xml = new Map<string, string>();
  for (const name of names.filter((n) => /\.(xml|rels)$/i.test(n))) {
    const text = await zip.file(name)!.async('string');
    const fault = xmlFault(text);
    if (fault) throw new DocxPackageError(`${name} is not well-formed XML: ${fault}`);
    xml.set(name, text);
  }
  checkContentTypes(names, xml.get('[Content_Types].xml'));
  const packageRels = xml.get('_rels/.rels');
  if (packageRels === undefined) throw new DocxPackageError('no _rels/.rels');
  if (!/Type="[^"]*\/officeDocument"/.test(packageRels)) throw new DocxPackageError('no main document relationship');
  for (const [name, text] of xml) if (name.endsWith('.rels')) checkRelationships(name, text, new Set(names));
}

const valuesOf = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[1] ?? '');

function checkContentTypes(names: string[], types: string | undefined): void {
  if (types === undefined) throw new DocxPackageError('no [Content_Types].xml');
  const defaults = new Set(valuesOf(types, /<Default\b[^>]*\bExtension="([^"]+)"/g).map((e) => e.toLowerCase()));
  const overrides = valuesOf(types, /<Override\b[^>]*\bPartName="([^"]+)"/g).map((p) => p.toLowerCase());
  const parts = new Set(names.map((name) => `/${name.toLowerCase()}`));
  const missing = overrides.find((part) => !parts.has(part));
  if (missing) throw new DocxPackageError(`[Content_Types].xml names ${missing}, which is not in the package`);
  for (const name of names) {
    if (name === '[Content_Types].xml') continue;
    // `_rels/.rels` has the extension rels (a dot file to posix.extname).
    const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
    if (!overrides.includes(`/${name.toLowerCase()}`) && !defaults.has(extension)) {
      throw new DocxPackageError(`${name} has no content type`);
    }
  }
}

/** A part's relationships (`dir/_rels/part.rels`) point from `dir`; the package's (`_rels/.rels`) from the root. */
function checkRelationships(name: string, text: string, names: Set<string>): void {
  const base = posix.dirname(posix.dirname(name));
  for (const [relationship] of text.matchAll(/<Relationship\b[^>]*>/g)) {
    if (/\bTargetMode="External"/.test(relationship)) continue;
    const target = /\bTarget="([^"]*)"/.exec(relationship)?.[1];
    if (target === undefined) throw new DocxPackageError(`${name} has a relationship without a target`);
    const path = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target));
    if (!names.has(decodeURI(path))) throw new DocxPackageError(`${name} points to ${path}, which is missing`);
  }
}

const markup =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<\/([^\s<>]+)\s*>|<([^\s/<>!?]+)((?:\s+[^\s=/<>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;
const badAmpersand = /&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/;

/**
 * Why `text` is not well-formed XML, or null: tags nest and match, one root element, attributes quoted
 * and named once, no stray `<` or `&`. Not a validating parser: what a reader needs to open the part.
 */
export function xmlFault(text: string): string | null {
  const open: string[] = [];
  let roots = 0;
  let at = 0;
  for (const match of text.matchAll(markup)) {
    const between = text.slice(at, match.index);
    if (between.includes('<')) return `a stray "<" at ${at + between.indexOf('<')}`;
    if (badAmpersand.test(between)) return `a stray "&" near ${at}`;
    if (open.length === 0 && between.trim() !== '') return `text outside the root element at ${at}`;
    at = match.index + match[0].length;
    const [, closing, opening, attrs = '', selfClosing] = match;
    if (closing !== undefined && open.pop() !== closing) return `</${closing}> does not close the open element`;
    if (opening === undefined) continue;
    const fault = attributeFault(attrs);
    if (fault) return `<${opening}>: ${fault}`;
    if (open.length === 0) roots += 1;
    if (!selfClosing) open.push(opening);
  }
  const rest = text.slice(at);
  if (rest.includes('<')) return `a stray "<" at ${at + rest.indexOf('<')}`;
  if (open.length > 0) return `<${open.at(-1)}> is never closed`;
  if (rest.trim() !== '') return 'text after the root element';
  return roots === 1 ? null : `${roots} root elements`;
}

function attributeFault(attrs: string): string | null {
  const seen = new Set<string>();
  for (const [, name = '', double, single] of attrs.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (seen.has(name)) return `attribute ${name} given twice`;
    seen.add(name);
    if (badAmpersand.test(double ?? single ?? '')) return `a stray "&" in ${name}`;
  }
  return null;
}
