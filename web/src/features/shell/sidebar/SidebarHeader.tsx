import type { RefObject } from 'react';
import { Link } from 'react-router';
import { BookMark } from '../../../components/ui';
import { CloseIcon, SidebarIcon } from '../../../components/icons';
import { productName } from '../../../texts';

/** The product's mark, the collapse toggle (lg and up) and the drawer's close button (below lg). */
export function SidebarHeader({
  collapsed,
  label,
  closeRef,
  onToggleCollapsed,
  onCloseDrawer,
}: {
  collapsed: boolean;
  label: string;
  closeRef: RefObject<HTMLButtonElement | null>;
  onToggleCollapsed: () => void;
  onCloseDrawer: () => void;
}) {
  return (
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
  );
}
