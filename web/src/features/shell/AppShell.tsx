import { useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { BookMark } from '../../components/ui';
import { MenuIcon } from '../../components/icons';
import { productName } from '../../texts';
import { useCurrentUserQuery } from '../auth/authApi';
import { useBookEvents } from '../books/useBookEvents';
import { NoPlanBanner, PlanEndsBanner } from '../billing/AccessBanners';
import { PastDueBanner } from '../billing/PastDueBanner';
import type { AccountUser } from '../billing/planAccess';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './sidebar/Sidebar';

/**
 * The authenticated area (spec §2). An account without a plan (accountType "null") gets the app too, not
 * the spec's pricing page (docs/decisions, issue 19): its books are its own to read and export. A banner
 * points it to the plans; the actions that need one lead there.
 */
export function AppShell() {
  const { data: user } = useCurrentUserQuery();
  if (!user) return null;
  return <LibraryShell user={user} />;
}

function LibraryShell({ user }: { user: AccountUser }) {
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
        <PlanEndsBanner user={user} />
        <NoPlanBanner user={user} />
        <main className="flex min-w-0 flex-1 flex-col">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
