import { fontFamilies } from '../fonts';
import type { PrintInline } from './text-runs';

/** The size of an emulated small capital, against the text's: about a capital's height to an x-height's. */
export const emulatedSmallCapScale = 0.8;

/**
 * One run of a passage in small capitals, as pdfmake inlines. Literata, the body face, draws true small
 * capitals (its OpenType `smcp`, in all four styles): the run stays one inline, as wide as pdfmake measures
 * it with the feature on. A fallback face has none, so there they are emulated: each lowercase letter set
 * as its capital at `emulatedSmallCapScale` of the size. Capitals, digits and punctuation stay as they are,
 * and so do the letters of scripts without case (Arabic, Hebrew, Devanagari, Thai, CJK...).
 */
export function smallCapitals(inline: PrintInline, fontSize: number): PrintInline[] {
  if (inline.font === undefined || inline.font === fontFamilies.body) return [{ ...inline, fontFeatures: ['smcp'] }];
  const text = typeof inline.text === 'string' ? inline.text : '';
  return caseRuns(text).map(({ text: part, lower }) =>
    lower
      ? { ...inline, text: part.toUpperCase(), fontSize: fontSize * emulatedSmallCapScale }
      : { ...inline, text: part },
  );
}

/** A lowercase letter with a capital form; a combining mark goes with the letter it sits on. */
const isLower = (char: string): boolean => char !== char.toUpperCase() && char === char.toLowerCase();
const isMark = (char: string): boolean => /^\p{M}$/u.test(char);

/** `text` cut where it changes between lowercase letters and everything else. */
export function caseRuns(text: string): { text: string; lower: boolean }[] {
  const runs: { text: string; lower: boolean }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const lower = last !== undefined && isMark(char) ? last.lower : isLower(char);
    if (last !== undefined && last.lower === lower) last.text += char;
    else runs.push({ text: char, lower });
  }
  return runs;
}
