import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and focus returns
 * to where it was. A click on the backdrop closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-ink-950/45 ${size === 'sm' ? 'max-w-md' : 'max-w-lg'}`}
    >
      {open && (
        <div className="relative p-6 sm:p-7">
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="absolute top-4 right-4 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
          >
            <CloseIcon className="size-4.5" />
          </button>
          <h2 id={titleId} className="pr-8 font-display text-2xl font-semibold text-ink-950">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-[15px] leading-relaxed text-stone-600">
              {description}
            </div>
          )}
          {children}
          {footer && <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
