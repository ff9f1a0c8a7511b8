import * as Tabs from '@radix-ui/react-tabs';

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

/**
 * A tab list on Radix Tabs (WAI-ARIA tabs pattern): one tab in the tab order, arrows and Home/End move and
 * select. The panels stay the caller's (tabPanelProps), so a tab's id and aria-controls are ours.
 */
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
  return (
    <Tabs.Root value={selected} onValueChange={(value) => onSelect(value as T)} activationMode="automatic">
      <Tabs.List
        aria-label={label}
        loop
        className={`flex ${variant === 'underline' ? 'gap-1 border-b border-stone-200' : 'gap-1 rounded-xl bg-stone-100 p-1'} ${className}`}
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          const look =
            variant === 'underline'
              ? `-mb-px border-b-2 px-3.5 py-2.5 ${active ? 'border-brass-600 text-ink-950' : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'}`
              : `rounded-lg px-3 py-1.5 ${active ? 'bg-white text-ink-950 shadow-sm' : 'text-stone-600 hover:text-stone-900'}`;
          return (
            <Tabs.Trigger
              key={tab.id}
              value={tab.id}
              id={tabId(idPrefix, tab.id)}
              aria-controls={panelId(idPrefix, tab.id)}
              className={`shrink-0 text-sm font-semibold whitespace-nowrap transition-colors ${look}`}
            >
              {tab.label}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
    </Tabs.Root>
  );
}
