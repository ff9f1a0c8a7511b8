import type { BookLanguage } from '@bookwright/contracts/http';
import { chapterHeading } from '../manuscript';

/**
 * The title of a chapter heading the writer made ("Chapter 3: The Harbour" → "The Harbour"), so the
 * translation can put its own label in front ("Chapitre 3: …"). Undefined when the author changed the
 * heading into something else: then the whole heading is translated as text.
 */
export function titleOfHeading(text: string, language: BookLanguage, number: number): string | undefined {
  const label = chapterHeading(language, number, '');
  if (text === label) return '';
  if (text.startsWith(`${label}: `)) return text.slice(label.length + 2);
  return undefined;
}
