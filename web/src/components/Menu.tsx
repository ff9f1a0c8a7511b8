import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** A link item (mail links and the like); otherwise a button calling onSelect. */
  href?: string;
  onSelect?: () => void;
}

const placements = {
  up: { side: 'top', align: 'start', width: 'w-[var(--radix-dropdown-menu-trigger-width)]' },
  down: { side: 'bottom', align: 'end', width: '' },
  'up-right': { side: 'right', align: 'end', width: '' },
} as const;

/**
 * A menu button on Radix's DropdownMenu (WAI-ARIA menu pattern): opens on click, Enter, Space or ArrowDown
 * with focus on the first item; arrows wrap, Home/End and typing move; Escape, Tab or a click elsewhere close
 * it, Escape back on the button.
 */
export function Menu({
  label,
  items,
  children,
  buttonClassName = '',
  placement = 'up',
  labelledByContent = false,
}: {
  /** The menu's name; also the button's, unless the button's content names it (labelledByContent). */
  label: string;
  labelledByContent?: boolean;
  items: MenuItem[];
  /** What the button shows. */
  children: ReactNode;
  buttonClassName?: string;
  placement?: 'up' | 'down' | 'up-right';
}) {
  const { side, align, width } = placements[placement];
  const itemClass =
    'flex w-full cursor-pointer items-center gap-3 px-3.5 py-2.5 text-left text-stone-800 outline-none select-none hover:bg-stone-100 data-[highlighted]:bg-ink-50 data-[highlighted]:text-ink-950';
  return (
    // Not modal: the page behind stays in the accessibility tree (nothing focusable is hidden from it).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={labelledByContent ? undefined : label} className={buttonClassName}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align={align}
          sideOffset={8}
          aria-label={label}
          loop
          // Radix focuses the menu itself when a pointer opened it; the first item takes that focus.
          onFocus={(event) => {
            if (event.target === event.currentTarget)
              event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          className={`z-50 min-w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1.5 text-sm shadow-xl shadow-stone-900/10 ${width}`}
        >
          {items.map((item) =>
            item.href ? (
              <DropdownMenu.Item key={item.label} asChild className={itemClass}>
                <a href={item.href}>
                  {item.icon}
                  {item.label}
                </a>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={item.label} className={itemClass} onSelect={() => item.onSelect?.()}>
                {item.icon}
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
