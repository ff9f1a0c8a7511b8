import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { CloseIcon } from './icons';

/**
 * A modal dialog on Radix's Dialog: focus is trapped and returns to where it was, Escape and a click on
 * the backdrop close it, the page behind is inert for screen readers. Its content unmounts on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
  /**
   * Where focus goes on close when not back to where it was: after an action that removes the element
   * that opened the dialog (a book moved to the trash), the caller names what takes its place.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        {/* A click outside is a click on the overlay, which covers the page: Radix's own outside-click
            dismissal only starts listening in a setTimeout(0) after opening, so a click the browser handled
            before that timer (input goes ahead of timers on a busy main thread) was lost. The sample-book
            modal had the same race (its commit says how it was found). */}
        <RadixDialog.Overlay
          className="fixed inset-0 z-50 bg-scrim/60"
          data-testid="dialog-overlay"
          onClick={onClose}
        />
        <RadixDialog.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Our dialogs are opened by state, not by a Radix Trigger, so Radix has nothing to give focus back
          // to: remember what had it when the dialog opened and return it there on close.
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (returnFocus?.() ?? returnFocusTo.current)?.focus();
          }}
          // In the dark theme the shadow is lost on the near-black page: a hairline ring marks the edge.
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white text-stone-900 shadow-2xl focus:outline-none dark:ring-1 dark:ring-stone-200 ${size === 'sm' ? 'max-w-md' : 'max-w-lg'}`}
        >
          <div className="relative p-6 sm:p-7">
            <RadixDialog.Close
              aria-label="Close dialog"
              className="absolute top-4 right-4 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
            >
              <CloseIcon className="size-4.5" />
            </RadixDialog.Close>
            <RadixDialog.Title className="pr-8 font-display text-2xl font-semibold text-ink-950">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description asChild>
                <div className="mt-2 text-[15px] leading-relaxed text-stone-600">{description}</div>
              </RadixDialog.Description>
            )}
            {children}
            {footer && <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
