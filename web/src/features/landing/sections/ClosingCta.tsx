import { Link } from 'react-router';
import { closingCta } from '../content';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-heading" className="px-5 pb-24 sm:px-10">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-ink-900 px-6 py-16 text-center shadow-2xl shadow-ink-950/20 sm:py-20 dark:bg-ink-900 dark:ring-1 dark:ring-white/10">
        <h2 id="cta-heading" className="font-display text-3xl font-semibold tracking-tight text-white sm:text-5xl">
          {closingCta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-100">{closingCta.text}</p>
        <Link
          to={closingCta.link.to}
          className="mt-9 inline-flex items-center justify-center rounded-lg bg-white px-7 py-3.5 text-base font-semibold text-ink-950 shadow-sm hover:bg-paper"
        >
          {closingCta.link.label}
        </Link>
      </div>
    </section>
  );
}
