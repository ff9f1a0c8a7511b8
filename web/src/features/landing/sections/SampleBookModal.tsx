import { useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Download, X } from 'lucide-react';
import { pagesOf, showcase, type SampleBook } from '../content';

const text = showcase.modal;

/**
 * Spec §2's sample-book modal: cover, title, author, genre, pages, chapters, a description clamped to four
 * lines, the download panel, and the closing lines. Closes with its button, Escape or a click outside;
 * its content unmounts on close, so it opens fresh every time.
 *
 * A click outside is a click on the overlay, which covers the whole page under the dialog. Radix's own
 * outside-click dismissal is turned off: it starts listening for the pointerdown only in a setTimeout(0)
 * after opening, so a click that the browser handled before that timer (input goes ahead of timers on a
 * busy main thread) was lost and the dialog stayed open. The overlay's handler is there as soon as it is.
 */
export function SampleBookModal({ book, onClose }: { book: SampleBook | null; onClose: () => void }) {
  return (
    <Dialog.Root open={book !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-sm"
          data-testid="modal-overlay"
          onClick={onClose}
        />
        <Dialog.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white shadow-2xl focus:outline-none dark:bg-ink-900 dark:ring-1 dark:ring-white/10"
          aria-describedby={undefined}
        >
          {book && <ModalBody book={book} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ModalBody({ book, onClose }: { book: SampleBook; onClose: () => void }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <div className="relative flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
        <Dialog.Close
          className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-white/10"
          aria-label={text.close}
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
        <img
          src={book.coverUrl}
          alt={`Cover of ${book.title}`}
          width={160}
          height={240}
          className="mx-auto h-[240px] w-[160px] shrink-0 rounded-md object-cover shadow-lg sm:mx-0"
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-brass-700 uppercase dark:text-brass-500">
            {book.genre}
          </p>
          <Dialog.Title className="mt-1 pr-8 font-display text-2xl font-semibold text-ink-950 sm:text-3xl dark:text-white">
            {book.title}
          </Dialog.Title>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {showcase.by} {book.author}
          </p>
          <dl className="mt-4 flex gap-6 text-sm">
            <div>
              <dt className="text-stone-500 dark:text-stone-400">Pages</dt>
              <dd className="font-semibold text-ink-950 dark:text-white">{pagesOf(book.wordCount)}</dd>
            </div>
            <div>
              <dt className="text-stone-500 dark:text-stone-400">Chapters</dt>
              <dd className="font-semibold text-ink-950 dark:text-white">{book.chapters}</dd>
            </div>
          </dl>
          <p
            data-testid="modal-description"
            className={`mt-4 text-[15px] leading-relaxed text-stone-700 dark:text-stone-200 ${expanded ? '' : 'line-clamp-4'}`}
          >
            {book.description}
          </p>
          <button
            type="button"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            className="mt-1 rounded text-sm font-semibold text-ink-700 underline underline-offset-4 dark:text-stone-200"
          >
            {expanded ? 'Show less' : 'Read more'}
          </button>
          <p className="mt-3 text-xs text-stone-500 dark:text-stone-400">
            {text.sourceLabel}: {book.source}
          </p>
        </div>
      </div>
      {book.epubUrl && (
        <div className="mx-6 mb-6 rounded-xl border border-stone-200 bg-paper p-5 sm:mx-8 dark:border-white/10 dark:bg-white/5">
          <p className="font-semibold text-ink-950 dark:text-white">{text.downloadTitle}</p>
          <p className="text-sm text-stone-600 dark:text-stone-300">{text.downloadText}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <a
              href={book.epubUrl}
              download
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-ink-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-ink-800 dark:bg-brass-600 dark:hover:bg-brass-700"
            >
              <Download className="size-4" aria-hidden="true" />
              {text.download}
            </a>
            <Link
              to="/signup"
              onClick={onClose}
              className="inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 dark:border-white/15 dark:bg-transparent dark:text-stone-100 dark:hover:bg-white/10"
            >
              {text.createYourOwn}
            </Link>
          </div>
        </div>
      )}
      <div className="border-t border-stone-200 px-6 py-5 text-center sm:px-8 dark:border-white/10">
        <p className="font-display text-lg text-ink-950 dark:text-white">{text.closingTitle}</p>
        <p className="text-sm text-stone-600 dark:text-stone-400">{text.closingText}</p>
      </div>
    </>
  );
}
