import { bookLanguages } from '@bookwright/contracts/http';
import type { TranslateTask } from '../domain/llm-tasks';

/**
 * The offline writer's "translation": no model, so the text stays as it was, and the first paragraph of
 * the book says so, in English and with the target language's own name (so a Polish demo reads
 * "polski", a French one "français"). Inline tags and the segment count are kept, like a real answer.
 */
export function composeTranslation(task: TranslateTask): { segments: string[] } {
  const segments = task.segments.map((s) => s.text);
  if (task.chapterNumber === 1 && task.batch === 0) {
    const first = task.segments.findIndex((s) => s.role === 'text');
    if (first >= 0) segments[first] = `${demoTranslationNotice(task.language)} ${segments[first] ?? ''}`;
  }
  return { segments };
}

export function demoTranslationNotice(language: (typeof bookLanguages)[number]['value']): string {
  const entry = bookLanguages.find((l) => l.value === language);
  const label = entry?.label ?? language;
  const native = entry ? nativeName(entry.code) : label;
  return `[Demo translation into ${label} (${native}), made offline without a language model: the text below is the original.]`;
}

function nativeName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
