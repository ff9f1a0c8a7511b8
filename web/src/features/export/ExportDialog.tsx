import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  defaultBleed,
  defaultIsPaperback,
  defaultPaperColor,
  defaultTrimSize,
  exportFileName,
  metadataMessages,
  type Book,
  type ExportRequest,
  type ExportType,
  type PaperColor,
  type TrimSize,
  type UpdateMetadataRequest,
} from '@bookwright/contracts';
import { useAppDispatch } from '../../app/hooks';
import { useUpdateMetadataMutation } from '../books/booksApi';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { exportApi, useExportBookMutation, useValidateExportQuery } from './exportApi';
import { exportFailureMessage, type ExportFormat } from './exportErrors';
import { exportTexts } from '../../texts';
import { saveFile } from './fileRequest';
import { FormatList } from './FormatList';
import { loadPreferences } from '../settings/preferences';
import type { MetadataDraft } from '../editor/metadataDraft';
import type { MetadataSaveResult } from '../editor/useMetadataSaves';
import { MetadataStep, missingMetadataOf, type RequiredMetadata } from './MetadataStep';
import { PrintOptionsStep, type PrintChoice } from './PrintOptionsStep';
import { useStepFocus } from './useStepFocus';
import { errorMessage } from '../../api/baseQuery';

/** Spec §4: the format list, then the metadata completion step, the print options, or a direct export. */
type Step = 'formats' | 'metadata' | 'pdf';

const defaultPrint: PrintChoice = {
  trimSize: defaultTrimSize as TrimSize,
  paperColor: defaultPaperColor as PaperColor,
  bleed: defaultBleed,
  isPaperback: defaultIsPaperback,
  exportType: 'interior',
};

const successText = (format: ExportFormat, exportType: ExportType) =>
  format === 'epub' || exportType === 'interior'
    ? exportTexts.exported(format)
    : exportType === 'both'
      ? exportTexts.bothExported
      : exportTexts.coverExported;

/**
 * The editor's Export dialog (spec §2, §4, §8): EPUB (with the metadata completion step when a required
 * field is missing) or a print-ready PDF for Amazon KDP with its options and live validation. The file is
 * saved under the server's name (its UTF-8 `filename*`), exportFileName() when there is none. Closing resets
 * everything.
 */
export function ExportDialog({
  book,
  open,
  onClose,
  unsavedChanges = false,
  metadataDraft,
  onMetadataDraftChange,
  onMetadataSaved,
  saveMetadata,
}: {
  book: Book;
  open: boolean;
  onClose: () => void;
  /** The editor holds changes the server does not have yet (the export is made from the saved book). */
  unsavedChanges?: boolean;
  /** The editor's unsaved metadata: the completion step starts from it, writes to it and saves all of it. */
  metadataDraft?: MetadataDraft;
  onMetadataDraftChange?: (change: Partial<MetadataDraft>) => void;
  /** The completion step saved the metadata. */
  onMetadataSaved?: (book: Book) => void;
  /**
   * The editor's conditional metadata save (If-Match, on the manuscript's version chain): a stale one is a
   * 412 that the author settles, seeing both, instead of a silent overwrite. Without it (the dialog on its
   * own) the details are saved unconditionally.
   */
  saveMetadata?: (metadata: UpdateMetadataRequest) => Promise<MetadataSaveResult>;
}) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>('formats');
  const [preferredFormat] = useState(() => loadPreferences().exportFormat);
  const [print, setPrint] = useState<PrintChoice>(defaultPrint);
  const [missing, setMissing] = useState<RequiredMetadata[]>([]);
  const [busy, setBusy] = useState<ExportFormat>();
  const [exportBook] = useExportBookMutation();
  const [updateMetadata] = useUpdateMetadataMutation();
  // Every opening is a session; work that finishes after its dialog was closed changes nothing.
  const session = useRef(0);
  const body = useRef<HTMLDivElement>(null);

  const printRequest = { format: 'pdf', platform: 'kdp', ...print } as const;
  const validation = useValidateExportQuery(
    open && step === 'pdf' ? { id: book._id, request: printRequest } : skipToken,
    { refetchOnMountOrArgChange: true },
  );

  useStepFocus(step, body);

  function close() {
    session.current += 1;
    setStep('formats');
    setPrint(defaultPrint);
    setMissing([]);
    setBusy(undefined);
    onClose();
  }

  /** Exports and saves the file; true when it worked. Toasts either way. */
  async function exportAndSave(request: ExportRequest, title: string): Promise<boolean> {
    const exportType: ExportType = request.format === 'pdf' ? request.exportType : 'interior';
    try {
      const file = await exportBook({ id: book._id, request }).unwrap();
      const fileName = file.fileName ?? exportFileName(title, request.format, exportType);
      saveFile(file.objectUrl, fileName, body.current ?? undefined);
      toast.success(successText(request.format, exportType));
      return true;
    } catch (error) {
      toast.error(exportFailureMessage(error, request.format));
      return false;
    }
  }

  /** Ends an export of this session: closes the dialog when it worked. */
  function finish(started: number, ok: boolean) {
    if (started !== session.current) return;
    if (ok) close();
    else setBusy(undefined);
  }

  async function chooseEpub() {
    const started = session.current;
    let needed = missingMetadataOf(book);
    if (needed.length === 0) {
      setBusy('epub');
      // The server has the last word on the metadata (another tab may have changed it).
      const check = await dispatch(
        exportApi.endpoints.validateExport.initiate(
          { id: book._id, request: { format: 'epub' } },
          { forceRefetch: true, subscribe: false },
        ),
      );
      if (started !== session.current) return;
      needed = check.data?.missingMetadata ?? [];
      if (needed.length === 0) {
        finish(started, await exportAndSave({ format: 'epub' }, book.title));
        return;
      }
      setBusy(undefined);
    }
    setMissing(needed);
    setStep('metadata');
  }

  /** The completion step: save the metadata (keeping the book's other fields), then export. */
  async function saveAndExportEpub(metadata: UpdateMetadataRequest) {
    const started = session.current;
    setBusy('epub');
    let saved: MetadataSaveResult;
    try {
      saved = saveMetadata
        ? await saveMetadata(metadata)
        : { book: await updateMetadata({ id: book._id, metadata }).unwrap(), kept: 'mine' };
    } catch (error) {
      // Refused, or a conflict the author left undecided: nothing was stored.
      toast.error(errorMessage(error, exportTexts.metadataSaveFailure));
      if (started === session.current) setBusy(undefined);
      return;
    }
    if (saved.kept === 'mine') toast.success(metadataMessages.saved);
    onMetadataSaved?.(saved.book);
    if (started !== session.current) return;
    // The author chose the details saved elsewhere: they may still lack a required field.
    const stillMissing = missingMetadataOf(saved.book);
    if (stillMissing.length > 0) {
      setMissing(stillMissing);
      setBusy(undefined);
      return;
    }
    finish(started, await exportAndSave({ format: 'epub' }, saved.book.title));
  }

  async function generatePdf() {
    const started = session.current;
    setBusy('pdf');
    // Check the options as they are now (the panel may still show the previous answer).
    const check = await dispatch(
      exportApi.endpoints.validateExport.initiate(
        { id: book._id, request: printRequest },
        { forceRefetch: true, subscribe: false },
      ),
    );
    if (started !== session.current) return;
    const result = check.data;
    if (result && !result.isValid) {
      toast.warning(exportTexts.notValid);
      setBusy(undefined);
      // The warnings are at the top of a long step: bring them into view (and to the screen reader).
      requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('[data-export-warnings]')?.focus());
      return;
    }
    // pageCount and spineWidth travel along as spec §3 lists them; the server counts the pages itself.
    const request: ExportRequest = {
      ...printRequest,
      ...(result ? { pageCount: result.printPageCount ?? result.pageCount } : {}),
      ...(result?.spineWidthIn != null ? { spineWidth: result.spineWidthIn } : {}),
    };
    finish(started, await exportAndSave(request, book.title));
  }

  const title =
    step === 'metadata' ? exportTexts.missingTitle : step === 'pdf' ? exportTexts.pdfTitle : exportTexts.title;
  const description =
    step === 'metadata'
      ? exportTexts.missingDescription
      : step === 'pdf'
        ? exportTexts.pdfDescription
        : exportTexts.description;

  const back = (
    <Button type="button" variant="secondary" onClick={() => setStep('formats')} disabled={busy !== undefined}>
      {exportTexts.back}
    </Button>
  );
  // The completion step's buttons belong to its form; the print options' to the dialog.
  const footer =
    step === 'pdf' ? (
      <>
        {back}
        <Button type="button" onClick={() => void generatePdf()} disabled={busy !== undefined} busy={busy === 'pdf'}>
          {busy === 'pdf' ? exportTexts.generatingPdf : exportTexts.generatePdf}
        </Button>
      </>
    ) : undefined;

  return (
    <Dialog open={open} onClose={close} title={title} description={description} footer={footer}>
      <div ref={body} className="mt-5" data-testid="export-dialog-body">
        {step === 'formats' && unsavedChanges && (
          <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950">
            {exportTexts.unsavedChanges}
          </p>
        )}
        {step === 'formats' && (
          <FormatList
            preferred={preferredFormat}
            busy={busy}
            onEpub={() => void chooseEpub()}
            onPdf={() => {
              setPrint(defaultPrint);
              setStep('pdf');
            }}
          />
        )}
        {step === 'metadata' && (
          <MetadataStep
            book={book}
            draft={metadataDraft}
            onDraftChange={onMetadataDraftChange}
            missing={missing}
            busy={busy === 'epub'}
            back={back}
            onSubmit={(metadata) => void saveAndExportEpub(metadata)}
          />
        )}
        {step === 'pdf' && (
          <PrintOptionsStep
            print={print}
            onChange={(change) => setPrint((current) => ({ ...current, ...change }))}
            hasCover={Boolean(book.coverImage)}
            validation={validation.data}
            checking={validation.isFetching}
            checkFailed={validation.isError && !validation.isFetching}
            disabled={busy !== undefined}
          />
        )}
      </div>
    </Dialog>
  );
}
