import { bookLanguageName, type BookLanguage, type TranslationLink } from '@bookwright/contracts/http';
import { translateTexts } from './texts';

/**
 * "Translated from <title> into <language>" on a translation's card and in its editor: a translation keeps
 * its original's title, so the language is what tells the two apart at a glance.
 */
export function TranslatedFrom({
  translation,
  language,
  className = '',
}: {
  translation: TranslationLink;
  language: BookLanguage;
  className?: string;
}) {
  const into = bookLanguageName(language);
  return (
    <span className={`block truncate text-xs text-stone-600 ${className}`}>
      <span data-testid="translated-from">
        {translateTexts.translatedFrom} <cite className="not-italic font-medium">{translation.sourceTitle}</cite>
      </span>
      {into && ` ${translateTexts.into} ${into}`}
    </span>
  );
}
