import { useState } from 'react';
import { showcase, pagesOf, type SampleBook } from '../content';
import { SampleBookModal } from './SampleBookModal';
import { SectionHeading, containerClass, sectionClass } from './SectionHeading';

export function Showcase() {
  const [open, setOpen] = useState<SampleBook | null>(null);
  return (
    <section id="showcase" aria-labelledby="showcase-heading" className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading id="showcase-heading" eyebrow={showcase.eyebrow} title={showcase.title} lead={showcase.lead} />
        <ul className="mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2">
          {showcase.books.map((book) => (
            <li key={book.slug}>
              {/* The whole card opens the preview (the title's button stretches over it), and the button's name is
                  the title it shows, so what a speech-input user reads out is what activates it. */}
              <div className="group relative flex h-full w-full gap-5 rounded-2xl border border-stone-200 bg-white p-5 text-left shadow-sm transition focus-within:ring-2 focus-within:ring-ink-500 hover:-translate-y-0.5 hover:shadow-lg dark:border-white/10 dark:bg-ink-900">
                <img
                  src={book.coverUrl}
                  alt=""
                  width={120}
                  height={180}
                  loading="lazy"
                  decoding="async"
                  className="h-[180px] w-[120px] shrink-0 rounded-md object-cover shadow-md ring-1 ring-black/5"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="text-xs font-semibold tracking-wider text-brass-700 uppercase dark:text-amber-300">
                    {book.genre}
                  </span>
                  <button
                    type="button"
                    onClick={() => setOpen(book)}
                    className="mt-1 text-left font-display text-xl font-semibold text-ink-950 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none dark:text-white"
                  >
                    <span className="sr-only">{showcase.openLabel}: </span>
                    {book.title}
                  </button>
                  <span className="text-sm text-stone-600 dark:text-stone-300">
                    {showcase.by} {book.author}
                  </span>
                  <span className="mt-2 text-xs text-stone-600 dark:text-stone-400">
                    {pagesOf(book.wordCount)} pages · {book.chapters} chapters
                  </span>
                  <span className="mt-3 line-clamp-4 text-sm leading-relaxed text-stone-600 dark:text-stone-300">
                    {book.description}
                  </span>
                  <span className="mt-auto pt-3 text-xs text-stone-500 dark:text-stone-400">{book.source}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <SampleBookModal book={open} onClose={() => setOpen(null)} />
    </section>
  );
}
