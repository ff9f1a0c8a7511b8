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

/**
 * Says so when the server writes with the offline demo writer (no AI model configured), and how to
 * connect a model. Hidden while the answer is unknown or when a model writes.
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
      <p className="min-w-0 flex-1 leading-relaxed">
        <strong className="font-semibold">Demo texts.</strong> No AI model is connected, so plans and books are
        demonstration texts composed by Bookwright&apos;s offline writer from your prompt. To write with a model, start
        the server with <code className="rounded bg-amber-100 px-1">OPENAI_API_KEY</code> (OpenAI) or{' '}
        <code className="rounded bg-amber-100 px-1">OPENAI_BASE_URL</code> (any OpenAI-compatible server, such as
        Ollama), and choose it with <code className="rounded bg-amber-100 px-1">LLM_MODEL</code>.
      </p>
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
