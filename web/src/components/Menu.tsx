import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** A link item (mail links and the like); otherwise a button calling onSelect. */
  href?: string;
  onSelect?: () => void;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * A menu button (WAI-ARIA menu pattern): opens on click, Enter, Space or ArrowDown with focus on the first
 * item; arrows and Home/End move; Escape, Tab or a click elsewhere close it, Escape back on the button.
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
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  const position =
    placement === 'down'
      ? 'top-full right-0 mt-2'
      : placement === 'up-right'
        ? 'bottom-0 left-full ml-2'
        : 'bottom-full left-0 right-0 mb-2';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={labelledByContent ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={buttonClassName}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={`absolute z-30 min-w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1.5 text-sm shadow-xl shadow-stone-900/10 ${position}`}
        >
          {items.map((item) => {
            const className =
              'flex w-full items-center gap-3 px-3.5 py-2.5 text-left text-stone-800 outline-none hover:bg-stone-100 focus-visible:bg-ink-50 focus-visible:text-ink-950';
            return item.href ? (
              <a
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                className={className}
                onClick={() => close(false)}
              >
                {item.icon}
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={className}
                onClick={() => {
                  close(true);
                  item.onSelect?.();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
