import { z } from 'zod';

/**
 * How deeply an editor document may nest, counted in JSON levels (every object and every array is one:
 * `{}` is 1, `{"content":[{}]}` is 3). Everything that reads a document recurses over it: zod's schema,
 * `JSON.stringify` (the bus, the stored chapters), the word count, every export. Node's default stack
 * runs out at about 2,500 to 3,000 levels of a document (measured with the book service's check of nested
 * lists and quotes), so a body nested deeper answered 500 instead of 400 (issue 47). Every reader checks
 * with the measures below first: they never recurse, and stop at the first level past the limit.
 *
 * Why 256: the editor's schema lets lists and quotes hold one another without a bound, so the bound is
 * what a page can show. One level of list is four JSON levels (the list, its `content`, the item, its
 * `content`) and indents the text 1.5em (editor.css); a quote is two levels and 1em. 256 levels leave,
 * besides the document's own two and a paragraph's text with its marks and their attributes (about ten),
 * room for 60 levels of list (90em of indent, wider than any page the editor shows) or 120 of quote:
 * far past what anyone writes, and a tenth of where the stack ends.
 */
export const maxDocumentDepth = 256;

/**
 * Any request body: a document at its limit plus the few levels a body wraps it in (a partial save's
 * `{chapters: [{content: [...]}]}`), so that only a document's own rule, with its own message, refuses one.
 */
export const maxBodyDepth = maxDocumentDepth + 16;

/** The `doc` object, the one level above the `content` array that a chapter's nodes are part of. */
const levelsAboveContent = 1;

/**
 * Whether `value` (already parsed) nests deeper than `limit` JSON levels. Iterative: a body nested
 * 100,000 deep is answered as quickly as one nested 257 deep.
 */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const inner = depth + 1;
    if (inner > limit) return true;
    const children = Array.isArray(current) ? (current as unknown[]) : Object.values(current);
    for (const child of children) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: inner });
    }
  }
  return false;
}

const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const quote = 0x22;
const backslash = 0x5c;

/**
 * Whether the JSON text `text` nests deeper than `limit` levels, read off the text without parsing it
 * (brackets and braces outside strings). Text that is not JSON is answered as its brackets say; its parse
 * refuses it later. A manuscript of 160 KB is read in well under a millisecond.
 */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === quote) {
      i = stringEnd(text, i);
      if (i < 0) return false;
    } else if (code === openBrace || code === openBracket) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === closeBrace || code === closeBracket) depth -= 1;
  }
  return false;
}

/**
 * Where the JSON string opened at `start` closes (-1: never). Skipped with indexOf: most of a manuscript's
 * text is inside strings, and a loop over every character took two to three times as long.
 */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === backslash) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** Whether an editor document, as JSON text or parsed, nests deeper than the editor can make it. */
export function documentTooDeep(document: unknown): boolean {
  return typeof document === 'string'
    ? jsonTextDeeperThan(document, maxDocumentDepth)
    : jsonDeeperThan(document, maxDocumentDepth);
}

/**
 * Whether a chapter's nodes (a partial save's `content`) nest deeper than they may in their document: the
 * same rule as for the whole document, whose `doc` object sits above them.
 */
export function chapterNodesTooDeep(nodes: readonly unknown[]): boolean {
  return jsonDeeperThan(nodes, maxDocumentDepth - levelsAboveContent);
}

export const documentDepthMessages = {
  /** 400: deeper than the editor can make; nothing recursed over it. */
  tooDeep: `Book content is nested too deeply (more than ${maxDocumentDepth} levels): the editor never nests lists and quotes that far`,
  /** 400: a book's structure (bookState) nests about seven levels; one deeper than a document may is none. */
  stateTooDeep: `The book structure is nested too deeply (more than ${maxDocumentDepth} levels)`,
  /** 400: any other body that deep (a key the route's schema lets through), refused before its handler. */
  bodyTooDeep: `The request body is nested too deeply (more than ${maxBodyDepth} levels)`,
} as const;

/** A book's structure (bookState) as a route or a request takes it: anything, but never deeper than a document. */
export const BookStateInputSchema = z.unknown().refine((state) => !jsonDeeperThan(state, maxDocumentDepth), {
  message: documentDepthMessages.stateTooDeep,
});
