import { Slide, ToastContainer } from 'react-toastify';

/** Toasts close by themselves after this long (spec §8). */
const toastAutoCloseMs = 5000;

/** Toasts on screen at once; more wait their turn, so they never pile up over the page's buttons. */
export const maxToasts = 3;

/**
 * react-toastify's container with its defaults the spec names (top right, 320 px wide, full width up to
 * 480 px) and our colours (styles.css, `--toastify-*`).
 */
export function Toaster() {
  return (
    <ToastContainer
      limit={maxToasts}
      position="top-right"
      autoClose={toastAutoCloseMs}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss={false}
      theme="light"
      closeButton={({ closeToast }) => (
        <button
          type="button"
          onClick={closeToast}
          aria-label="Close notification"
          className="absolute top-2 right-2 rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      )}
    />
  );
}
