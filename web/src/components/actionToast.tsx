import { toast as toastify, type Id } from 'react-toastify';

/**
 * A notification with one action, e.g. "Book moved to trash · Undo". The action closes the notification
 * before it runs, so a second click cannot repeat it.
 */
export function toastWithAction(message: string, action: { label: string; onAction: () => void }): Id {
  return toastify.success(({ closeToast }) => (
    <div className="flex items-center justify-between gap-3 pr-5">
      <span>{message}</span>
      <button
        type="button"
        onClick={() => {
          closeToast();
          action.onAction();
        }}
        className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-ink-800 underline underline-offset-2 hover:bg-stone-100 hover:text-ink-950"
      >
        {action.label}
      </button>
    </div>
  ));
}
