import { useId, type CSSProperties } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { isSuggestChangesEnabled, toggleSuggestChanges } from '@handlewithcare/prosemirror-suggest-changes';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Command } from '@tiptap/pm/state';
import { presenceColorOf, presenceVariables } from '../presenceColors';
import { authorOfSuggestion } from './suggestionIds';
import {
  chapterRangeAt,
  decideSuggestion,
  decideSuggestionsIn,
  selectNextSuggestion,
  suggestionAt,
  suggestionsIn,
} from './suggestionModel';
import { storageOf, suggestionAuthorName } from './suggestChangesExtension';
import { suggestionTexts as texts } from './suggestionTexts';
import './suggestions.css';

/**
 * Who suggests and who decides in the live editor (issue 44): an editor's edits are always suggestions
 * (`forced`); the owner and co-authors edit directly and may switch Suggesting on for themselves, and they
 * accept or reject (`decides`).
 */
export interface SuggestionPolicy {
  forced: boolean;
  decides: boolean;
}

/** The book's suggestions counted once per document (the selector also runs when only the caret moves). */
const countsByDocument = new WeakMap<ProseMirrorNode, number>();
function suggestionsInBook(doc: ProseMirrorNode): number {
  const known = countsByDocument.get(doc);
  if (known !== undefined) return known;
  const count = suggestionsIn(doc).length;
  countsByDocument.set(doc, count);
  return count;
}

/** What the bar shows, read on each transaction but re-rendering only when it changes. */
function useSuggestionState(editor: Editor, selfUserId: string | undefined) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { state } = e;
      const chapter = chapterRangeAt(state.doc, state.selection.from);
      const current = suggestionAt(state, chapter);
      const author = current && authorOfSuggestion(current.id);
      return {
        enabled: isSuggestChangesEnabled(state),
        inBook: suggestionsInBook(state.doc),
        chapter: {
          from: chapter.from,
          to: chapter.to,
          count: suggestionsIn(state.doc, chapter.from, chapter.to).length,
        },
        current: current && {
          id: current.id,
          authorId: author?.kind === 'member' ? author.userId : undefined,
          name: suggestionAuthorName(current.id, storageOf(e), selfUserId),
          what: texts.summary(current.inserted, current.deleted, current.kinds, current.modifications),
        },
      };
    },
  });
}

const buttonClass =
  'rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700';
const acceptClass = `${buttonClass} bg-ink-900 text-white ring-ink-900 hover:bg-ink-800`;
const rejectClass = `${buttonClass} bg-white text-stone-800 ring-stone-300 hover:bg-stone-100`;

type SuggestionState = ReturnType<typeof useSuggestionState>;
type Run = (command: Command) => void;

/** A button of the bar that leaves the caret where it is in the manuscript. */
const keepCaret = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * The suggestions' bar under the formatting toolbar: the Suggesting switch (on and locked for an editor,
 * saying why), how many suggestions the book holds with a way to the next one, the suggestion the caret is
 * in with its author in their colour and, for the owner and co-authors, Accept and Reject for it and for
 * every suggestion in the caret's chapter. Between the toolbar and the text in the tab order, so Shift+Tab
 * from the manuscript reaches it. `withSwitch: false` (the solo editor, decision 0057): nobody to suggest
 * to, so no switch, and no bar at all once nothing is left to decide.
 */
export function SuggestionBar({
  editor,
  policy,
  selfUserId,
  withSwitch = true,
}: {
  editor: Editor;
  policy: SuggestionPolicy;
  selfUserId: string | undefined;
  withSwitch?: boolean;
}) {
  const state = useSuggestionState(editor, selfUserId);
  const run: Run = (command) => {
    command(editor.state, editor.view.dispatch);
    editor.commands.focus();
  };
  const { current, chapter } = state;
  if (!withSwitch && state.inBook === 0) return null;

  return (
    <div
      role="region"
      aria-label={texts.barLabel}
      data-testid="suggestion-bar"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-stone-200 bg-white px-3 py-2 text-sm sm:px-4"
    >
      {withSwitch && <SuggestingSwitch on={policy.forced || state.enabled} forced={policy.forced} run={run} />}
      {state.inBook > 0 && <BookSuggestions count={state.inBook} run={run} />}
      {current && <CurrentSuggestion current={current} decides={policy.decides} run={run} />}
      {policy.decides && chapter.count > 0 && <ChapterDecisions chapter={chapter} run={run} />}
    </div>
  );
}

/** The switch, with why it cannot be turned off for an editor. */
function SuggestingSwitch({ on, forced, run }: { on: boolean; forced: boolean; run: Run }) {
  const hintId = useId();
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-disabled={forced || undefined}
        aria-describedby={hintId}
        onMouseDown={keepCaret}
        onClick={() => {
          if (!forced) run(toggleSuggestChanges);
        }}
        className={`flex items-center gap-2 rounded-full py-1 pr-3 pl-1 font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700 ${on ? 'bg-ink-50 text-ink-950 ring-ink-300' : 'bg-white text-stone-700 ring-stone-300'} ${forced ? 'cursor-default' : ''}`}
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-5 w-9 items-center rounded-full transition-colors ${on ? 'bg-ink-700' : 'bg-stone-300'}`}
        >
          <span
            className={`absolute size-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-4.5' : 'translate-x-0.5'}`}
          />
        </span>
        {texts.switchLabel}
      </button>
      <p id={hintId} className={forced ? 'text-stone-700' : 'sr-only'}>
        {forced ? texts.editorLocked : texts.switchHelpOptional}
      </p>
    </div>
  );
}

/** The suggestion the caret is in: whose, what, and (for those who decide) Accept and Reject. */
function CurrentSuggestion({
  current,
  decides,
  run,
}: {
  current: NonNullable<SuggestionState['current']>;
  decides: boolean;
  run: Run;
}) {
  const authorStyle = current.authorId
    ? (presenceVariables(presenceColorOf(current.authorId)) as CSSProperties)
    : undefined;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2" data-testid="current-suggestion">
      <p className="flex min-w-0 items-center gap-1.5 text-stone-800">
        <span aria-hidden="true" className="presence presence-dot size-2.5 shrink-0 rounded-full" style={authorStyle} />
        <span className="min-w-0 truncate">
          <span
            className={current.authorId ? 'presence suggestion-author font-semibold' : 'font-semibold'}
            style={authorStyle}
          >
            {current.name}
          </span>
          : {current.what}
        </span>
      </p>
      {decides && (
        <span className="flex gap-2">
          <button
            type="button"
            className={acceptClass}
            aria-label={texts.acceptNamed(current.name)}
            onMouseDown={keepCaret}
            onClick={() => run(decideSuggestion(current.id, 'accept'))}
          >
            {texts.accept}
          </button>
          <button
            type="button"
            className={rejectClass}
            aria-label={texts.rejectNamed(current.name)}
            onMouseDown={keepCaret}
            onClick={() => run(decideSuggestion(current.id, 'reject'))}
          >
            {texts.reject}
          </button>
        </span>
      )}
    </div>
  );
}

/** How many suggestions the book holds, and the caret taken to the next one (after the last, the first). */
function BookSuggestions({ count, run }: { count: number; run: Run }) {
  return (
    <div className="flex items-center gap-2">
      <span className="text-stone-700" data-testid="suggestions-in-book">
        {texts.inBook(count)}
      </span>
      <button
        type="button"
        className={rejectClass}
        aria-label={texts.next}
        onMouseDown={keepCaret}
        onClick={() => run(selectNextSuggestion)}
      >
        {texts.nextShort}
      </button>
    </div>
  );
}

/** Accept or reject every suggestion in the caret's chapter, as one step that one undo takes back. */
function ChapterDecisions({ chapter, run }: { chapter: SuggestionState['chapter']; run: Run }) {
  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <span className="sr-only text-stone-600 sm:not-sr-only">{texts.inChapter(chapter.count)}</span>
      <button
        type="button"
        className={rejectClass}
        onMouseDown={keepCaret}
        onClick={() => run(decideSuggestionsIn(chapter.from, chapter.to, 'accept'))}
      >
        {texts.acceptAll}
      </button>
      <button
        type="button"
        className={rejectClass}
        onMouseDown={keepCaret}
        onClick={() => run(decideSuggestionsIn(chapter.from, chapter.to, 'reject'))}
      >
        {texts.rejectAll}
      </button>
    </div>
  );
}
