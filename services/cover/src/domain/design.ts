import type { CoverDesign } from '@bookwright/ai';
import { coverDefaults, type Book, type GenerateCoverRequest } from '@bookwright/contracts/http';

/** What the offline designer and the typeset overlay need to know about a book and the chosen options. */
export function designFor(
  book: Book,
  options: Pick<GenerateCoverRequest, 'style' | 'mood' | 'colorScheme'> = coverDefaults,
  seed?: string,
): CoverDesign {
  return {
    title: book.title,
    subtitle: book.subtitle,
    author: book.author,
    genre: book.genre,
    language: book.language,
    style: options.style,
    mood: options.mood,
    colorScheme: options.colorScheme,
    ...(seed ? { seed } : {}),
  };
}
