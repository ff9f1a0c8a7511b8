import { useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import type { User } from '@bookwright/contracts';
import { BookMark } from '../../components/ui';
import { MenuIcon } from '../../components/icons';
import { productName } from '../../texts';
import { useCurrentUserQuery } from '../auth/authApi';
import { useBookEvents } from '../books/useBookEvents';
import { PastDueBanner } from '../billing/PastDueBanner';
import { NoPlanPage } from './NoPlanPage';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';

/**
 * The authenticated area (spec §2). An account whose accountType is the string "null" sees the plan choice
 * instead of the app (the checkout's return page still shows); everyone else gets the library sidebar.
 */
export function AppShell() {
  const { data: user } = useCurrentUserQuery();
  const onSuccessPage = useMatch('/app/success');
  if (!user) return null;
  if (user.accountType === 'null' && !onSuccessPage) return <NoPlanPage user={user} />;
  return <LibraryShell user={user} />;
}

function LibraryShell({ user }: { user: User }) {
  useBookEvents();
  const onEditor = useMatch('/app/edit/:bookId') !== null;
  // The editor wants the width: there the sidebar starts narrow. Each kind of page keeps its own choice.
  const [collapsed, setCollapsed] = useState({ editor: true, other: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const key = onEditor ? 'editor' : 'other';

  return (
    <div className="flex min-h-dvh bg-paper">
      <Sidebar
        user={user}
        collapsed={collapsed[key]}
        onToggleCollapsed={() => setCollapsed((c) => ({ ...c, [key]: !c[key] }))}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-stone-200 bg-white/95 px-3 py-2 backdrop-blur lg:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
          >
            <MenuIcon />
          </button>
          <span className="flex items-center gap-2 font-display text-lg font-semibold text-ink-950">
            <BookMark className="size-7" />
            {productName}
          </span>
        </header>
        <OfflineBanner />
        <PastDueBanner user={user} />
        <main className="flex min-w-0 flex-1 flex-col">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
