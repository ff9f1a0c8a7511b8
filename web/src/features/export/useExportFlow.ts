import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  exportFileName,
  metadataMessages,
  openSuggestionsNotice,
  type Book,
  type ExportRequest,
  type DocxLayout,
  type ExportType,
  type RequiredEpubMetadata,
  type UpdateMetadataRequest,
  type ValidateExportRequest,
} from '@bookwright/contracts/http';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../api/baseQuery';
import { toast } from '../../components/toast';
import { exportTexts } from './texts';
import { useUpdateMetadataMutation } from '../books/booksApi';
import type { MetadataSaveResult } from '../editor/metadata/useMetadataSaves';
import { exportApi, useExportBookMutation, useValidateExportQuery } from './exportApi';
import { exportFailureMessage, type ExportFormat } from './exportErrors';
import { defaultPrint, successText, type ExportStep } from './exportSteps';
import { saveFile } from './fileRequest';
import { missingMetadataOf } from './MetadataStep';
import type { PrintChoice } from './PrintOptionsStep';

export interface ExportFlowOptions {
  onClose: () => void;
  onMetadataSaved?: (book: Book) => void;
  saveMetadata?: (metadata: UpdateMetadataRequest) => Promise<MetadataSaveResult>;
}

/**
 * The Export dialog's steps and exports (spec §4). Every opening is a session: work that finishes after its
 * dialog was closed changes nothing.
 */
export function useExportFlow(
  book: Book,
  open: boolean,
  { onClose, onMetadataSaved, saveMetadata }: ExportFlowOptions,
) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<ExportStep>('formats');
  const [print, setPrint] = useState<PrintChoice>(defaultPrint);
  const [missing, setMissing] = useState<RequiredEpubMetadata[]>([]);
  const [busy, setBusy] = useState<ExportFormat>();
  const [layout, setLayout] = useState<DocxLayout>('manuscript');
  const [exportBook] = useExportBookMutation();
  const [updateMetadata] = useUpdateMetadataMutation();
  const session = useRef(0);
  const body = useRef<HTMLDivElement>(null);

  const printRequest = { format: 'pdf', platform: 'kdp', ...print } as const;
  const validation = useValidateExportQuery(
    open && step === 'pdf' ? { id: book._id, request: printRequest } : skipToken,
    { refetchOnMountOrArgChange: true },
  );

  /** The server's answer for these options now: another tab may have changed the book since. */
  const checkNow = async (request: ValidateExportRequest) =>
    (
      await dispatch(
        exportApi.endpoints.validateExport.initiate(
          { id: book._id, request },
          { forceRefetch: true, subscribe: false },
        ),
      )
    ).data;

  function close() {
    session.current += 1;
    setStep('formats');
    setPrint(defaultPrint);
    setMissing([]);
    setLayout('manuscript');
    setBusy(undefined);
    onClose();
  }

  /** Exports and saves the file; true when it worked. Toasts either way. */
  async function exportAndSave(request: ExportRequest, title: string): Promise<boolean> {
    const exportType: ExportType = request.format === 'pdf' ? request.exportType : 'interior';
    try {
      const file = await exportBook({ id: book._id, request }).unwrap();
      saveFile(
        file.objectUrl,
        file.fileName ??
          exportFileName(title, request.format, exportType, request.format === 'docx' ? request.layout : undefined),
        body.current ?? undefined,
      );
      toastExported(request.format, exportType, file.openSuggestions);
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
      const check = await checkNow({ format: 'epub' });
      if (started !== session.current) return;
      needed = check?.missingMetadata ?? [];
      if (needed.length === 0) return finish(started, await exportAndSave({ format: 'epub' }, book.title));
      setBusy(undefined);
    }
    setMissing(needed);
    setStep('metadata');
  }

  /** Saves the completion step's metadata (keeping the book's other fields); undefined when nothing was stored. */
  async function storeMetadata(metadata: UpdateMetadataRequest): Promise<MetadataSaveResult | undefined> {
    try {
      return saveMetadata
        ? await saveMetadata(metadata)
        : { book: await updateMetadata({ id: book._id, metadata }).unwrap(), kept: 'mine' };
    } catch (error) {
      // Refused, or a conflict the author left undecided.
      toast.error(errorMessage(error, exportTexts.metadataSaveFailure));
      return undefined;
    }
  }

  /** The completion step: save the metadata, then export. */
  async function saveAndExportEpub(metadata: UpdateMetadataRequest) {
    const started = session.current;
    setBusy('epub');
    const saved = await storeMetadata(metadata);
    if (!saved) {
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
    const result = await checkNow(printRequest);
    if (started !== session.current) return;
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

  /** Word: the file in the chosen layout, its comments and suggestions in it as Word's own. */
  async function exportDocx() {
    const started = session.current;
    setBusy('docx');
    finish(started, await exportAndSave({ format: 'docx', layout }, book.title));
  }

  return {
    step,
    layout,
    setLayout,
    exportDocx,
    setStep,
    print,
    setPrint,
    missing,
    busy,
    body,
    validation,
    close,
    chooseEpub,
    saveAndExportEpub,
    generatePdf,
  };
}

/** The export's success, and the open suggestions its file left out (a cover holds no manuscript text). */
function toastExported(format: ExportRequest['format'], exportType: ExportType, openSuggestions: number) {
  toast.success(successText(format, exportType));
  // A Word file holds them, as tracked changes; the others print the manuscript with them rejected.
  if (openSuggestions > 0 && exportType !== 'cover' && format !== 'docx')
    toast.info(openSuggestionsNotice(openSuggestions));
}
