/**
 * The classes of the sidebar's two looks. In the narrow look (lg and up) labels stay for screen readers,
 * the library and the search field hide, and the search becomes a button; below lg the sidebar is a
 * drawer and always wide.
 */
export interface SidebarLook {
  /** A text label: visible when wide, for screen readers only when narrow. */
  label: string;
  wideOnly: string;
  narrowOnly: string;
  navItem: (state: { isActive: boolean }) => string;
}

export function sidebarLook(collapsed: boolean): SidebarLook {
  return {
    label: collapsed ? 'lg:sr-only' : '',
    wideOnly: collapsed ? 'lg:hidden' : '',
    narrowOnly: collapsed ? 'hidden lg:flex' : 'hidden',
    navItem: ({ isActive }) =>
      `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${collapsed ? 'lg:justify-center lg:px-0' : ''} ${isActive ? 'bg-white/10 text-white' : 'text-ink-100 hover:bg-white/5 hover:text-white'}`,
  };
}
