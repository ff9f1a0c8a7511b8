import { useMemo, useState, type FormEvent } from 'react';
import type { Book, RevisionSummary } from '@bookwright/contracts/http';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { DiffMarks } from './DiffMarks';
import { revisionDiff, textOf, type DiffPart } from './revisionDiff';
import {
  useLazyGetRevisionQuery,
  useListRevisionsQuery,
  useRestoreRevisionMutation,
  useSaveVersionMutation,
  type Named,
} from './revisionsApi';
import { historyTexts as texts } from './texts';
import { errorMessage } from '../../api/baseQuery';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A version's name is 1 to 80 characters (POST /book/{id}/revisions). */
const nameMaxLength = 80;

/**
 * The editor's 'History': the kept versions with their name ("As written", one the author gave), time and
 * word count, "Save a version" with an optional name, a readable diff of one against the current text, and
 * restore (itself a new version, so a restore can be undone from here).
 */
export function HistoryDialog({
  bookId,
  open,
  onClose,
  currentContent,
  saveChanges,
  onRestored,
  onNeedPlan,
  locked = false,
}: {
  bookId: string;
  open: boolean;
  onClose: () => void;
  /** The editor's text now (it may be ahead of the saved one). */
  currentContent: () => string;
  /** Saves the editor's pending changes first; false when the server does not have them all. */
  saveChanges: () => Promise<boolean>;
  onRestored: (book: Book) => void;
  /**
   * Set while the book is read-only (no plan): the versions can still be read and compared, but saving or
   * restoring one changes the manuscript, so those lead to the plans instead.
   */
  onNeedPlan?: (() => void) | undefined;
  /** The reader's role may not change the text (a shared book): versions are read and compared only. */
  locked?: boolean;
}) {
  const readOnly = onNeedPlan !== undefined || locked;
  const {
    data: revisions,
    isLoading,
    isError,
  } = useListRevisionsQuery(bookId, { skip: !open, refetchOnMountOrArgChange: true });
  const { selected, setSelected, pick, shown, diff } = usePickedRevision(bookId, currentContent);
  const { restoreSelected, restoring } = useRestore({ bookId, selected, saveChanges, onRestored }, () => {
    setSelected(undefined);
    onClose();
  });
  const versionSaving = useVersionSaving(bookId, saveChanges);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {texts.close}
          </Button>
          {!readOnly && (
            <Button
              type="button"
              onClick={() => void restoreSelected()}
              disabled={!shown || restoring}
              busy={restoring}
            >
              {restoring ? texts.restoring : texts.restore}
            </Button>
          )}
        </>
      }
    >
      {locked ? (
        <div className="mt-5" />
      ) : readOnly ? (
        <NeedsPlan onNeedPlan={onNeedPlan} />
      ) : (
        <SaveVersionForm {...versionSaving} />
      )}
      {isLoading && <p className="text-sm text-stone-600">Loading…</p>}
      {isError && <p className="text-sm text-red-700">{texts.loadFailure}</p>}
      {revisions && revisions.length === 0 && <p className="text-sm text-stone-600">{texts.empty}</p>}
      {revisions && revisions.length > 0 && (
        <div className="space-y-3">
          <RevisionList revisions={revisions} selected={selected} onPick={pick} />
          {selected && !shown && <p className="text-sm text-stone-600">Loading…</p>}
          {shown && <RevisionDiff diff={diff} />}
        </div>
      )}
    </Dialog>
  );
}

/** The version picked in the list, once loaded (`shown`), and its diff against the editor's text. */
function usePickedRevision(bookId: string, currentContent: () => string) {
  const [selected, setSelected] = useState<string>();
  const [loadRevision, revision] = useLazyGetRevisionQuery();
  const shown = selected && revision.data?.id === selected ? revision.data : undefined;
  const diff = useMemo(
    () => (shown ? revisionDiff(textOf(currentContent()), textOf(shown.bookContent)) : []),
    // currentContent reads the editor; the diff is worked out again when another version is picked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown],
  );

  function pick(revisionId: string) {
    setSelected(revisionId);
    void loadRevision({ bookId, revisionId }, true);
  }

  return { selected, setSelected, pick, shown, diff };
}

/** Restores the picked version once the editor's changes are on the server; `restored` closes the dialog. */
function useRestore(
  {
    bookId,
    selected,
    saveChanges,
    onRestored,
  }: {
    bookId: string;
    selected: string | undefined;
    saveChanges: () => Promise<boolean>;
    onRestored: (book: Book) => void;
  },
  restored: () => void,
) {
  const [restore, { isLoading: restoring }] = useRestoreRevisionMutation();

  async function restoreSelected() {
    if (!selected) return;
    if (!(await saveChanges())) {
      toast.error(texts.unsavedFirst);
      return;
    }
    try {
      const book = await restore({ bookId, revisionId: selected }).unwrap();
      onRestored(book);
      toast.success(texts.restored);
      restored();
    } catch (error) {
      toast.error(errorMessage(error, texts.restoreFailure));
    }
  }

  return { restoreSelected, restoring };
}

/** "Save a version": the name typed (kept while the dialog is closed) and its saving. */
function useVersionSaving(bookId: string, saveChanges: () => Promise<boolean>) {
  const [saveVersion, { isLoading: saving }] = useSaveVersionMutation();
  const [name, setName] = useState('');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The version is the server's manuscript: what the author sees must be there first.
    if (!(await saveChanges())) {
      toast.error(texts.unsavedVersionFirst);
      return;
    }
    const trimmed = name.trim();
    try {
      await saveVersion({ bookId, ...(trimmed ? { name: trimmed } : {}) }).unwrap();
      setName('');
      toast.success(texts.versionSaved);
    } catch (error) {
      toast.error(errorMessage(error, texts.versionFailure));
    }
  }

  return { name, setName, saving, save };
}

function NeedsPlan({ onNeedPlan }: { onNeedPlan?: () => void }) {
  return (
    <p className="mt-5 mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
      {texts.needsPlan}
      <Button type="button" variant="secondary" onClick={onNeedPlan}>
        {texts.choosePlan}
      </Button>
    </p>
  );
}

function SaveVersionForm({ name, setName, saving, save }: ReturnType<typeof useVersionSaving>) {
  return (
    <form
      onSubmit={(event) => void save(event)}
      aria-label={texts.saveVersion}
      className="mt-5 mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <label className="flex-1 text-sm font-medium text-stone-800">
        {texts.versionName}
        <input
          type="text"
          name="versionName"
          value={name}
          maxLength={nameMaxLength}
          placeholder={texts.versionNamePlaceholder}
          onChange={(event) => setName(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-normal text-stone-900"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={saving} busy={saving}>
        {saving ? texts.savingVersion : texts.saveVersion}
      </Button>
    </form>
  );
}

function RevisionList({
  revisions,
  selected,
  onPick,
}: {
  revisions: Named<RevisionSummary>[];
  selected: string | undefined;
  onPick: (revisionId: string) => void;
}) {
  return (
    <ol aria-label="Saved versions" className="max-h-48 overflow-y-auto rounded-lg border border-stone-200">
      {revisions.map((r, index) => (
        <li key={r.id}>
          <button
            type="button"
            onClick={() => onPick(r.id)}
            aria-pressed={selected === r.id}
            className={`flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm ${
              selected === r.id ? 'bg-ink-50 font-semibold text-ink-950' : 'hover:bg-stone-50'
            }`}
          >
            <span className="min-w-0">
              {r.name && <span className="block truncate font-semibold text-ink-950">{r.name}</span>}
              <span className={r.name ? 'text-xs text-stone-600' : undefined}>
                {when.format(new Date(r.createdAt))}
              </span>
              {index === 0 && <span className="ml-2 text-xs font-normal text-stone-500">{texts.latest}</span>}
            </span>
            <span className="shrink-0 whitespace-nowrap text-stone-600">
              {r.wordCount.toLocaleString('en-GB')} {r.wordCount === 1 ? 'word' : 'words'}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The picked version against the editor's text: what it would add back and take away. */
function RevisionDiff({ diff }: { diff: DiffPart[] }) {
  return (
    <div>
      <p className="mb-1 text-xs text-stone-500">{texts.legend}</p>
      <div
        data-testid="revision-diff"
        className="max-h-64 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 p-3 font-serif text-sm leading-relaxed whitespace-pre-wrap"
      >
        {diff.every((p) => p.kind === 'same') ? (
          <span className="text-stone-600">{texts.noChanges}</span>
        ) : (
          <DiffMarks parts={diff} />
        )}
      </div>
    </div>
  );
}
