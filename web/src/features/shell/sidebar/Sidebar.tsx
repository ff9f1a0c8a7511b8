import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import type { User } from '@bookwright/contracts/http';
import { HomeIcon, TrashIcon } from '../../../components/icons';
import { shellTexts } from '../texts';
import { trashPath } from '../../library/trashApi';
import { trashTexts } from '../../library/trashTexts';
import { useSelectedWorkspace } from '../../workspaces/useSelectedWorkspace';
import { WorkspaceSwitcher } from '../../workspaces/WorkspaceSwitcher';
import { SidebarAccount } from './SidebarAccount';
import { SidebarHeader } from './SidebarHeader';
import { SidebarLibrary } from './SidebarLibrary';
import { SidebarSearch } from './SidebarSearch';
import { sidebarLook, type SidebarLook } from './sidebarLook';

/**
 * The app's sidebar (spec §2): wide (w-80) or narrow, Home, the workspace switcher (issue 43), 'Search books' filtering 'YOUR LIBRARY' as you
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
  const closeRef = useRef<HTMLButtonElement>(null);
  const look = sidebarLook(collapsed);

  useEffect(() => {
    if (drawerOpen) closeRef.current?.focus();
  }, [drawerOpen]);

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
        <SidebarHeader
          collapsed={collapsed}
          label={look.label}
          closeRef={closeRef}
          onToggleCollapsed={onToggleCollapsed}
          onCloseDrawer={onCloseDrawer}
        />
        <nav aria-label="Main" className={`px-3 ${collapsed ? 'lg:px-2' : ''}`}>
          <HomeLink look={look} collapsed={collapsed} onNavigate={onCloseDrawer} />
          <NavLink
            to={trashPath}
            onClick={onCloseDrawer}
            className={look.navItem}
            title={collapsed ? trashTexts.link : undefined}
          >
            <TrashIcon />
            <span className={look.label}>{trashTexts.link}</span>
          </NavLink>
        </nav>
        <WorkspaceSwitcher user={user} wideOnly={look.wideOnly} onNavigate={onCloseDrawer} />
        <SidebarSearch
          query={query}
          onQueryChange={setQuery}
          collapsed={collapsed}
          look={look}
          onToggleCollapsed={onToggleCollapsed}
        />
        <SidebarLibrary query={query} wideOnly={look.wideOnly} onNavigate={onCloseDrawer} />
        {collapsed && <div className="hidden flex-1 lg:block" />}
        <SidebarAccount user={user} collapsed={collapsed} look={look} onNavigate={onCloseDrawer} />
      </aside>
    </>
  );
}

/**
 * Home: current on the personal library only. A team workspace's library is at /app too (?workspace=<id>),
 * and there the switcher marks the workspace instead.
 */
function HomeLink({ look, collapsed, onNavigate }: { look: SidebarLook; collapsed: boolean; onNavigate: () => void }) {
  const { workspaceId } = useSelectedWorkspace();
  const current = useMatch('/app') !== null && workspaceId === undefined;
  return (
    <Link
      to="/app"
      onClick={onNavigate}
      aria-current={current ? 'page' : undefined}
      className={look.navItem({ isActive: current })}
      title={collapsed ? shellTexts.home : undefined}
    >
      <HomeIcon />
      <span className={look.label}>{shellTexts.home}</span>
    </Link>
  );
}
