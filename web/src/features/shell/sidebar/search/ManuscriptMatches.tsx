import { useId } from 'react';
import { NavLink } from 'react-router';
import type { BookSearchResult, ManuscriptMatch } from '@bookwright/contracts/http';
import { bookPath } from '../../../books/status';
import { openingSearch } from '../../../editor/opening/openingTarget';
import { searchTexts } from './searchTexts';
import type { ManuscriptSearch } from './useManuscriptSearch';

/**
 * 'IN THE MANUSCRIPTS': the books whose text mentions the query, each with a passage from the first
 * chapters that do, the match marked. A passage opens the editor at it, selected; the title at the first one.
 */
export function ManuscriptMatches({
  search,
  query,
  titlesFound,
  onNavigate,
}: {
  search: ManuscriptSearch;
  query: string;
  /** Whether the library's titles match: when neither they nor the manuscripts do, the library says so alone. */
  titlesFound: boolean;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const found = manuscriptResults(search);
  if (search.state === 'idle' || (search.state === 'done' && found.length === 0 && !titlesFound)) return null;

  return (
    <div role="group" aria-labelledby={headingId} className="mt-4" data-testid="manuscript-matches">
      <h3 id={headingId} className="px-3 pb-2 text-[11px] font-semibold tracking-[0.14em] text-ink-300">
        {searchTexts.inManuscripts}
      </h3>
      <p role="status" className={found.length > 0 ? 'sr-only' : 'px-3 py-1 text-sm text-ink-300'}>
        {search.state === 'searching'
          ? searchTexts.searching
          : search.state === 'failed'
            ? searchTexts.failed
            : found.length === 0
              ? searchTexts.noPassage(query.trim())
              : `${found.length} ${found.length === 1 ? 'book' : 'books'}`}
      </p>
      {found.length > 0 && (
        <ul aria-labelledby={headingId} className="space-y-0.5">
          {found.map((result) => (
            <li key={result.bookId}>
              <ResultEntry result={result} query={query} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
      {search.state === 'done' && search.answer.truncated && (
        <p className="px-3 pt-2 text-xs text-ink-300">{searchTexts.truncated}</p>
      )}
    </div>
  );
}

/** The books the search found in the text, not only in the title (the library's list shows those). */
export const manuscriptResults = (search: ManuscriptSearch): BookSearchResult[] =>
  search.state === 'done' ? search.answer.results.filter((result) => result.matches.length > 0) : [];

function ResultEntry({
  result,
  query,
  onNavigate,
}: {
  result: BookSearchResult;
  query: string;
  onNavigate: () => void;
}) {
  const path = bookPath({ _id: result.bookId, status: result.status });
  // Only the editor opens at a passage: a book still being reviewed opens its plan.
  const atPassage = (match: ManuscriptMatch | undefined) =>
    path && match && result.status === 'ready' ? `${path}${openingSearch({ chapter: match.chapter, query })}` : path;
  const more = result.chapterMatches > result.matches.length;
  const linkClass = 'block rounded-lg px-3 text-ink-100 transition-colors hover:bg-white/5 hover:text-white';
  const title = <span className="block truncate text-sm font-medium">{result.title}</span>;
  return (
    <div className={path ? 'py-1' : 'px-3 py-2 text-ink-200'}>
      {path ? (
        <NavLink to={atPassage(result.matches[0])!} onClick={onNavigate} className={`${linkClass} pt-1`}>
          {title}
        </NavLink>
      ) : (
        title
      )}
      {result.matches.map((match) =>
        path ? (
          <NavLink key={match.chapter} to={atPassage(match)!} onClick={onNavigate} className={`${linkClass} pb-1`}>
            <Passage match={match} />
          </NavLink>
        ) : (
          <Passage key={match.chapter} match={match} />
        ),
      )}
      {more && (
        <span className={`block text-xs text-ink-300 ${path ? 'px-3' : ''} mt-1`}>
          {searchTexts.moreChapters(result.chapterMatches)}
        </span>
      )}
    </div>
  );
}

function Passage({ match }: { match: ManuscriptMatch }) {
  const { passage, start, end } = match;
  return (
    <span className="mt-1 block text-xs leading-relaxed">
      <span className="block truncate font-medium text-ink-300">
        {match.chapterTitle ?? searchTexts.untitledChapter}
      </span>
      <span className="line-clamp-3 text-ink-200">
        {passage.slice(0, start)}
        <mark className="rounded-sm bg-amber-300/25 text-white">{passage.slice(start, end)}</mark>
        {passage.slice(end)}
      </span>
    </span>
  );
}
