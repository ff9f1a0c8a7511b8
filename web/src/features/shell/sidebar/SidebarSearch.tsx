import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/icons';
import { shellTexts } from '../texts';
import type { SidebarLook } from './sidebarLook';

/**
 * 'Search books' (spec §2): a field in the wide look; in the narrow look a button that widens the sidebar
 * and then puts the caret in the field.
 */
export function SidebarSearch({
  query,
  onQueryChange,
  collapsed,
  look,
  onToggleCollapsed,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  collapsed: boolean;
  look: SidebarLook;
  onToggleCollapsed: () => void;
}) {
  const [focusSearch, setFocusSearch] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();

  useEffect(() => {
    if (focusSearch && !collapsed) searchRef.current?.focus();
  }, [focusSearch, collapsed]);

  return (
    <>
      <div className={`px-3 pt-3 ${look.wideOnly}`}>
        <label htmlFor={searchId} className="sr-only">
          {shellTexts.searchBooks}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-ink-300" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            onBlur={() => setFocusSearch(false)}
            placeholder={shellTexts.searchBooks}
            autoComplete="off"
            className="block w-full rounded-lg border border-white/10 bg-white/5 py-2 pr-3 pl-9.5 text-sm text-white placeholder:text-ink-300 focus:border-ink-400 focus:bg-white/10 focus:outline-none"
          />
        </div>
      </div>
      <div className={`px-2 pt-2 ${look.narrowOnly}`}>
        <button
          type="button"
          aria-label={shellTexts.searchBooks}
          title={shellTexts.searchBooks}
          onClick={() => {
            setFocusSearch(true);
            onToggleCollapsed();
          }}
          className="flex w-full justify-center rounded-lg py-2.5 text-ink-100 hover:bg-white/5 hover:text-white"
        >
          <SearchIcon />
        </button>
      </div>
    </>
  );
}
