import { toast as toastify, type Id } from 'react-toastify';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * A toast's id is its kind and text: react-toastify shows nothing new for an id already on screen, so the
 * same message is not stacked again while it is shown (four "Saved successfully!" hid the Confirm button).
 */
const show =
  (kind: ToastKind) =>
  (message: string): Id =>
    toastify[kind](message, { toastId: `${kind}:${message}` });

/**
 * Notifications (spec §8: top right, closing by themselves after 5000 ms) on react-toastify; the
 * container, its look and its limit of three at once are in Toaster.tsx. Call sites use this module (and
 * actionToast.tsx for the one kind with a button, which needs JSX), not the library.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};

/**
 * A toast that a later fact may overtake while it is on screen, under an id naming what it is about (issue
 * 47: "it can take up to 30 minutes" beside a card that already says Ready). Shown once per id, as above.
 */
export function showCorrectable(kind: ToastKind, message: string, id: string): Id {
  return toastify[kind](message, { toastId: id });
}

/**
 * Rewrites the toast `id` while it is shown (or closes it, without a message); one already closed stays
 * closed, since what it said was true while it was read. Answers whether it was still shown.
 */
export function correctToast(id: string, replacement?: { kind: ToastKind; message: string }): boolean {
  if (!toastify.isActive(id)) return false;
  if (replacement) toastify.update(id, { render: replacement.message, type: replacement.kind });
  else toastify.dismiss(id);
  return true;
}

export function dismissToast(id: Id) {
  toastify.dismiss(id);
}

/** For tests: forget every toast, shown or waiting for a container. */
export function clearToasts() {
  toastify.dismiss();
  toastify.clearWaitingQueue();
}
