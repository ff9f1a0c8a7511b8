import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { bookLanguageName, type BookSummary } from '@bookwright/contracts/http';
import { shellTexts } from '../texts';
import { BookCover } from '../../books/BookCover';
import { bookPath, statusLabel, statusStyle } from '../../books/status';
import { useLibrary } from '../../books/useLibrary';
import { ManuscriptMatches, manuscriptResults } from './search/ManuscriptMatches';
import { searchTexts } from './search/searchTexts';
import { useManuscriptSearch, type ManuscriptSearch } from './search/useManuscriptSearch';

/**
 * 'YOUR LIBRARY' (spec §2): every book with its status, filtered by the search as the author types; under
 * it, once the author pauses, the books whose manuscripts mention what they typed (the book service's search).
 */
export function SidebarLibrary({
  query,
  wideOnly,
  onNavigate,
}: {
  query: string;
  wideOnly: string;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const { data: books, isLoading } = useLibrary();
  const term = query.trim().toLowerCase();
  const shown = term ? (books ?? []).filter((b) => b.title.toLowerCase().includes(term)) : (books ?? []);
  const search = useManuscriptSearch(query);

  return (
    <div className={`mt-5 flex min-h-0 flex-1 flex-col ${wideOnly}`}>
      <h2 id={headingId} className="px-6 pb-2 text-[11px] font-semibold tracking-[0.14em] text-ink-300">
        {shellTexts.yourLibrary}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        {/* A group, not a second "Your library" landmark beside the home page's (axe landmark-unique). */}
        <div role="group" aria-labelledby={headingId}>
          {isLoading ? (
            <p className="px-3 py-2 text-sm text-ink-300">Loading…</p>
          ) : shown.length === 0 ? (
            <EmptyLibrary query={query} search={search} />
          ) : (
            <ul className="space-y-0.5">
              {shown.map((book) => (
                <li key={book._id}>
                  <LibraryEntry book={book} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <ManuscriptMatches search={search} query={query} titlesFound={shown.length > 0} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/** No title matches: no books at all, none that match anywhere, or (the manuscripts aside) no titles. */
function EmptyLibrary({ query, search }: { query: string; search: ManuscriptSearch }) {
  const term = query.trim();
  if (term && search.state === 'searching') return null;
  const inText = manuscriptResults(search).length > 0 || search.state === 'failed';
  return (
    <p className="px-3 py-2 text-sm text-ink-300">
      {!term
        ? 'No books yet. Your first one starts with an idea.'
        : inText
          ? searchTexts.noTitles(term)
          : searchTexts.noBooks(term)}
    </p>
  );
}

function LibraryEntry({ book, onNavigate }: { book: BookSummary; onNavigate: () => void }) {
  const path = bookPath(book);
  const style = statusStyle(book.status);
  const progress =
    (book.status === 'writing' || book.status === 'translating') && book.progress && book.progress.chaptersTotal > 0
      ? ` · ${book.progress.chaptersWritten}/${book.progress.chaptersTotal}`
      : '';
  // A translation keeps its original's title: its language tells the two apart in the list.
  const language = book.translation ? ` · ${bookLanguageName(book.language)}` : '';
  const content: ReactNode = (
    <>
      <BookCover title={book.title} coverImage={book.coverImage} size="sm" className="w-7" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{book.title}</span>
        <span className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-300">
          <span className={`size-1.5 rounded-full ${style.dot}`} aria-hidden="true" />
          {statusLabel(book.status)}
          {progress}
          {language}
        </span>
      </span>
    </>
  );
  const base = 'flex items-center gap-3 rounded-lg px-3 py-2';
  return path ? (
    <NavLink
      to={path}
      onClick={onNavigate}
      className={({ isActive }) =>
        `${base} transition-colors ${isActive ? 'bg-white/10 text-white' : 'text-ink-100 hover:bg-white/5 hover:text-white'}`
      }
    >
      {content}
    </NavLink>
  ) : (
    <div className={`${base} text-ink-200`}>{content}</div>
  );
}
