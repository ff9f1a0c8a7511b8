import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BookUnavailable } from '../books/BookUnavailable';
import { useGetBookQuery } from '../books/booksApi';
import { useEditingMode } from '../collab/editingMode';
import { PageSpinner } from '../validation/ValidationPage';
import { Workspace } from './workspace/Workspace';

// The live editor (Yjs, Hocuspocus, IndexedDB) is its own chunk: a book nobody shares never loads it.
const LiveWorkspace = lazy(() => import('../collab/LiveWorkspace'));

/**
 * /app/edit/{bookId}: the editor of a ready book (spec §2). A book someone shares is edited live (issue 44);
 * a book nobody shares keeps the solo editor (decision 0043).
 */
export function EditorPage() {
  const { bookId = '' } = useParams();
  // Read afresh on every visit: whether the book is live is decided from its `live`, and a copy the cache
  // holds may be a save's answer, which does not carry it.
  const { data: book, isLoading, isFetching } = useGetBookQuery(bookId, { refetchOnMountOrArgChange: true });
  const mode = useEditingMode(bookId, book, book !== undefined && !isFetching);
  if (!book) return isLoading ? <PageSpinner /> : <BookUnavailable />;
  if (book.status !== 'ready') return <BookUnavailable book={book} />;
  if (mode === 'deciding') return <PageSpinner />;
  if (mode === 'live') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <LiveWorkspace key={book._id} book={book} />
      </Suspense>
    );
  }
  return <Workspace key={book._id} book={book} />;
}
