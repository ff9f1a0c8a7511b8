import { useId, type ReactNode } from 'react';
import type { ImportReport as Report } from '@bookwright/contracts/http';
import { CheckIcon } from '../../components/icons';
import { droppedText, frontMatterText, importTexts, keptText } from './importTexts';

/**
 * What an import brought across and what it left out (issue 46): the chapters with their titles and words,
 * the front matter kept out of them, the details filled in from it, and every kind kept or dropped with its
 * count, so nothing leaves the manuscript silently.
 */
export function ImportReport({ report }: { report: Report }) {
  const chaptersId = useId();
  const metadata = (['title', 'author', 'rights'] as const).filter((field) => report.metadata[field]);
  return (
    <div className="space-y-5" data-testid="import-report">
      <p className="text-sm text-stone-600">{importTexts.fromFile(report.source.fileName, report.words)}</p>
      <section aria-labelledby={chaptersId}>
        <h3 id={chaptersId} className="text-sm font-semibold text-stone-900">
          {importTexts.chaptersHeading(report.chapters.length)}
        </h3>
        {/* A list the page scrolls past, not the dialog: a long book has a hundred chapters. */}
        <ol
          tabIndex={0}
          aria-labelledby={chaptersId}
          className="mt-2 max-h-56 divide-y divide-stone-200 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ink-300"
        >
          {report.chapters.map((chapter, index) => (
            <li key={index} className="flex items-baseline justify-between gap-3 px-3.5 py-2">
              <span className="min-w-0 text-stone-900">
                <span className="mr-2 text-stone-500 tabular-nums">{index + 1}.</span>
                {chapter.title || importTexts.untitled}
              </span>
              <span className="shrink-0 text-xs text-stone-600 tabular-nums">
                {importTexts.chapterWords(chapter.words)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {report.frontMatter.length > 0 && (
        <Section title={importTexts.frontMatterHeading}>
          <p className="text-sm text-stone-700">
            {report.frontMatter.map((kind) => frontMatterText[kind]).join(', ')}. {importTexts.frontMatterNote}
          </p>
        </Section>
      )}
      {metadata.length > 0 && (
        <Section title={importTexts.metadataHeading}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {metadata.map((field) => (
              <div key={field} className="contents">
                <dt className="text-stone-600">{importTexts.metadataFields[field]}</dt>
                <dd className="min-w-0 break-words text-stone-900">{report.metadata[field]}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Section title={importTexts.keptHeading}>
          <ul className="space-y-1 text-sm text-stone-800">
            {report.kept.map(({ kind, count }) => (
              <li key={kind} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-4 text-emerald-700" />
                {keptText[kind](count)}
              </li>
            ))}
          </ul>
        </Section>
        <Section title={importTexts.droppedHeading}>
          {report.dropped.length === 0 ? (
            <p className="text-sm text-stone-700">{importTexts.nothingDropped}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800 marker:text-amber-700">
              {report.dropped.map(({ kind, count, reasons }) => (
                <li key={kind}>
                  {droppedText[kind](count)}
                  {reasons && reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1.5 text-sm font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
