import { useId, useState, type DragEvent } from 'react';
import { UploadIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { importTexts } from './importTexts';
import type { UploadStage } from './useManuscriptUpload';

/**
 * Where the manuscript goes: dropped on the zone, or chosen with the picker it holds. Either starts the
 * import at once; a refusal (the file's check or the server's msg) is said under it.
 */
export function DropZone({
  title = importTexts.dropTitle,
  accept,
  kinds,
  problem,
  onFile,
}: {
  title?: string;
  accept: string;
  /** The kinds and size the zone takes, said under it. */
  kinds: string;
  problem: string | undefined;
  onFile: (file: File | undefined) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
    <div>
      <label
        data-testid="manuscript-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ink-300 ${dragging ? 'border-ink-500 bg-ink-50' : problem ? 'border-red-400 bg-red-50/40' : 'border-stone-300 bg-stone-50 hover:border-ink-400'}`}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-ink-700 shadow-sm ring-1 ring-stone-200">
          <UploadIcon className="size-5.5" />
        </span>
        <span className="text-sm text-stone-700">
          <span className="font-semibold text-ink-900">{title}</span>{' '}
          <span className="text-ink-800 underline underline-offset-2">{importTexts.choose}</span>
        </span>
        <span id={`${id}-hint`} className="text-xs text-stone-600">
          {kinds}
        </span>
        <input
          type="file"
          accept={accept}
          aria-label={importTexts.fileLabel}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          data-autofocus
          className="sr-only"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {problem && (
        <p
          id={`${id}-problem`}
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
        >
          {problem}
        </p>
      )}
    </div>
  );
}

/** The file on its way: how much is sent, then that the server reads it; it can be cancelled until answered. */
export function UploadProgressView({
  state,
  onCancel,
}: {
  state: Extract<UploadStage, { stage: 'uploading' }>;
  onCancel: () => void;
}) {
  const label = state.sent
    ? importTexts.reading
    : state.percent === undefined
      ? importTexts.uploadingUnknown
      : importTexts.uploading(state.percent);
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 px-4 py-5" aria-busy="true">
      <p className="truncate text-sm font-semibold text-stone-900" title={state.fileName}>
        {state.fileName}
      </p>
      <div
        role="progressbar"
        aria-label={importTexts.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(state.percent === undefined || state.sent ? {} : { 'aria-valuenow': state.percent })}
        aria-valuetext={label}
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full bg-ink-700 transition-[width] ${state.sent || state.percent === undefined ? 'animate-pulse' : ''}`}
          style={{ width: `${state.sent ? 100 : (state.percent ?? 8)}%` }}
        />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        {/* The bar's value text says it to assistive technology; the live region below, its turns. */}
        <p className="text-sm text-stone-700" aria-hidden="true">
          {label}
        </p>
        {/* Said once when the upload starts and once when the server reads, not at every percent. */}
        <span className="sr-only" aria-live="polite">
          {state.sent ? importTexts.reading : importTexts.uploadingUnknown}
        </span>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          {importTexts.cancel}
        </Button>
      </div>
    </div>
  );
}
