/**
 * Length targets, kept in characters of the manuscript text (what the page estimate of the contracts counts,
 * whatever the language) and turned into "about N words" only for the model.
 */

/**
 * Characters a finished book should have, sized by the one page estimate of the contracts (estimatePages,
 * calibrated on printed interiors, decision 0053): a short ("Standard") book is spec §9's "about 100 pages"
 * in print at the default 6x9 trim (12 chapters of it print on 102), a long one 134 (the spec said 150).
 * They were 125,000 and 200,000 when pages were counted as 250 five-character words, which printed as 78
 * pages: the author was promised 100.
 */
export const targetCharsBySize = { short: 160_000, long: 242_000 } as const satisfies Record<string, number>;

/** Characters of typical prose per word, spaces and punctuation included. */
export const proseCharsPerWord = 5.8;

/** Models rarely write more than ~2,000 words per call, so one call asks for at most this many. */
export const maxWordsPerPart = 1_500;

/** A chapter shorter than this share of its budget is extended with further parts. */
export const extendBelowShare = 0.9;

/** At most this many extension parts per chapter, so a model that keeps stopping early cannot loop. */
export const maxExtensionParts = 2;

/** A part never asks for fewer words than this (a tiny request makes a model wrap up at once). */
const minWordsPerRequest = 150;

export interface ChapterBudget {
  chapterNumber: number;
  /** Characters of prose this chapter should have (its share of the book). */
  targetChars: number;
  /** The same target as the model is asked for it: about this many words. */
  targetWords: number;
  /** Calls the chapter is written in at first; more are added when it ends up short. */
  parts: number;
}

/**
 * Splits the book's character budget evenly across its chapters, after setting aside the headings the
 * manuscript adds, so the assembled manuscript lands on the target page count.
 */
export function chapterBudgets(
  chapters: { number: number; heading: string }[],
  size: keyof typeof targetCharsBySize,
): ChapterBudget[] {
  if (chapters.length === 0) return [];
  const totalChars = targetCharsBySize[size];
  // Each heading is a block of its own, joined to the next by a blank line.
  const headingChars = chapters.reduce((sum, c) => sum + c.heading.length + 4, 0);
  const perChapter = Math.max(minWordsPerRequest * proseCharsPerWord, (totalChars - headingChars) / chapters.length);
  return chapters.map((c) => {
    const targetChars = Math.round(perChapter);
    const targetWords = wordsForChars(targetChars);
    return { chapterNumber: c.number, targetChars, targetWords, parts: Math.ceil(targetWords / maxWordsPerPart) };
  });
}

/** The words to ask a model for so that it writes about `chars` characters. */
export function wordsForChars(chars: number, charsPerWord: number = proseCharsPerWord): number {
  return Math.max(minWordsPerRequest, Math.round(chars / charsPerWord));
}

/**
 * Words to ask for in the next part: what is still missing, shared by the parts still to come. Once some
 * of the chapter is written, its own characters per word (longer in German or Finnish than in English)
 * replace the default, so the following parts correct the length of the first.
 */
export function wordsForNextPart(
  budget: ChapterBudget,
  written: { characters: number; words: number },
  partsLeft: number,
): number {
  const missing = Math.max(0, budget.targetChars - written.characters);
  const charsPerWord =
    written.words >= 100 ? Math.min(10, Math.max(4, written.characters / written.words)) : proseCharsPerWord;
  return Math.min(maxWordsPerPart, wordsForChars(missing / Math.max(1, partsLeft), charsPerWord));
}
