import { useEffect, useRef, useState } from 'react';
import type { ImportReport } from '@bookwright/contracts/http';
import type { VersionedBook } from '../editor/saving/conditionalRequests';
import { manuscriptFileProblem } from './manuscriptFile';
import type { ImportOutcome } from './manuscriptUpload';
import type { UploadProgress } from './uploadWithProgress';

/** Where an import dialog is: choosing a file (with the last refusal), sending it, or showing its report. */
export type UploadStage =
  | { stage: 'choose'; problem?: string }
  | {
      stage: 'uploading';
      fileName: string;
      /** Percent of the file sent; undefined while the browser cannot tell. */
      percent: number | undefined;
      /** All of it is sent: the server is reading the manuscript. */
      sent: boolean;
    }
  | { stage: 'done'; book: VersionedBook; report: ImportReport };

type Run = (
  file: File,
  call: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
) => Promise<ImportOutcome>;

/**
 * One import dialog's upload: the file checked before it goes (size and kind, in the server's words), its
 * progress, a cancel, and the outcome. A file dropped is enough to start. Closing the dialog cancels.
 */
export function useManuscriptUpload({
  purpose,
  run,
  onImported,
  onConflict,
}: {
  purpose: 'new' | 'reimport';
  run: Run;
  onImported?: (book: VersionedBook) => void;
  onConflict?: () => string;
}) {
  const [state, setState] = useState<UploadStage>({ stage: 'choose' });
  const controller = useRef<AbortController>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File | undefined) {
    if (!file || state.stage === 'uploading') return;
    const problem = manuscriptFileProblem(file, purpose);
    if (problem) return setState({ stage: 'choose', problem });
    const abort = new AbortController();
    controller.current = abort;
    setState({ stage: 'uploading', fileName: file.name, percent: undefined, sent: false });
    const outcome = await run(file, {
      signal: abort.signal,
      onProgress: ({ loaded, total }) =>
        setState((current) =>
          current.stage === 'uploading'
            ? {
                ...current,
                percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : undefined,
                sent: total > 0 && loaded >= total,
              }
            : current,
        ),
    });
    if (abort.signal.aborted || outcome.kind === 'aborted') return;
    controller.current = undefined;
    if (outcome.kind === 'imported') {
      setState({ stage: 'done', book: outcome.book, report: outcome.report });
      onImported?.(outcome.book);
    } else if (outcome.kind === 'conflict') setState({ stage: 'choose', problem: onConflict?.() });
    else setState({ stage: 'choose', problem: outcome.message });
  }

  return {
    state,
    start: (file: File | undefined) => void start(file),
    cancel() {
      controller.current?.abort();
      controller.current = undefined;
      setState({ stage: 'choose' });
    },
    /** Says why the upload cannot start (a save of the editor's changes failed first). */
    refuse: (problem: string) => setState({ stage: 'choose', problem }),
  };
}
