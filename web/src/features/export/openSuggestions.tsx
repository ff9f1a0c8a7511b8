import { openSuggestionsNotice, TiptapDocumentSchema } from '@bookwright/contracts/http';
import { openSuggestionCount } from '@bookwright/manuscript';

/**
 * Open suggestions in a saved manuscript (GET /book's bookContent): an export prints the manuscript with
 * each of them rejected (decision 0043), so none of them will be in the file. 0 when it cannot be read.
 */
export function savedOpenSuggestions(bookContent: string | null | undefined): number {
  if (!bookContent) return 0;
  try {
    const document = TiptapDocumentSchema.safeParse(JSON.parse(bookContent));
    return document.success ? openSuggestionCount(document.data) : 0;
  } catch {
    return 0;
  }
}

/** "2 open suggestions are not in this export", above the dialog's step; nothing when there are none. */
export function OpenSuggestionsNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p
      className="mb-4 rounded-lg border border-ink-200 bg-ink-50 px-3.5 py-2.5 text-sm text-ink-900"
      data-testid="export-open-suggestions"
    >
      {openSuggestionsNotice(count)}
    </p>
  );
}
