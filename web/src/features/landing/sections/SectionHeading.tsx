import type { ReactNode } from 'react';

/** The eyebrow, title and lead every landing section opens with (one type scale for all of them). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className="text-sm font-semibold tracking-widest text-brass-700 uppercase dark:text-brass-500">{eyebrow}</p>
      <h2
        id={id}
        className="mt-3 font-display text-3xl font-semibold tracking-tight text-balance text-ink-950 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-base text-pretty text-stone-600 sm:text-lg dark:text-stone-300">{lead}</p>}
    </div>
  );
}

/**
 * A landing section. Each is laid out and painted only when near the viewport (`content-visibility`, with
 * the size it last had remembered): the first layout of the whole pre-rendered page was the longest task a
 * phone ran on arrival (bench/web/README.md). Its text stays in the page for search and assistive tech.
 */
export const sectionClass =
  'scroll-mt-20 px-5 py-20 sm:px-10 sm:py-24 [content-visibility:auto] [contain-intrinsic-size:auto_1200px]';
export const containerClass = 'mx-auto max-w-6xl';
