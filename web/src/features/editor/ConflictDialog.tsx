import { Dialog } from '../../components/Dialog';
import { Button } from '../../components/ui';
import { conflictTexts as texts } from './saveTexts';

/**
 * Two versions of one book side by side (a save refused with 412, or a local draft over a server text that
 * changed meanwhile). The author keeps one; the caller keeps the other as a named version.
 */
export function ConflictDialog({
  open,
  title = texts.title,
  description = texts.description,
  mine,
  other,
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
      <div className="grid gap-3 sm:grid-cols-2">
        <Version label={texts.mine} text={mine} testId="conflict-mine" />
        <Version label={texts.other} text={other} testId="conflict-other" />
      </div>
    </Dialog>
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
