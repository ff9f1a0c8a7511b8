import { TranslationTitleSchema } from '@bookwright/contracts/http';

/** Quote pairs a model wraps a title in ("…", „…“, «…», 「…」, **…**): unwrapped, never kept. */
const wrappers: [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['„', '“'],
  ['„', '”'],
  ['‚', '‘'],
  ['‘', '’'],
  ['«', '»'],
  ['»', '«'],
  ['‹', '›'],
  ['「', '」'],
  ['『', '』'],
  ['《', '》'],
  ['**', '**'],
  ['*', '*'],
  ['_', '_'],
];
const quoteChars = /^["'“”„‚‘’«»‹›「」『』《》*_]|["'“”„‚‘’«»‹›「」『』《》*_]$/u;
/** A label the model put before the title ("Title:", "Titel:", "Titre :"). */
const label = /^(?:title|titel|titre|título|titolo|tytuł)\s*:\s*/iu;

function unwrap(text: string): string {
  let current = text;
  for (let round = 0; round < 3; round += 1) {
    const pair = wrappers.find(
      ([open, close]) =>
        current.length > open.length + close.length && current.startsWith(open) && current.endsWith(close),
    );
    if (!pair) break;
    current = current.slice(pair[0].length, current.length - pair[1].length).trim();
  }
  return current;
}

/**
 * The model's title for a translation, or null when it is not one the product can use: several lines,
 * markup, control characters, stray quotes, empty, over the title limit, or the original's title again
 * (a translation never starts with the original's exact title, decision 0023). The caller then falls back
 * to the model-free suggestion.
 */
export function checkedModelTitle(answer: string, originalTitle: string): string | null {
  const trimmed = answer.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\r\n\u0000-\u001f\u007f<>]/u.test(trimmed)) return null;
  const title = unwrap(trimmed.replace(label, '')).replace(/\s+/gu, ' ');
  if (quoteChars.test(title)) return null;
  const checked = TranslationTitleSchema.safeParse(title);
  if (!checked.success) return null;
  const same = (a: string) => a.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();
  if (same(checked.data) === same(originalTitle)) return null;
  return checked.data;
}
