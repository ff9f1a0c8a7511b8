import { useLayoutEffect } from 'react';
import type { Editor } from '@tiptap/react';
import type { Awareness } from 'y-protocols/awareness';
import { setSuggestionsForced } from './suggestChangesExtension';
import { SuggestionBar, type SuggestionPolicy } from './SuggestionBar';
import { useSuggestionAuthors } from './useSuggestionAuthors';

/** What the live editor is told of suggestions: the reader's policy and the book whose people name authors. */
export interface LiveSuggestionsProps {
  policy: SuggestionPolicy;
  bookId: string;
  workspaceId: string | undefined;
}

/**
 * Suggestions in the live editor: the reader's policy given to the editor's extension (before any edit can
 * reach it), the authors' names on the text, and the bar for those who may change the text (commenters and
 * viewers see the suggestions and their authors, nothing to decide or switch).
 */
export function LiveSuggestions({
  editor,
  suggestions,
  readOnly,
  awareness,
  selfUserId,
}: {
  editor: Editor;
  suggestions: LiveSuggestionsProps;
  readOnly: boolean;
  awareness: Awareness | null;
  selfUserId: string | undefined;
}) {
  const { forced } = suggestions.policy;
  useLayoutEffect(() => {
    setSuggestionsForced(editor, forced);
  }, [editor, forced]);
  useSuggestionAuthors(editor, suggestions, awareness, selfUserId);
  return readOnly ? null : <SuggestionBar editor={editor} policy={suggestions.policy} selfUserId={selfUserId} />;
}

/**
 * The policy of a role (issue 44): an editor suggests and cannot switch it off; the owner and co-authors
 * edit directly, may suggest, and decide. Commenters and viewers do neither (their editor is read-only).
 */
export function suggestionPolicyOf(role: string, mayEdit: boolean): SuggestionPolicy {
  return { forced: role === 'editor', decides: mayEdit };
}
