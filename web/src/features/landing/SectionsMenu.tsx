import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { nav } from './content';

/**
 * The section links below 1024 px (the header lists them inline from there), and "Log in" below 640 px: a
 * disclosure button that opens them under the header. A link, Escape or the button again closes it; Escape gives focus back to the button.
 */
export function SectionsMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <div
      className="lg:hidden"
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-ink-950 dark:text-stone-200 dark:hover:bg-white/10 dark:hover:text-white"
      >
        {open ? <CloseIcon className="size-4.5" /> : <MenuIcon className="size-4.5" />}
        Menu
      </button>
      <nav
        id={id}
        aria-label="Sections"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg dark:border-white/10 dark:bg-ink-950"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-5 py-2 sm:px-10">
          {nav.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                onClick={() => setOpen(false)}
                className="block rounded-md px-3 py-3 text-base font-medium text-stone-700 hover:bg-stone-100 hover:text-ink-950 dark:text-stone-200 dark:hover:bg-white/10 dark:hover:text-white"
              >
                {item.label}
              </a>
            </li>
          ))}
          <li className="mt-1 border-t border-stone-200 pt-1 sm:hidden dark:border-white/10">
            <Link
              to="/login"
              className="block rounded-md px-3 py-3 text-base font-medium text-stone-700 hover:bg-stone-100 hover:text-ink-950 dark:text-stone-200 dark:hover:bg-white/10 dark:hover:text-white"
            >
              Log in
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
