import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from '../../../components/icons';

/**
 * Where the book details sit: beside the manuscript a complementary landmark; over it (below 1024 px) a
 * non-modal sheet with a scrim and its own close button.
 */
export function SidePanelFrame({
  open,
  sheet,
  onCloseSheet: closeSheet,
  closeRef,
  children,
}: {
  open: boolean;
  sheet: boolean;
  onCloseSheet: () => void;
  closeRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <>
      {sheet && <div className="absolute inset-0 z-10 bg-scrim/40 lg:hidden" aria-hidden="true" onClick={closeSheet} />}
      <div
        id="book-side-panel"
        aria-label="Book details"
        hidden={!open}
        role={sheet ? 'dialog' : 'complementary'}
        {...(sheet ? { 'aria-modal': false } : {})}
        onKeyDown={(event) => {
          if (sheet && event.key === 'Escape' && !event.defaultPrevented) closeSheet();
        }}
        className="absolute inset-y-0 left-0 z-20 w-full border-r border-stone-200 bg-paper shadow-xl sm:w-96 sm:max-w-sm lg:static lg:z-auto lg:w-80 lg:max-w-none lg:shadow-none xl:w-96"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2 lg:hidden">
            <p className="text-sm font-semibold text-stone-800">Book details</p>
            <button
              ref={closeRef}
              type="button"
              onClick={closeSheet}
              aria-label="Close book details"
              className="rounded-lg p-1.5 text-stone-500 hover:bg-stone-100"
            >
              <CloseIcon className="size-4.5" />
            </button>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </div>
      </div>
    </>
  );
}
