import { Link } from 'react-router';
import { Logo } from '../../components/ui';
import { footer } from '../landing/content';

/** The footer of the landing and legal pages (spec §2): Product, Support and Company columns, legal links. */
export function SiteFooter({ anchorBase = '' }: { anchorBase?: '' | '/' }) {
  return (
    <footer className="border-t border-stone-200 bg-paper dark:border-white/10 dark:bg-ink-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-10 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <span className="dark:[&_a]:text-white">
            <Logo />
          </span>
          <p className="mt-4 max-w-xs text-sm text-stone-600 dark:text-stone-400">{footer.blurb}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-ink-950 dark:text-white">{column.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href.startsWith('#') ? `${anchorBase}${link.href}` : link.href}
                    className="rounded text-stone-600 hover:text-ink-950 dark:text-stone-400 dark:hover:text-white"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-200 dark:border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-10 dark:text-stone-400">
          <p>{footer.copyright()}</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {footer.legal.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded hover:text-ink-950 dark:hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
