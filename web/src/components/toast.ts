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

export function dismissToast(id: Id) {
  toastify.dismiss(id);
}

/** For tests: forget every toast, shown or waiting for a container. */
export function clearToasts() {
  toastify.dismiss();
  toastify.clearWaitingQueue();
}
