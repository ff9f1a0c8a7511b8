import { useEffect, useId, useRef, useState } from 'react';
import { MessageCircle, X } from 'lucide-react';
import { helpPanel } from '../landing/content';

/**
 * Spec §2's round button at the bottom right: it opens a small help panel (mail and FAQ links). From 640 px
 * it is fixed to the window's corner. On a phone it would sit over the closing call to action and the
 * footer's last lines (issue 47: at 390 px it covered the end of the call to action), so there it is sticky:
 * placed in the page just before the closing section, it follows the window's corner down the page and
 * stays behind, above that section, once the reader gets there; lifted 1 rem so that it rests clear of it
 * and follows 1.25 rem above the window's edge. The bottom offset keeps clear of a phone's home indicator
 * (safe area). Resting in the page, it scrolls under the sticky site header (z-30), not over its buttons.
 */
export function HelpButton({ anchorBase = '' }: { anchorBase?: '' | '/' }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const linkClass =
    'block rounded-lg px-3 py-2 text-sm font-medium text-ink-900 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-white/10';
  return (
    <div
      ref={root}
      data-testid="help-button"
      className="pointer-events-none sticky bottom-[max(0.25rem,env(safe-area-inset-bottom))] z-20 -translate-y-4 flex h-0 flex-col items-end justify-end gap-3 px-5 *:pointer-events-auto *:shrink-0 sm:fixed sm:right-6 sm:z-40 sm:translate-y-0 sm:bottom-[max(1.5rem,env(safe-area-inset-bottom))] sm:h-auto sm:px-0"
    >
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={helpPanel.title}
          className="w-72 rounded-2xl border border-stone-200 bg-white p-4 shadow-2xl shadow-ink-950/20 dark:border-white/10 dark:bg-ink-900"
        >
          <p className="font-display text-lg font-semibold text-ink-950 dark:text-white">{helpPanel.title}</p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{helpPanel.text}</p>
          <ul className="mt-3 space-y-1">
            <li>
              <a href={helpPanel.mail.href} className={linkClass}>
                {helpPanel.mail.label}
              </a>
            </li>
            <li>
              <a href={`${anchorBase}${helpPanel.faq.href}`} className={linkClass} onClick={() => setOpen(false)}>
                {helpPanel.faq.label}
              </a>
            </li>
            <li>
              <a href={`${anchorBase}${helpPanel.pricing.href}`} className={linkClass} onClick={() => setOpen(false)}>
                {helpPanel.pricing.label}
              </a>
            </li>
          </ul>
        </div>
      )}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? helpPanel.close : helpPanel.open}
        onClick={() => setOpen((o) => !o)}
        className="grid size-14 place-items-center rounded-full bg-ink-900 text-white shadow-lg shadow-ink-950/30 transition-transform hover:scale-105 hover:bg-ink-800 dark:bg-brass-600 dark:hover:bg-brass-700"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </button>
    </div>
  );
}
