import type { SaveState } from './manuscriptSaver';
import { saveStatusTexts as texts } from './saveTexts';

/** The words for a save state; `autosave` tells a change about to be saved from one waiting for Save. */
export function saveStatusText(state: SaveState, autosave: boolean): string {
  switch (state) {
    case 'saved':
      return texts.saved;
    case 'pending':
      return autosave ? texts.saving : texts.unsaved;
    case 'saving':
      return texts.saving;
    case 'offline':
      return texts.offline;
    case 'retrying':
      return texts.retrying;
    case 'refused':
      return texts.refused;
    case 'conflict':
      return texts.conflict;
  }
}

const tone: Record<SaveState, string> = {
  saved: 'text-stone-600',
  pending: 'text-stone-600',
  saving: 'text-stone-600',
  offline: 'text-amber-800',
  retrying: 'text-red-700',
  refused: 'text-red-700',
  conflict: 'text-red-700',
};

/**
 * The status beside the title. A polite live region: screen readers hear where the text is without being
 * interrupted while typing. "Retry now" sits outside it, so the announcement stays the status alone.
 */
export function SaveStatus({
  state,
  autosave,
  onRetry,
  onChoose,
}: {
  state: SaveState;
  autosave: boolean;
  onRetry: () => void;
  /** Opens the choice between two versions again. */
  onChoose: () => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <p role="status" aria-live="polite" data-testid="save-status" data-state={state} className={tone[state]}>
        {saveStatusText(state, autosave)}
      </p>
      {(state === 'retrying' || state === 'offline' || state === 'refused') && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md px-1.5 py-0.5 font-semibold text-ink-800 underline underline-offset-2 hover:bg-stone-100"
        >
          {texts.retryNow}
        </button>
      )}
      {state === 'conflict' && (
        <button
          type="button"
          onClick={onChoose}
          className="rounded-md px-1.5 py-0.5 font-semibold text-ink-800 underline underline-offset-2 hover:bg-stone-100"
        >
          {texts.choose}
        </button>
      )}
    </div>
  );
}
