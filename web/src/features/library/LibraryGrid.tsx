import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { genres, roleLabels, type BookRole, type BookSummary } from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { MoreIcon, PeopleIcon, RetryIcon, ShareIcon, TrashIcon } from '../../components/icons';
import { Menu, type MenuItem } from '../../components/Menu';
import { toast } from '../../components/toast';
import { Button, buttonClass } from '../../components/ui';
import { libraryTexts } from './texts';
import { accessTexts } from '../billing/accessTexts';
import { plansPath } from '../billing/planAccess';
import { BookCover } from '../books/BookCover';
import { useRetryBookMutation } from '../books/booksApi';
import { bookPath, statusStyle } from '../books/status';
import { StatusBadge } from '../books/StatusBadge';
import { useBookAccess, type BookAccess } from '../sharing/bookAccess';
import { ShareDialog } from '../sharing/ShareDialog';
import { sharingTexts } from '../sharing/texts';
import { translateTexts } from '../translate/texts';
import { TranslateDialog } from '../translate/TranslateDialog';
import { TranslatedFrom } from '../translate/TranslatedFrom';
import { MoveToWorkspaceDialog } from '../workspaces/MoveToWorkspaceDialog';
import { workspaceTexts } from '../workspaces/texts';
import { useMoveTargets } from '../workspaces/useMoveTargets';
import { MoveToTrashDialog } from './MoveToTrash';
import { trashTexts } from './trashTexts';

/** The id of the library's heading, where focus goes when a book leaves the grid (moved to the trash). */
export const libraryHeadingId = 'library-heading';

const genreLabel = (value: string) => genres.find((g) => g.value === value)?.label ?? value;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const noBooks = { title: 'No books yet', body: 'Describe your next idea above and it will take shape here.' };

/**
 * The library grid (spec §2): status badges in the spec's colours; validation and ready books open. A book
 * shared with the reader names its owner and the reader's role, and offers only what that role may do.
 */
export function LibraryGrid({
  books,
  empty = noBooks,
}: {
  books: BookSummary[];
  empty?: { title: string; body: string };
}) {
  if (books.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-14 text-center">
        <p className="font-display text-xl text-ink-900">{empty.title}</p>
        <p className="mt-2 text-sm text-stone-600">{empty.body}</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-7 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4 xl:grid-cols-5">
      {books.map((book) => (
        <li
          key={book._id}
          data-testid="library-book"
          data-book-id={book._id}
          data-status={book.status}
          data-language={book.language}
          data-role={book.role}
        >
          <BookCard book={book} />
        </li>
      ))}
    </ul>
  );
}

function BookCard({ book }: { book: BookSummary }) {
  const path = bookPath(book);
  const [translating, setTranslating] = useState(false);
  const [trashing, setTrashing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [moving, setMoving] = useState(false);
  const access = useBookAccess(book);
  const movableTo = useMoveTargets(book);
  // What spends an allowance is the owner's to pay: only one's own book without a plan leads to the plans.
  const canWrite = !access.needsPlan;
  const navigate = useNavigate();
  // The menu's button, where focus returns when the author keeps the book (the menu item that opened the
  // dialog is gone by then).
  const menuButton = useRef<HTMLDivElement>(null);
  const cover = (
    <BookCover
      title={book.title}
      coverImage={book.coverImage}
      className={`w-full transition-transform duration-200 ${path ? 'group-hover:-translate-y-1 group-hover:shadow-lg' : ''}`}
    />
  );
  const caption = <BookCaption book={book} role={access.role} />;
  return (
    <article className="flex h-full flex-col">
      {path ? (
        <Link to={path} className="group block rounded-md">
          {cover}
          {caption}
        </Link>
      ) : (
        <div aria-disabled="true">
          {cover}
          {caption}
        </div>
      )}
      <div className="mt-2 flex items-center justify-between gap-2" ref={menuButton}>
        <StatusBadge status={book.status} />
        {/* Every status has the menu: a book stuck in "Action needed" can go to the trash too. */}
        <Menu
          label={`${translateTexts.menu}: ${book.title}`}
          placement="down"
          buttonClassName="rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
          items={bookMenuItems(book, access, {
            translate: () => (canWrite ? setTranslating(true) : void navigate(plansPath)),
            share: () => setSharing(true),
            trash: () => setTrashing(true),
            ...(movableTo.length > 0 ? { move: () => setMoving(true) } : {}),
          })}
        >
          <MoreIcon className="size-4.5" />
        </Menu>
      </div>
      <BookProgress book={book} canWrite={canWrite} canRetry={access.may('manage')} />
      {sharing && <ShareDialog book={book} open onClose={() => setSharing(false)} />}
      {translating && <TranslateDialog book={book} open onClose={() => setTranslating(false)} />}
      {movableTo.length > 0 && (
        <MoveToWorkspaceDialog
          book={book}
          workspaces={movableTo}
          open={moving}
          onClose={() => setMoving(false)}
          returnFocus={(moved) =>
            moved ? document.getElementById(libraryHeadingId) : menuButton.current?.querySelector('button')
          }
        />
      )}
      <MoveToTrashDialog
        book={book}
        open={trashing}
        onClose={() => setTrashing(false)}
        returnFocus={(moved) =>
          moved ? document.getElementById(libraryHeadingId) : menuButton.current?.querySelector('button')
        }
      />
    </article>
  );
}

function BookCaption({ book, role }: { book: BookSummary; role: BookRole }) {
  return (
    <>
      <span className="mt-3 line-clamp-2 block font-display text-[17px] leading-snug font-semibold text-ink-950">
        {book.title}
      </span>
      <span className="mt-0.5 block text-xs text-stone-600">
        {genreLabel(book.genre)} · {dateFormat.format(new Date(book.createdAt))}
      </span>
      {book.translation && (
        <TranslatedFrom translation={book.translation} language={book.language} className="mt-0.5" />
      )}
      {role !== 'owner' && (
        <span className="mt-0.5 block text-xs text-stone-700" data-testid="shared-by">
          {/* A workspace's book is the workspace's, not shared by a person: its library's heading names it. */}
          {book.ownerName && !book.workspaceId ? `${sharingTexts.sharedBy(book.ownerName)} · ` : ''}
          {roleLabels[role]}
        </span>
      )}
    </>
  );
}

/** The menu offers only what the reader's role may do (the contracts' table, through useBookAccess). */
function bookMenuItems(
  book: BookSummary,
  access: BookAccess,
  open: { translate: () => void; share: () => void; trash: () => void; move?: () => void },
): MenuItem[] {
  const canWrite = !access.needsPlan;
  return [
    ...(book.status === 'ready' && access.may('manage')
      ? [
          {
            label: canWrite ? translateTexts.open : `${translateTexts.open} (${accessTexts.needsPlan})`,
            onSelect: open.translate,
          },
        ]
      : []),
    {
      label: access.may('share') ? sharingTexts.share : sharingTexts.people,
      icon: access.may('share') ? (
        <ShareIcon className="size-4 text-stone-500" />
      ) : (
        <PeopleIcon className="size-4 text-stone-500" />
      ),
      onSelect: open.share,
    },
    ...(open.move
      ? [{ label: workspaceTexts.move, icon: <PeopleIcon className="size-4 text-stone-500" />, onSelect: open.move }]
      : []),
    ...(access.may('delete')
      ? [
          {
            label: trashTexts.move,
            icon: <TrashIcon className="size-4 text-stone-500" />,
            onSelect: open.trash,
          },
        ]
      : []),
  ];
}

/** Planning: an indeterminate bar; writing and translating: "Chapter n of N"; failed: the reason and a retry. */
function BookProgress({ book, canWrite, canRetry }: { book: BookSummary; canWrite: boolean; canRetry: boolean }) {
  const style = statusStyle(book.status);

  if (book.status === 'writing' || book.status === 'translating') {
    const total = book.progress?.chaptersTotal ?? 0;
    const written = Math.min(book.progress?.chaptersWritten ?? 0, total);
    const doing = book.status === 'writing' ? 'Writing' : 'Translating';
    const label =
      book.status === 'translating'
        ? translateTexts.progress(written, total)
        : total > 0
          ? `Chapter ${Math.min(written + 1, total)} of ${total}`
          : 'Starting to write';
    return (
      <div className="mt-2">
        <div
          role="progressbar"
          aria-label={`${doing} ${book.title}`}
          aria-valuemin={0}
          aria-valuemax={total || 1}
          aria-valuenow={written}
          aria-valuetext={
            total > 0
              ? `${written} of ${total} chapters ${book.status === 'writing' ? 'written' : 'translated'}`
              : 'Starting'
          }
          className={`h-1.5 overflow-hidden rounded-full ${book.status === 'writing' ? 'bg-orange-100' : 'bg-violet-100'}`}
        >
          <div
            className={`h-full rounded-full transition-[width] duration-500 ${style.bar}`}
            style={{ width: `${total > 0 ? Math.max(4, (written / total) * 100) : 4}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-stone-600">{label}</p>
      </div>
    );
  }
  if (book.status === 'planning') {
    return (
      <div className="mt-2">
        <div className="h-1.5 overflow-hidden rounded-full bg-blue-100" aria-hidden="true">
          <div className={`h-full w-1/3 animate-progress rounded-full ${style.bar}`} />
        </div>
        <p className="mt-1 text-xs text-stone-600">Planning the structure…</p>
      </div>
    );
  }
  if (book.status === 'failed') {
    return (
      <div className="mt-2 rounded-lg border border-red-200 bg-red-50 px-2.5 py-2 text-xs text-red-900">
        <p className="line-clamp-3">{book.failure?.reason ?? 'Something went wrong.'}</p>
        {!canRetry ? null : canWrite ? (
          <RetryButton book={book} />
        ) : (
          // A retry takes a book of the allowance: without a plan it leads to the plans instead of a refusal.
          <Link to={plansPath} className={buttonClass('secondary', 'mt-2 w-full px-2.5 py-1.5 text-xs')}>
            {accessTexts.seePlans}
          </Link>
        )}
      </div>
    );
  }
  if (book.status === 'validation') {
    return <p className="mt-1.5 text-xs text-amber-900">Review the structure to start writing.</p>;
  }
  return null;
}

function RetryButton({ book }: { book: BookSummary }) {
  const [retry, { isLoading }] = useRetryBookMutation();
  return (
    <Button
      type="button"
      variant="secondary"
      className="mt-2 w-full px-2.5 py-1.5 text-xs"
      busy={isLoading}
      disabled={isLoading}
      aria-label={`${libraryTexts.retry}: ${book.title}`}
      onClick={() => {
        retry(book._id)
          .unwrap()
          .catch((err: unknown) => toast.error(errorMessage(err, libraryTexts.retryFailure)));
      }}
    >
      {!isLoading && <RetryIcon className="size-3.5" />}
      {libraryTexts.retry}
    </Button>
  );
}
