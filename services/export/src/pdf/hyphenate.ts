import { createRequire } from 'node:module';
import type { BookLanguage } from '@bookwright/contracts/http';
import type { Content } from 'pdfmake/interfaces';

/**
 * Hyphenation for print: soft hyphens (U+00AD) put into the body text handed to pdfmake, from the TeX
 * (Liang) patterns of the `hyphen` package in the book's language. keep-lines.ts makes pdfmake honour them.
 *
 * Never hyphenated: headings and anything not set justified (only justified body text passes through
 * here), names from the plan (characters, places), URLs and e-mail addresses, words under 6 letters, and
 * runs in another font (code, fallback scripts). A break leaves at least 2 letters before and 3 after.
 */

/** The pattern set of each language a book can be written in (all 23 hyphenate). */
const patternsFor: Record<BookLanguage, string> = {
  albanian: 'sq',
  croatian: 'hr',
  czech: 'cs',
  danish: 'da',
  dutch: 'nl',
  english: 'en-us',
  estonian: 'et',
  finnish: 'fi',
  french: 'fr',
  german: 'de-1996',
  hungarian: 'hu',
  italian: 'it',
  latvian: 'lv',
  lithuanian: 'lt',
  norwegian: 'nb',
  polish: 'pl',
  portuguese: 'pt',
  romanian: 'ro',
  slovak: 'sk',
  slovenian: 'sl',
  spanish: 'es',
  swedish: 'sv',
  turkish: 'tr',
};

const softHyphen = '\u00ad';
const minLetters = 6;
const minBefore = 2;
const minAfter = 3;

type Hyphenator = (word: string) => string;
type CreateHyphenator = (patterns: unknown, options: { minWordLength: number }) => Hyphenator;

const require = createRequire(import.meta.url);
const hyphenators = new Map<BookLanguage, Hyphenator>();

function patternHyphenator(language: BookLanguage): Hyphenator {
  let hyphenator = hyphenators.get(language);
  if (!hyphenator) {
    const create = require('hyphen') as CreateHyphenator;
    hyphenator = create(require(`hyphen/patterns/${patternsFor[language]}`), { minWordLength: minLetters });
    hyphenators.set(language, hyphenator);
  }
  return hyphenator;
}

/** Hyphenates the words of a text for `language`, leaving the names in `glossary` whole. */
export function createHyphenation(language: BookLanguage, glossary: readonly string[] = []): (text: string) => string {
  const patterns = patternHyphenator(language);
  const names = new Set(glossary.flatMap((name) => name.toLocaleLowerCase().split(/[^\p{L}\p{M}]+/u)).filter(Boolean));
  const cache = new Map<string, string>();
  const word = (letters: string): string => {
    if ([...letters].length < minLetters || names.has(letters.toLocaleLowerCase())) return letters;
    let done = cache.get(letters);
    if (done === undefined) {
      done = keepEdges(patterns(letters).split(softHyphen));
      cache.set(letters, done);
    }
    return done;
  };
  return (text) =>
    text.replace(/\S+/g, (chunk) =>
      isAddress(chunk) || chunk.includes(softHyphen) ? chunk : chunk.replace(/[\p{L}\p{M}]+/gu, word),
    );
}

function keepEdges(parts: string[]): string {
  const total = parts.reduce((sum, p) => sum + [...p].length, 0);
  let out = parts[0] ?? '';
  let before = [...out].length;
  for (const part of parts.slice(1)) {
    const after = total - before;
    out += before >= minBefore && after >= minAfter ? softHyphen + part : part;
    before += [...part].length;
  }
  return out;
}

function isAddress(chunk: string): boolean {
  return /:\/\/|^\(?www\.|@|\/|^\(?(https?|mailto|ftp):/i.test(chunk);
}

export interface HyphenationPass {
  (content: Content): void;
}

/** What the pass leaves on a text node: its runs' text as pdfmake reads it, with the soft hyphens. */
export interface HyphenatedNode {
  _hyphenated?: string;
}

/**
 * The hyphenation pass over built pdfmake content: every justified text node's runs in the body font are
 * hyphenated. The text pdfmake measures is left as it was, so each word stays one inline; the hyphenated
 * text goes beside it (`_hyphenated`, all runs in pdfmake's order), and word-parts.ts splits a word into
 * its parts only where the line breaker needs them (a word that does not fit at a line's end).
 */
export function hyphenationPass(hyphenate: (text: string) => string): HyphenationPass {
  const visit = (content: Content, justified: boolean): void => {
    if (typeof content !== 'object' || content === null) return;
    if (Array.isArray(content)) {
      for (const child of content) visit(child as Content, justified);
      return;
    }
    const node = content as unknown as Record<string, unknown> & HyphenatedNode;
    const here = node.alignment === undefined ? justified : node.alignment === 'justify';
    for (const key of ['stack', 'ul', 'ol'] as const) {
      if (Array.isArray(node[key])) visit(node[key] as Content, here);
    }
    if (!('text' in node) || !here || node.font !== undefined) return;
    let plain = '';
    let hyphenated = '';
    const add = (text: string, hyphenates: boolean) => {
      plain += text;
      hyphenated += hyphenates ? hyphenate(text) : text;
    };
    if (typeof node.text === 'string') add(node.text, true);
    else if (Array.isArray(node.text)) {
      for (const run of node.text as unknown[]) {
        if (typeof run === 'string') add(run, true);
        else if (Array.isArray(run)) add(runText(run), false);
        else {
          const inline = run as Record<string, unknown>;
          const whole = typeof inline.text !== 'string' || inline.font !== undefined || inline.alignment !== undefined;
          add(runText(inline.text), !whole);
        }
      }
    } else return;
    if (hyphenated !== plain) node._hyphenated = hyphenated;
  };
  return (content) => visit(content, false);
}

/** A run's text as pdfmake reads it: nested runs flattened, numbers as strings, nothing for null. */
function runText(text: unknown): string {
  if (Array.isArray(text)) {
    return text
      .map((run) =>
        typeof run === 'object' && run !== null ? runText((run as { text?: unknown }).text) : runText(run),
      )
      .join('');
  }
  return text === undefined || text === null ? '' : String(text);
}
