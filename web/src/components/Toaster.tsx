import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, type ToastKind } from './toast';

const styles: Record<ToastKind, { bar: string; icon: string; label: string }> = {
  success: { bar: 'bg-emerald-600', icon: 'text-emerald-700', label: 'Success' },
  error: { bar: 'bg-red-600', icon: 'text-red-700', label: 'Error' },
  warning: { bar: 'bg-amber-500', icon: 'text-amber-700', label: 'Warning' },
  info: { bar: 'bg-ink-600', icon: 'text-ink-700', label: 'Information' },
};

function ToastIcon({ kind }: { kind: ToastKind }) {
  const paths: Record<ToastKind, string> = {
    success: 'M5 10.5l3.2 3.2L15 7',
    error: 'M7 7l6 6M13 7l-6 6',
    warning: 'M10 6v5M10 14h.01',
    info: 'M10 9v5M10 6h.01',
  };
  return (
    <svg viewBox="0 0 20 20" className={`mt-0.5 size-5 shrink-0 ${styles[kind].icon}`} aria-hidden="true">
      <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Top-right, 320 px wide; full width on screens up to 480 px (spec §9). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-[320px] flex-col gap-2 max-[480px]:top-0 max-[480px]:right-0 max-[480px]:left-0 max-[480px]:w-full max-[480px]:gap-0"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}
          className="pointer-events-auto relative flex animate-toast-in gap-3 overflow-hidden rounded-lg border border-stone-200 bg-white py-3 pr-10 pl-4 text-sm text-stone-800 shadow-lg shadow-stone-900/10 max-[480px]:rounded-none"
        >
          <span className={`absolute inset-y-0 left-0 w-1 ${styles[t.kind].bar}`} aria-hidden="true" />
          <ToastIcon kind={t.kind} />
          <p className="leading-snug">
            <span className="sr-only">{styles[t.kind].label}: </span>
            {t.message}
          </p>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
