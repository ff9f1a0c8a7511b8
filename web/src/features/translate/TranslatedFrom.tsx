import type { TranslationLink } from '@bookwright/contracts';
import { translateTexts } from './texts';

/** "Translated from <title>" on a translation's card and in its editor. */
export function TranslatedFrom({ translation, className = '' }: { translation: TranslationLink; className?: string }) {
  return (
    <span data-testid="translated-from" className={`block truncate text-xs text-stone-600 ${className}`}>
      {translateTexts.translatedFrom} <cite className="not-italic font-medium">{translation.sourceTitle}</cite>
    </span>
  );
}
