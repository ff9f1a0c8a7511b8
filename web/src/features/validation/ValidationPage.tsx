import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { genres, isFictionState, type Book, type BookState } from '@bookwright/contracts/http';
import { TabList, tabPanelProps, type TabItem } from '../../components/Tabs';
import { ChevronLeftIcon } from '../../components/icons';
import { Button, buttonClass, Spinner } from '../../components/ui';
import { isApiError } from '../../api/baseQuery';
import { logError } from '../../lib/log';
import { validationTexts } from './texts';
import { plansPath } from '../billing/planAccess';
import { useBookAccess } from '../sharing/bookAccess';
import { RoleBanner } from '../sharing/RoleBanner';
import { BookCover } from '../books/BookCover';
import { useConfirmBookMutation, useGetBookQuery } from '../books/booksApi';
import { StatusBadge } from '../books/StatusBadge';
import { BookUnavailable } from '../books/BookUnavailable';
import { announceWriting } from '../books/writingToast';
import { ConceptTab } from './ConceptTab';
import { CharactersTab, PlotTab } from './FictionTabs';
import { ContentTab, ResearchTab } from './NonFictionTabs';
import { useStructure } from './useStructure';

type TabId = 'concept' | 'characters' | 'plot' | 'research' | 'content';
const fictionTabs: TabItem<TabId>[] = [
  { id: 'concept', label: 'Concept' },
  { id: 'characters', label: 'Characters' },
  { id: 'plot', label: 'Plot' },
];
const nonFictionTabs: TabItem<TabId>[] = [
  { id: 'concept', label: 'Concept' },
  { id: 'research', label: 'Research' },
  { id: 'content', label: 'Content' },
];

/** /app/{bookId}: the structure review of a book in status validation (spec §2). */
export function ValidationPage() {
  const { bookId = '' } = useParams();
  const { data: book, isLoading } = useGetBookQuery(bookId);
  if (!book) return isLoading ? <PageSpinner /> : <BookUnavailable />;
  if (book.status !== 'validation' || !book.bookState) return <BookUnavailable book={book} />;
  return <StructureReview key={book._id} book={book} initial={book.bookState} />;
}

export function PageSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-24 text-ink-600" aria-busy="true">
      <Spinner className="size-6" />
      <span className="sr-only">Loading</span>
    </div>
  );
}

function StructureReview({ book, initial }: { book: Book; initial: BookState }) {
  const { state, edit, saving, settled } = useStructure(book._id, initial);
  const fiction = isFictionState(state);
  const tabs = fiction ? fictionTabs : nonFictionTabs;
  const [tab, setTab] = useState<TabId>('concept');
  const access = useBookAccess(book);
  // A viewer, commenter or editor reads the plan: its fields are shown disabled and nothing confirms it.
  const mayEdit = access.may('edit');
  const { onConfirm, confirming } = useConfirmStructure(book, settled, !access.needsPlan);
  const confirmButton = mayEdit && (
    <Button type="button" onClick={() => void onConfirm()} busy={confirming} disabled={confirming} className="px-5">
      {confirming ? validationTexts.confirming : validationTexts.confirm}
    </Button>
  );

  return (
    <>
      <RoleBanner access={access} ownerName={book.ownerName} />
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
        <ReviewHeader book={book} saving={saving} mayEdit={mayEdit}>
          {confirmButton}
        </ReviewHeader>
        {mayEdit && (
          <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50/70 px-4 py-3 text-sm text-amber-950">
            Review the plan below and change anything you like. When it reads right, confirm it and the whole book will
            be written.
          </div>
        )}
        <div className="mt-8 overflow-x-auto">
          <TabList tabs={tabs} selected={tab} onSelect={setTab} label="Book structure" idPrefix="structure" />
        </div>
        <div {...tabPanelProps('structure', tab)} className="pt-6 focus:outline-none">
          <fieldset disabled={!mayEdit} className="contents">
            {tab === 'concept' && <ConceptTab state={state} edit={edit} />}
            {fiction && tab === 'characters' && <CharactersTab state={state} edit={edit} />}
            {fiction && tab === 'plot' && <PlotTab state={state} edit={edit} />}
            {!fiction && tab === 'research' && <ResearchTab state={state} edit={edit} />}
            {!fiction && tab === 'content' && <ContentTab state={state} edit={edit} />}
          </fieldset>
        </div>
        <div className="mt-12 flex flex-col items-stretch gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {/* Said to whoever confirms: the others do not start the writing. */}
          {mayEdit && (
            <p className="text-sm text-stone-600">Writing takes up to 30 minutes. You can leave this page meanwhile.</p>
          )}
          <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row">
            <Link to="/app" className={buttonClass('secondary')}>
              Back to library
            </Link>
            {confirmButton}
          </div>
        </div>
      </div>
    </>
  );
}

/** Confirming the structure: what the page leaves saves first; without the owner's plan, the way is the plans. */
function useConfirmStructure(book: Book, settled: () => Promise<unknown>, canWrite: boolean) {
  const [confirm, { isLoading: confirming }] = useConfirmBookMutation();
  const navigate = useNavigate();

  async function onConfirm() {
    // A field being left by this click saves first.
    await settled();
    // Writing needs a plan of the book's owner (402 without one): an owner without a plan is led to the plans
    // instead; on a book shared with them, the reader's own plan does not matter (issue 43).
    if (!canWrite) return void navigate(plansPath);
    try {
      announceWriting(await confirm(book._id).unwrap());
      await navigate('/app');
    } catch (error) {
      // The plan ended while this page was open: the same way to the plans.
      if (isApiError(error) && error.status === 402) return void navigate(plansPath);
      // Spec §8: a failed confirmation is only logged.
      logError('the structure could not be confirmed', error);
    }
  }
  return { onConfirm, confirming };
}

function ReviewHeader({
  book,
  saving,
  mayEdit,
  children,
}: {
  book: Book;
  saving: boolean;
  mayEdit: boolean;
  children: React.ReactNode;
}) {
  const genre = genres.find((g) => g.value === book.genre)?.label ?? book.genre;
  return (
    <>
      <Link
        to="/app"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-stone-600 hover:text-ink-900"
      >
        <ChevronLeftIcon className="size-4" />
        Library
      </Link>
      <header className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 gap-5">
          <BookCover title={book.title} coverImage={book.coverImage} className="hidden w-20 sm:block" />
          <div className="min-w-0">
            <StatusBadge status={book.status} />
            <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
              {book.title}
            </h1>
            <p className="mt-1.5 text-sm text-stone-600">
              {genre} · {book.targetAudience}
            </p>
          </div>
        </div>
        {mayEdit && (
          <div className="flex flex-col items-stretch gap-2 sm:items-end">
            {children}
            <p className="text-xs text-stone-500" role="status">
              {saving ? 'Saving…' : 'Every change is saved as you make it.'}
            </p>
          </div>
        )}
      </header>
    </>
  );
}
