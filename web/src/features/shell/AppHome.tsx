import { useCurrentUserQuery } from '../auth/authApi';
import { useLibrary } from '../books/useLibrary';
import { CreateBook } from '../library/CreateBook';
import { LibraryGrid } from '../library/LibraryGrid';

const greeting = () => {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
};

/** /app home (spec §2): the prompt box with its creation form, then the library grid. */
export function AppHome() {
  const { data: user } = useCurrentUserQuery();
  const { data: books, isLoading } = useLibrary();
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <header className="mb-7">
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
          {greeting()}, {user.firstName}
        </h1>
        <p className="mt-2 text-base text-stone-600">Every book begins with a single idea.</p>
      </header>
      <CreateBook user={user} />
      <section aria-labelledby="library-heading" className="mt-12">
        <div className="mb-5 flex items-baseline justify-between gap-4 border-b border-stone-200 pb-3">
          <h2 id="library-heading" className="font-display text-2xl font-semibold text-ink-950">
            Your library
          </h2>
          {books && books.length > 0 && (
            <p className="text-sm text-stone-600">
              {books.length} {books.length === 1 ? 'book' : 'books'}
            </p>
          )}
        </div>
        {isLoading ? (
          <p className="text-sm text-stone-600" aria-busy="true">
            Loading your books…
          </p>
        ) : (
          <LibraryGrid books={books ?? []} />
        )}
      </section>
    </div>
  );
}
