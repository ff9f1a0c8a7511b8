import { useParams } from 'react-router';
import { BookUnavailable } from '../books/BookUnavailable';
import { useGetBookQuery } from '../books/booksApi';
import { PageSpinner } from '../validation/ValidationPage';
import { Workspace } from './Workspace';

/** /app/edit/{bookId}: the editor of a ready book (spec §2). */
export function EditorPage() {
  const { bookId = '' } = useParams();
  const { data: book, isLoading } = useGetBookQuery(bookId);
  if (!book) return isLoading ? <PageSpinner /> : <BookUnavailable />;
  if (book.status !== 'ready') return <BookUnavailable book={book} />;
  return <Workspace key={book._id} book={book} />;
}
