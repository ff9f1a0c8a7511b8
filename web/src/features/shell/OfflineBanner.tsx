import { useState } from 'react';
import { CloseIcon } from '../../components/icons';
import { useHealthQuery } from './systemApi';

/** Remembers the dismissal in this browser; a new server setup does not bring it back. */
export const offlineBannerStorageKey = 'bookwright.offlineBanner.dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(offlineBannerStorageKey) === '1';
  } catch {
    return false; // storage blocked (private mode, policies): show it, dismissal lasts the page
  }
}

export const demoBannerText = 'Demo mode: texts are examples, not written by an AI model';

/**
 * Says so when the server writes with the offline demo writer (no AI model configured). Hidden while the
 * answer is unknown or when a model writes.
 */
export function OfflineBanner() {
  const { data } = useHealthQuery();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (data?.llm !== 'offline' || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(offlineBannerStorageKey, '1');
    } catch {
      // Not remembered; it is gone for this page anyway.
    }
  };

  return (
    <aside
      aria-label="Demo mode"
      className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {/* Spoken to authors; how an operator connects a model is in the README and GET /api/v1/health. */}
      <p className="min-w-0 flex-1 leading-relaxed">{demoBannerText}</p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the demo notice"
        className="-m-1 shrink-0 rounded-lg p-1 text-amber-900 hover:bg-amber-100"
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
