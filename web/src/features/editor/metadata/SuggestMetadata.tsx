import { useState } from 'react';
import type { MetadataSuggestion } from '@bookwright/contracts/http';
import { DescriptionText } from '../../../components/DescriptionText';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { useSuggestMetadataMutation } from '../../history/revisionsApi';
import { errorMessage } from '../../../api/baseQuery';

export const suggestTexts = {
  suggest: 'Suggest with AI',
  suggesting: 'Suggesting...',
  title: 'Suggested metadata',
  hint: 'From the plan and the manuscript. Accept to fill the form, then edit and save as usual.',
  accept: 'Accept',
  discard: 'Discard',
  failure: 'Could not suggest metadata. Please try again.',
  subtitle: 'Subtitle',
  categories: 'Categories',
  keywords: 'Keywords',
  description: 'Description',
} as const;

/**
 * The form fields a suggestion fills: the categories go into the genre field, as KDP's subjects. The model
 * names no author, so a required Author still empty takes `author` (the account's name, issue 47) rather
 * than staying the one empty required field after "fill everything"; an author already typed is kept.
 */
export function withSuggestion<
  F extends { author: string; description: string; keywords: readonly string[]; genreMetadata: string | null },
>(form: F, suggestion: MetadataSuggestion, author: string): F {
  return {
    ...form,
    author: form.author.trim() ? form.author : author,
    description: suggestion.description,
    keywords: suggestion.keywords,
    genreMetadata: suggestion.categories.join('; '),
  };
}

/**
 * 'Suggest with AI' for the metadata form: asks for a suggestion (nothing is saved), shows it, and hands it
 * to the form on Accept; Discard drops it.
 */
export function SuggestMetadata({
  bookId,
  onAccept,
  onNeedPlan,
}: {
  bookId: string;
  onAccept: (suggestion: MetadataSuggestion) => void;
  /** Set on one's own book without a plan: the button leads to the plans rather than to a refusal. */
  onNeedPlan?: (() => void) | undefined;
}) {
  const [suggest, { isLoading }] = useSuggestMetadataMutation();
  const [suggestion, setSuggestion] = useState<MetadataSuggestion>();
  async function ask() {
    if (onNeedPlan) return onNeedPlan();
    try {
      setSuggestion(await suggest(bookId).unwrap());
    } catch (error) {
      toast.error(errorMessage(error, suggestTexts.failure));
    }
  }

  return (
    <div className="rounded-lg border border-ink-100 bg-ink-50/40 p-3">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={() => void ask()}
        disabled={isLoading}
        busy={isLoading}
      >
        {isLoading ? suggestTexts.suggesting : suggestTexts.suggest}
      </Button>
      {suggestion && (
        <section aria-label={suggestTexts.title} className="mt-3 space-y-2 text-sm">
          <p className="text-xs text-stone-600">{suggestTexts.hint}</p>
          <label className="block">
            <span className="font-semibold text-stone-700">{suggestTexts.subtitle}</span>
            <input
              value={suggestion.subtitle}
              maxLength={300}
              onChange={(e) => setSuggestion({ ...suggestion, subtitle: e.target.value })}
              className="mt-1 w-full rounded-md border border-stone-300 px-2 py-1"
            />
          </label>
          <p>
            <span className="font-semibold text-stone-700">{suggestTexts.categories}: </span>
            {suggestion.categories.join('; ')}
          </p>
          <p>
            <span className="font-semibold text-stone-700">{suggestTexts.keywords}: </span>
            {suggestion.keywords.join(', ')}
          </p>
          <div>
            <span className="font-semibold text-stone-700">{suggestTexts.description}</span>
            {/* Formatted as the metadata form's Description will show it once accepted. */}
            <DescriptionText
              html={suggestion.description}
              className="mt-1 max-h-32 overflow-y-auto rounded-md bg-white p-2 text-stone-700"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setSuggestion(undefined)}>
              {suggestTexts.discard}
            </Button>
            <Button
              type="button"
              onClick={() => {
                onAccept(suggestion);
                setSuggestion(undefined);
              }}
            >
              {suggestTexts.accept}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
