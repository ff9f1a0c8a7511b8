/** Folded forms of the non-ASCII characters met so far: a manuscript uses few distinct ones. */
const foldedUnits = new Map<string, string>();

/** One UTF-16 unit folded: lower case, without its accent, or itself when that would not stay one unit. */
function foldUnit(unit: string): string {
  let folded = foldedUnits.get(unit);
  if (folded === undefined) {
    const base = unit.normalize('NFD')[0] ?? unit;
    const lower = base.toLowerCase();
    folded = lower.length === 1 ? lower : base.length === 1 ? base : unit;
    foldedUnits.set(unit, folded);
  }
  return folded;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/**
 * Text as the book search compares it: lower case and without accents ("Zoë" and "ZOE" are both "zoe"),
 * one UTF-16 unit for each unit of the text, so an offset found in the folded text is the same offset in
 * the text (the passage shown around a match is cut from the text as written). Surrogate pairs and
 * characters whose fold would take more than one unit (İ) stay as they are. The one fold of the search:
 * the book service folds each chapter's text with it when the chapter is saved, and every query with it.
 */
export function foldForSearch(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  let folded = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const unit = text[i] as string;
    folded += code < 128 ? unit.toLowerCase() : code >= 0xd800 && code <= 0xdfff ? unit : foldUnit(unit);
  }
  return folded;
}
