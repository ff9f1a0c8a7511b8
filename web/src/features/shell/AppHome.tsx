import { Link, useSearchParams } from 'react-router';
import type { BookSummary } from '@bookwright/contracts/http';
import { TrashIcon } from '../../components/icons';
import { TabList, tabPanelProps } from '../../components/Tabs';
import { buttonClass } from '../../components/ui';
import { useCurrentUserQuery } from '../auth/authApi';
import { accessTexts } from '../billing/accessTexts';
import { hasPlan } from '@bookwright/contracts/http';
import { plansPath } from '../billing/planAccess';
import { useLibrary } from '../books/useLibrary';
import { CreateBook } from '../library/CreateBook';
import { LibraryGrid, libraryHeadingId } from '../library/LibraryGrid';
import { trashPath } from '../library/trashApi';
import { trashTexts } from '../library/trashTexts';
import { sharingTexts } from '../sharing/texts';
import { personalBooks, workspaceBooks } from '../workspaces/libraryScope';
import { workspaceTexts } from '../workspaces/texts';
import { useSelectedWorkspace } from '../workspaces/useSelectedWorkspace';

const greeting = () => {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
};

type Shelf = 'mine' | 'shared';
const shelves = [
  { id: 'mine', label: sharingTexts.myBooks },
  { id: 'shared', label: sharingTexts.sharedWithMe },
] as const;
const shelfParam = 'shelf';

/**
 * /app home (spec §2): the prompt box with its creation form, then the library grid. Without a plan the
 * prompt box gives way to the way to a plan; the library stays. The personal library has two shelves (issue
 * 43): the reader's own books and those shared with them; the chosen one is in the address (?shelf=shared),
 * so coming back from a book returns to it. Someone with only shared books starts on those. With a team
 * workspace chosen in the sidebar (?workspace=<id>) the library is that workspace's books, and a new book is
 * the workspace's.
 */
export function AppHome() {
  const { data: user } = useCurrentUserQuery();
  const { data: books, isLoading } = useLibrary();
  const { workspaceId, workspace } = useSelectedWorkspace();
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <header className="mb-7">
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
          {greeting()}, {user.firstName}
        </h1>
        <p className="mt-2 text-base text-stone-600">Every book begins with a single idea.</p>
      </header>
      {/* A workspace's book is paid by the workspace's owner: its members need no plan of their own. */}
      {workspaceId ? (
        <CreateBook key={workspaceId} user={user} workspaceId={workspaceId} />
      ) : hasPlan(user) ? (
        <CreateBook user={user} />
      ) : (
        <ChoosePlanPrompt />
      )}
      {workspaceId ? (
        <WorkspaceLibrary books={workspaceBooks(books ?? [], workspaceId)} name={workspace?.name} loading={isLoading} />
      ) : (
        <PersonalLibrary books={books && personalBooks(books)} loading={isLoading} />
      )}
    </div>
  );
}

function Loading() {
  return (
    <p className="text-sm text-stone-600" aria-busy="true">
      Loading your books…
    </p>
  );
}

/** A team workspace's books: no shelves, every member sees every one of them. */
function WorkspaceLibrary({
  books,
  name,
  loading,
}: {
  books: BookSummary[];
  name?: string | undefined;
  loading: boolean;
}) {
  return (
    <section aria-labelledby={libraryHeadingId} className="mt-12" data-testid="workspace-library">
      <LibraryHeading count={books.length} title={name} />
      {loading ? (
        <Loading />
      ) : (
        <LibraryGrid books={books} empty={{ title: workspaceTexts.noBooks, body: workspaceTexts.noBooksBody }} />
      )}
    </section>
  );
}

/** The personal library's two shelves: my books and those shared with me. */
function PersonalLibrary({ books, loading }: { books: BookSummary[] | undefined; loading: boolean }) {
  const { own, shared, shelf, shown, choose } = useShelves(books);
  return (
    <section aria-labelledby={libraryHeadingId} className="mt-12">
      <LibraryHeading count={shown.length} />
      <TabList
        tabs={shelves}
        selected={shelf}
        onSelect={choose}
        label={sharingTexts.libraryTabs}
        idPrefix="shelf"
        variant="pill"
        className="mb-5 w-fit"
      />
      <div {...tabPanelProps('shelf', shelf)} className="rounded-md focus:outline-none">
        {loading ? (
          <Loading />
        ) : shelf === 'shared' ? (
          <LibraryGrid
            books={shared}
            empty={{ title: sharingTexts.noSharedBooks, body: sharingTexts.noSharedBooksBody }}
          />
        ) : (
          <LibraryGrid books={own} />
        )}
      </div>
    </section>
  );
}

/** The shelf shown, kept in the address so that coming back from a book returns to it. */
function useShelves(books: BookSummary[] | undefined) {
  const [params, setParams] = useSearchParams();
  const own = books?.filter((book) => book.role === 'owner') ?? [];
  const shared = books?.filter((book) => book.role !== 'owner') ?? [];
  const chosen = params.get(shelfParam);
  const shelf: Shelf =
    chosen === 'shared' || chosen === 'mine' ? chosen : own.length === 0 && shared.length > 0 ? 'shared' : 'mine';
  const shown: BookSummary[] = shelf === 'shared' ? shared : own;
  const choose = (next: Shelf) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(shelfParam, next);
        return updated;
      },
      { replace: true },
    );
  return { own, shared, shelf, shown, choose };
}

function LibraryHeading({ count, title = 'Your library' }: { count: number; title?: string | undefined }) {
  return (
    <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2 border-b border-stone-200 pb-3">
      {/* Focusable by script only: it takes focus when the book that had it leaves for the trash. */}
      <h2
        id={libraryHeadingId}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-ink-950 focus:outline-none"
      >
        {title}
      </h2>
      <div className="flex items-baseline gap-4">
        {count > 0 && (
          <p className="text-sm text-stone-600">
            {count} {count === 1 ? 'book' : 'books'}
          </p>
        )}
        <Link
          to={trashPath}
          className="inline-flex items-center gap-1.5 self-center rounded-md text-sm font-medium text-stone-700 hover:text-ink-950"
        >
          <TrashIcon className="size-4" />
          {trashTexts.link}
        </Link>
      </div>
    </div>
  );
}

/** In place of the prompt box for an account without a plan: a new book needs one. */
function ChoosePlanPrompt() {
  return (
    <section
      aria-labelledby="choose-plan-heading"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white px-5 py-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:px-7"
    >
      <div>
        <h2 id="choose-plan-heading" className="font-display text-xl font-semibold text-ink-950 sm:text-2xl">
          {accessTexts.newBookTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{accessTexts.newBookBody}</p>
      </div>
      <Link to={plansPath} className={buttonClass('primary', 'shrink-0')}>
        {accessTexts.seePlans}
      </Link>
    </section>
  );
}
