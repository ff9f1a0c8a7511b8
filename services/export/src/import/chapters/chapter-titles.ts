import type { BookLanguage } from '@bookwright/contracts/http';
import { chapterWords, type ChapterWords } from './chapter-words';

/** A chapter title is a short line: longer paragraphs that start with "Chapter" are prose. */
const maxTitleWords = 12;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function numberWordsOf(words: ChapterWords): string[] {
  const spelled = (word: string) => escape(word).replace(/-/g, '[- ]');
  const units = words.numbers.slice(0, 9).map(spelled);
  // "twenty-one", "thirty one": compound numbers where the language has tens.
  const compounds = (words.tens ?? []).flatMap((ten) => units.map((unit) => `${spelled(ten)}[- ]?${unit}`));
  return [...compounds, ...(words.tens ?? []).map(spelled), ...words.numbers.map(spelled)];
}

const patterns = new Map<BookLanguage, { numbered: RegExp; standalone: RegExp }>();

function patternsFor(language: BookLanguage) {
  let found = patterns.get(language);
  if (found) return found;
  const sets = [chapterWords[language], chapterWords.english].filter((set): set is ChapterWords => set !== undefined);
  const chapter = [...new Set(sets.flatMap((set) => set.chapter.map(escape)))];
  const numbers = [...new Set(sets.flatMap(numberWordsOf))];
  const number = `(?:\\d{1,4}|[ivxlcdm]{1,8}|${numbers.join('|')})`;
  const standalone = [...new Set(sets.flatMap((set) => set.standalone.map(escape)))];
  found = {
    // "Chapter 7", "CHAPTER SEVEN", "Kapitel 3: Die Reise", "Chapter Twenty-One — Home", "Part II".
    numbered: new RegExp(`^(?:${chapter.join('|')})\\s*${number}\\b(?:\\s*[.:—–-]?\\s*.*)?$`, 'iu'),
    // "Prologue", "Epilogue: Ten Years Later".
    standalone: new RegExp(`^(?:${standalone.join('|')})(?:\\s*[.:—–-]\\s*.*)?$`, 'iu'),
  };
  patterns.set(language, found);
  return found;
}

/**
 * Whether a paragraph's text reads as a chapter title, as a typesetter would take it, in the book's
 * language (and in English): "Chapter 7", "CHAPTER SEVEN", "Prologue", "Kapitel 3", "Capitolo 3",
 * "Chapitre 3", with or without a title after it.
 */
export function readsAsChapterTitle(text: string, language: BookLanguage = 'english'): boolean {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length === 0 || line.split(' ').length > maxTitleWords) return false;
  const { numbered, standalone } = patternsFor(language);
  return numbered.test(line) || standalone.test(line);
}
