import type { KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id.replace(/\s+/g, '-')}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id.replace(/\s+/g, '-')}`;

/** The props of the panel that belongs to tab `id`. */
export function tabPanelProps(prefix: string, id: string) {
  return { role: 'tabpanel', id: panelId(prefix, id), 'aria-labelledby': tabId(prefix, id), tabIndex: 0 } as const;
}

/** A tab list (WAI-ARIA tabs pattern): one tab in the tab order, arrows/Home/End move and select. */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  className = '',
  variant = 'underline',
}: {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  idPrefix: string;
  className?: string;
  variant?: 'underline' | 'pill';
}) {
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    document.getElementById(tabId(idPrefix, tab.id))?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`flex ${variant === 'underline' ? 'gap-1 border-b border-stone-200' : 'gap-1 rounded-xl bg-stone-100 p-1'} ${className}`}
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        const look =
          variant === 'underline'
            ? `-mb-px border-b-2 px-3.5 py-2.5 ${active ? 'border-brass-600 text-ink-950' : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'}`
            : `rounded-lg px-3 py-1.5 ${active ? 'bg-white text-ink-950 shadow-sm' : 'text-stone-600 hover:text-stone-900'}`;
        return (
          <button
            key={tab.id}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`shrink-0 text-sm font-semibold whitespace-nowrap transition-colors ${look}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
