import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { bookLanguages, type BookSummary, type User } from '@bookwright/contracts';
import { Menu } from '../../components/Menu';
import { toast } from '../../components/toast';
import { BookMark } from '../../components/ui';
import {
  BellIcon,
  CloseIcon,
  HelpIcon,
  HomeIcon,
  MoreIcon,
  SearchIcon,
  SettingsIcon,
  SidebarIcon,
  SignOutIcon,
  TrashIcon,
} from '../../components/icons';
import { productName, shellTexts, supportEmail } from '../../texts';
import { BookCover } from '../books/BookCover';
import { bookPath, statusLabel, statusStyle } from '../books/status';
import { useLibrary } from '../books/useLibrary';
import { trashPath } from '../library/trashApi';
import { trashTexts } from '../library/trashTexts';
import { Avatar, fullName } from './UserBadge';
import { useSignOut } from './useSignOut';

const supportLink = `mailto:${supportEmail}?${new URLSearchParams({
  subject: `${productName} support`,
  body: `Hello ${productName} team,\n\n`,
})
  .toString()
  .replace(/\+/g, '%20')}`;

/**
 * The app's sidebar (spec §2): wide (w-80) or narrow, Home, 'Search books' filtering 'YOUR LIBRARY' as you
 * type, Settings and the user block with its menu. Below the lg breakpoint it is a drawer, always wide.
 */
export function Sidebar({
  user,
  collapsed,
  onToggleCollapsed,
  drawerOpen,
  onCloseDrawer,
}: {
  user: User;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}) {
  const [query, setQuery] = useState('');
  const [focusSearch, setFocusSearch] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const searchId = useId();
  const libraryHeadingId = useId();
  const { data: books, isLoading } = useLibrary();
  const { signOut } = useSignOut();

  useEffect(() => {
    if (drawerOpen) closeRef.current?.focus();
  }, [drawerOpen]);

  useEffect(() => {
    if (focusSearch && !collapsed) searchRef.current?.focus();
  }, [focusSearch, collapsed]);

  // In the narrow look (lg and up) labels stay for screen readers and the library hides.
  const label = collapsed ? 'lg:sr-only' : '';
  const wideOnly = collapsed ? 'lg:hidden' : '';
  const narrowOnly = collapsed ? 'hidden lg:flex' : 'hidden';

  const term = query.trim().toLowerCase();
  const shown = term ? (books ?? []).filter((b) => b.title.toLowerCase().includes(term)) : (books ?? []);

  const navItem = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${collapsed ? 'lg:justify-center lg:px-0' : ''} ${isActive ? 'bg-white/10 text-white' : 'text-ink-100 hover:bg-white/5 hover:text-white'}`;

  return (
    <>
      {drawerOpen && (
        <div className="fixed inset-0 z-30 bg-scrim/60 lg:hidden" aria-hidden="true" onClick={onCloseDrawer} />
      )}
      <aside
        aria-label="Sidebar"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && drawerOpen) onCloseDrawer();
        }}
        className={`fixed inset-y-0 left-0 z-40 flex w-80 max-w-[86vw] flex-col bg-ink-950 text-ink-100 transition-[transform,width] duration-200 lg:sticky lg:top-0 lg:z-auto lg:h-dvh lg:max-w-none lg:translate-x-0 lg:visible ${drawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'} ${collapsed ? 'lg:w-[4.5rem]' : 'lg:w-80'}`}
      >
        <div className={`flex items-center gap-2 px-4 pt-4 pb-3 ${collapsed ? 'lg:flex-col lg:px-2' : ''}`}>
          <Link
            to="/app"
            onClick={onCloseDrawer}
            className="flex min-w-0 flex-1 items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight text-white"
          >
            <BookMark tone="light" />
            <span className={label}>{productName}</span>
          </Link>
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className="hidden rounded-lg p-2 text-ink-200 hover:bg-white/10 hover:text-white lg:block"
          >
            <SidebarIcon />
          </button>
          <button
            ref={closeRef}
            type="button"
            onClick={onCloseDrawer}
            aria-label="Close menu"
            className="rounded-lg p-2 text-ink-200 hover:bg-white/10 hover:text-white lg:hidden"
          >
            <CloseIcon />
          </button>
        </div>

        <nav aria-label="Main" className={`px-3 ${collapsed ? 'lg:px-2' : ''}`}>
          <NavLink
            to="/app"
            end
            onClick={onCloseDrawer}
            className={navItem}
            title={collapsed ? shellTexts.home : undefined}
          >
            <HomeIcon />
            <span className={label}>{shellTexts.home}</span>
          </NavLink>
          <NavLink
            to={trashPath}
            onClick={onCloseDrawer}
            className={navItem}
            title={collapsed ? trashTexts.link : undefined}
          >
            <TrashIcon />
            <span className={label}>{trashTexts.link}</span>
          </NavLink>
        </nav>

        <div className={`px-3 pt-3 ${wideOnly}`}>
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
              onChange={(event) => setQuery(event.target.value)}
              onBlur={() => setFocusSearch(false)}
              placeholder={shellTexts.searchBooks}
              autoComplete="off"
              className="block w-full rounded-lg border border-white/10 bg-white/5 py-2 pr-3 pl-9.5 text-sm text-white placeholder:text-ink-300 focus:border-ink-400 focus:bg-white/10 focus:outline-none"
            />
          </div>
        </div>
        <div className={`px-2 pt-2 ${narrowOnly}`}>
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

        {/* A group, not a second "Your library" landmark beside the home page's (axe landmark-unique). */}
        <div
          role="group"
          aria-labelledby={libraryHeadingId}
          className={`mt-5 flex min-h-0 flex-1 flex-col ${wideOnly}`}
        >
          <h2 id={libraryHeadingId} className="px-6 pb-2 text-[11px] font-semibold tracking-[0.14em] text-ink-300">
            {shellTexts.yourLibrary}
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
            {isLoading ? (
              <p className="px-3 py-2 text-sm text-ink-300">Loading…</p>
            ) : shown.length === 0 ? (
              <p className="px-3 py-2 text-sm text-ink-300">
                {term ? `No books match “${query.trim()}”.` : 'No books yet. Your first one starts with an idea.'}
              </p>
            ) : (
              <ul className="space-y-0.5">
                {shown.map((book) => (
                  <li key={book._id}>
                    <LibraryEntry book={book} onNavigate={onCloseDrawer} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        {collapsed && <div className="hidden flex-1 lg:block" />}

        <div className={`border-t border-white/10 px-3 pt-2 pb-3 ${collapsed ? 'lg:px-2' : ''}`}>
          <NavLink
            to="/app/settings"
            onClick={onCloseDrawer}
            className={navItem}
            title={collapsed ? shellTexts.settings : undefined}
          >
            <SettingsIcon />
            <span className={label}>{shellTexts.settings}</span>
          </NavLink>
          <div className="mt-1">
            <Menu
              label="Account menu"
              labelledByContent
              placement={collapsed ? 'up-right' : 'up'}
              buttonClassName={`flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-white/5 aria-expanded:bg-white/10 ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}
              items={[
                {
                  label: shellTexts.notifications,
                  icon: <BellIcon className="size-4.5 text-stone-500" />,
                  onSelect: () => toast.info(shellTexts.noNotifications),
                },
                {
                  label: shellTexts.helpAndSupport,
                  icon: <HelpIcon className="size-4.5 text-stone-500" />,
                  href: supportLink,
                },
                {
                  label: shellTexts.signOut,
                  icon: <SignOutIcon className="size-4.5 text-stone-500" />,
                  onSelect: () => void signOut(),
                },
              ]}
            >
              <span className="sr-only">Account menu: </span>
              <span className="flex min-w-0 flex-1 items-center gap-3" data-testid="current-user">
                <Avatar user={user} className="size-9 ring-2 ring-white/10" />
                <span className={`min-w-0 flex-1 leading-tight ${label}`}>
                  <span className="block truncate text-sm font-semibold text-white">{fullName(user)}</span>
                  <span className="block truncate text-xs text-ink-300">{user.email}</span>
                </span>
              </span>
              <MoreIcon className={`size-5 text-ink-300 ${wideOnly}`} />
            </Menu>
          </div>
        </div>
      </aside>
    </>
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
  const language = book.translation ? ` · ${bookLanguages.find((l) => l.value === book.language)?.label ?? ''}` : '';
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
