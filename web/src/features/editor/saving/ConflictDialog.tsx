import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { Button } from '../../../components/ui';
import { DiffMarks } from '../../history/DiffMarks';
import type { ConflictPassage } from './conflictPassages';
import { conflictTexts as texts } from './saveTexts';

/**
 * Two versions of one book (a save refused with 412, or a local draft over a server text that changed
 * meanwhile). For a manuscript the dialog opens at the first place where they differ, with the chapter it
 * is in, and steps through the others; both whole versions stay one click away. The author keeps one; the
 * caller keeps the other as a named version.
 */
export function ConflictDialog({
  open,
  title = texts.title,
  description = texts.description,
  mine,
  other,
  passages,
  busy,
  onKeepMine,
  onUseOther,
  onClose,
}: {
  open: boolean;
  title?: string;
  description?: string;
  /** The texts to show, as plain text. */
  mine: string;
  other: string;
  /** Where a manuscript's versions differ (absent for the book's details, which are short enough to read whole). */
  passages?: ConflictPassage[];
  busy: boolean;
  onKeepMine: () => void;
  onUseOther: () => void;
  /** Decide later: the status beside the title offers the choice again, and nothing is saved meanwhile. */
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onUseOther} disabled={busy}>
            {texts.useOther}
          </Button>
          <Button type="button" onClick={onKeepMine} disabled={busy} busy={busy}>
            {texts.keepMine}
          </Button>
        </>
      }
    >
      {passages ? (
        <>
          <Differences passages={passages} />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-stone-700">{texts.wholeVersions}</summary>
            <WholeVersions mine={mine} other={other} />
          </details>
        </>
      ) : (
        <WholeVersions mine={mine} other={other} />
      )}
    </Dialog>
  );
}

function WholeVersions({ mine, other }: { mine: string; other: string }) {
  return (
    <div className="mt-2 grid gap-3 sm:grid-cols-2">
      <Version label={texts.mine} text={mine} testId="conflict-mine" />
      <Version label={texts.other} text={other} testId="conflict-other" />
    </div>
  );
}

/** One passage at a time, with where it is and the way to the others. */
function Differences({ passages }: { passages: ConflictPassage[] }) {
  const [at, setAt] = useState(0);
  const passage = passages[Math.min(at, passages.length - 1)];
  if (!passage) return <p className="text-sm text-stone-600">{texts.sameText}</p>;
  return (
    <section aria-labelledby="conflict-differences" data-testid="conflict-differences" className="mt-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="conflict-differences" className="text-sm font-semibold text-stone-800">
          <span aria-live="polite">{texts.differenceOf(at + 1, passages.length)}</span>
          <span className="font-normal text-stone-600"> · {passage.chapter ?? texts.beforeFirstChapter}</span>
        </h3>
        {passages.length > 1 && (
          <div className="flex gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => setAt(at - 1)} disabled={at === 0}>
              {texts.previousDifference}
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setAt(at + 1)}
              disabled={at === passages.length - 1}
            >
              {texts.nextDifference}
            </Button>
          </div>
        )}
      </div>
      <p className="mb-1 text-xs text-stone-600">{texts.legend}</p>
      <div
        data-testid="conflict-passage"
        className="max-h-72 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 p-3 font-serif text-sm leading-relaxed whitespace-pre-wrap"
      >
        {passage.before && <span className="text-stone-500">{passage.before}</span>}
        {passage.before && '\n\n'}
        <DiffMarks parts={passage.parts} addedLabel={texts.onlyMine} removedLabel={texts.onlyOther} />
        {passage.after && '\n\n'}
        {passage.after && <span className="text-stone-500">{passage.after}</span>}
      </div>
    </section>
  );
}

function Version({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <section aria-label={label} className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold text-stone-800">{label}</h3>
      <div
        data-testid={testId}
        className="max-h-72 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 p-3 font-serif text-sm leading-relaxed whitespace-pre-wrap"
      >
        {text}
      </div>
    </section>
  );
}
