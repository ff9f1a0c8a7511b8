import { toast as toastify, type Id } from 'react-toastify';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * Notifications (spec §8: top right, closing by themselves after 5000 ms) on react-toastify; the
 * container and its look are in Toaster.tsx. Call sites use this module, not the library.
 */
export const toast = {
  success: (message: string): Id => toastify.success(message),
  error: (message: string): Id => toastify.error(message),
  info: (message: string): Id => toastify.info(message),
  warning: (message: string): Id => toastify.warning(message),
};

export function dismissToast(id: Id) {
  toastify.dismiss(id);
}

/** For tests: forget every toast, shown or waiting for a container. */
export function clearToasts() {
  toastify.dismiss();
  toastify.clearWaitingQueue();
}
