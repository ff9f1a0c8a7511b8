import type { ReactNode } from 'react';
import { RemoveButton } from './list-buttons';

/** One chapter of a plot act or a content section: a labelled group with its number and a remove button. */
export function ChapterCard({
  headingId,
  chapterNumber,
  title,
  onRemove,
  children,
}: {
  headingId: string;
  chapterNumber: number;
  title: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-paper/50 p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold tracking-wide text-brass-700 uppercase">
          Chapter {chapterNumber}
        </h3>
        <RemoveButton label={`Remove chapter ${chapterNumber}${title ? `: ${title}` : ''}`} onClick={onRemove} />
      </div>
      {children}
    </div>
  );
}
