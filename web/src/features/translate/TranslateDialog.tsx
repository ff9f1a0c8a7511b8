import { useId, useState } from 'react';
import {
  suggestedTranslationTitle,
  translationMessages,
  translationTargets,
  TranslationTitleSchema,
  type BookLanguage,
} from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { useCurrentUserQuery } from '../auth/authApi';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button, Spinner } from '../../components/ui';
import { translateTexts } from './texts';
import { useSuggestTranslationTitleQuery, useTranslateBookMutation } from './translateApi';

/**
 * Picks a language (every one of the product's but the book's own) and starts the translation. Nothing is
 * preselected, so no click spends a translation on a language the author did not choose, and the button
 * says what it spends (one of the month's translations left). Choosing a language suggests the new book's
 * title at once (the original's with the language named) and asks the server for one (the AI model's, where
 * one is configured), which replaces it when it comes unless the author has started editing: the author's own
 * title is never overwritten. The new book shows up in the library with its own live progress; the dialog
 * closes once the server took it.
 */
export function TranslateDialog({
  book,
  open,
  onClose,
}: {
  book: { _id: string; title: string; language: BookLanguage };
  open: boolean;
  onClose: () => void;
}) {
  const targets = translationTargets(book.language);
  const [language, setLanguage] = useState<BookLanguage | ''>('');
  // The author's own title once they edit it; until then each chosen language suggests one.
  const [title, setTitle] = useState<string>();
  const asked = useSuggestTranslationTitleQuery(
    { id: book._id, language: language || 'english' },
    { skip: !open || !language || title !== undefined },
  );
  // currentData: the answer for the language chosen now, never the previous language's.
  const served = language ? asked.currentData : undefined;
  const shownTitle = title ?? served?.title ?? (language ? suggestedTranslationTitle(book.title, language) : '');
  const asking = title === undefined && asked.isFetching;
  const checkedTitle = TranslationTitleSchema.safeParse(shownTitle);
  const titleId = useId();
  const [translate, { isLoading }] = useTranslateBookMutation();
  const { data: user } = useCurrentUserQuery();
  const selectId = useId();
  const chosen = targets.find((target) => target.value === language);
  const submitText = chosen
    ? translateTexts.submitInto(chosen.label, user?.translationsLeftThisMonth ?? null)
    : translateTexts.submit;

  async function start() {
    if (!language) return;
    try {
      if (!checkedTitle.success) return;
      await translate({ id: book._id, language, title: checkedTitle.data }).unwrap();
      toast.success(translationMessages.started);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, translationMessages.failed));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={translateTexts.title}
      description={translateTexts.description}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {translateTexts.cancel}
          </Button>
          <Button
            type="button"
            onClick={() => void start()}
            busy={isLoading}
            disabled={isLoading || !chosen || !checkedTitle.success}
          >
            {isLoading ? translateTexts.starting : submitText}
          </Button>
        </>
      }
    >
      <div className="mt-5">
        <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
          {translateTexts.language}
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(event) => setLanguage(event.target.value as BookLanguage | '')}
          className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-[15px] text-stone-900 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
        >
          <option value="" disabled>
            {translateTexts.choose}
          </option>
          {targets.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
        {chosen && (
          <>
            <label htmlFor={titleId} className="mt-4 block text-sm font-medium text-stone-800">
              {translateTexts.titleLabel}
            </label>
            <input
              id={titleId}
              type="text"
              value={shownTitle}
              onChange={(event) => setTitle(event.target.value)}
              aria-describedby={`${titleId}-hint`}
              aria-busy={asking || undefined}
              aria-invalid={checkedTitle.success ? undefined : true}
              className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-[15px] text-stone-900 focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none"
            />
            <p
              id={`${titleId}-hint`}
              role="status"
              className="mt-1.5 flex items-center gap-1.5 text-xs text-stone-600"
              data-testid="translation-title-hint"
            >
              {asking && <Spinner className="size-3.5 shrink-0" />}
              {!checkedTitle.success
                ? checkedTitle.error.issues[0]?.message
                : asking
                  ? translateTexts.titleAsking
                  : title === undefined && served?.source === 'model'
                    ? translateTexts.titleHintModel
                    : translateTexts.titleHint}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
