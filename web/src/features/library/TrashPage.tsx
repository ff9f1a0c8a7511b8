import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/baseQuery';
import { Dialog } from '../../components/Dialog';
import { ChevronLeftIcon, RetryIcon, TrashIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button, Spinner } from '../../components/ui';
import { logError } from '../../lib/log';
import { BookCover } from '../books/BookCover';
import { StatusBadge } from '../books/StatusBadge';
import { useDeleteForeverMutation, useListTrashQuery, useRestoreBookMutation, type TrashedBook } from './trashApi';
import { trashTexts } from './trashTexts';

const headingId = 'trash-heading';
const dayMs = 24 * 60 * 60 * 1000;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dayMonth = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long' });
const daysUntil = (iso: string, now: number) => Math.ceil((new Date(iso).getTime() - now) / dayMs);

/** Focus goes to the heading once a book leaves the list: the row that held it is gone. */
const focusHeading = () => document.getElementById(headingId);

/**
 * /app/trash: the books moved to the trash, each with when it is deleted for good (30 days after the move),
 * to restore or delete forever (issue 19).
 */
export function TrashPage() {
  const { data: books, isLoading, error } = useListTrashQuery(undefined, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (error) logError('the trash could not be loaded', error);
  }, [error]);
  const [now] = useState(() => Date.now());

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <Link
        to="/app"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-stone-600 hover:text-ink-950"
      >
        <ChevronLeftIcon className="size-4" />
        {trashTexts.backToLibrary}
      </Link>
      <h1
        id={headingId}
        tabIndex={-1}
        className="mt-4 font-display text-3xl font-semibold tracking-tight text-ink-950 focus:outline-none sm:text-4xl"
      >
        {trashTexts.title}
      </h1>
      <p className="mt-2 text-base text-stone-600">{trashTexts.intro}</p>
      <div className="mt-8">
        {isLoading ? (
          <p className="flex items-center gap-2 text-sm text-stone-600" aria-busy="true">
            <Spinner /> {trashTexts.loading}
          </p>
        ) : error ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(error, trashTexts.loadFailed)}
          </p>
        ) : !books || books.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-14 text-center">
            <TrashIcon className="mx-auto size-8 text-stone-400" />
            <p className="mt-3 font-display text-xl text-ink-900">{trashTexts.empty}</p>
          </div>
        ) : (
          <ul
            className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
            aria-labelledby={headingId}
          >
            {books.map((book) => (
              <li key={book._id} data-testid="trashed-book" data-book-id={book._id}>
                <TrashRow book={book} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function TrashRow({ book, now }: { book: TrashedBook; now: number }) {
  const [restore, restoring] = useRestoreBookMutation();
  const [deleteForever, deleting] = useDeleteForeverMutation();
  const [confirming, setConfirming] = useState(false);
  const [gone, setGone] = useState(false);
  const busy = restoring.isLoading || deleting.isLoading;

  async function onRestore() {
    try {
      const answer = await restore(book._id).unwrap();
      toast.success(answer.msg || trashTexts.restored);
      focusHeading()?.focus();
    } catch (error) {
      toast.error(errorMessage(error, trashTexts.restoreFailed));
    }
  }

  async function onDelete() {
    try {
      const answer = await deleteForever(book._id).unwrap();
      setGone(true);
      setConfirming(false);
      toast.success(answer.msg || trashTexts.deleted);
    } catch (error) {
      toast.error(errorMessage(error, trashTexts.deleteFailed));
    }
  }

  return (
    <article className="flex flex-wrap items-center gap-4 px-4 py-4 sm:flex-nowrap sm:px-5">
      <BookCover title={book.title} coverImage={book.coverImage} size="sm" className="w-12 shrink-0" />
      <div className="min-w-0 flex-1 basis-48">
        <h2 className="truncate font-display text-lg font-semibold text-ink-950">{book.title}</h2>
        <p className="mt-0.5 text-sm text-stone-600">{trashTexts.movedOn(longDate(book.deletedAt))}</p>
        <p className="text-sm font-medium text-stone-800" data-testid="purge-at">
          {trashTexts.purgedOn(dayMonth(book.purgeAt), daysUntil(book.purgeAt, now))}
        </p>
        <div className="mt-1.5">
          <StatusBadge status={book.status} />
        </div>
      </div>
      <div className="flex w-full gap-2 sm:w-auto sm:shrink-0">
        <Button
          type="button"
          variant="secondary"
          className="flex-1 px-3 py-2 whitespace-nowrap sm:flex-none"
          onClick={() => void onRestore()}
          disabled={busy}
          busy={restoring.isLoading}
          aria-label={`${trashTexts.restore}: ${book.title}`}
        >
          {!restoring.isLoading && <RetryIcon className="size-4" />}
          {restoring.isLoading ? trashTexts.restoring : trashTexts.restore}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="flex-1 border-red-300 px-3 py-2 whitespace-nowrap text-red-800 hover:border-red-400 hover:bg-red-50 sm:flex-none"
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={`${trashTexts.deleteForever}: ${book.title}`}
        >
          <TrashIcon className="size-4" />
          {trashTexts.deleteForever}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        size="sm"
        title={trashTexts.deleteTitle}
        description={trashTexts.deleteBody(book.title)}
        returnFocus={gone ? focusHeading : undefined}
        footer={
          <>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={deleting.isLoading}
            >
              {trashTexts.cancel}
            </Button>
            <Button
              type="button"
              className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/70"
              onClick={() => void onDelete()}
              disabled={deleting.isLoading}
              busy={deleting.isLoading}
            >
              {deleting.isLoading ? trashTexts.deleting : trashTexts.deleteForever}
            </Button>
          </>
        }
      />
    </article>
  );
}
