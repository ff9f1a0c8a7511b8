import { useMemo, useState, type ReactNode } from 'react';
import type { Book, UpdateMetadataRequest } from '@bookwright/contracts/http';
import { Dialog } from '../../components/Dialog';
import { Button } from '../../components/ui';
import { exportTexts } from './texts';
import { ChoiceCards } from './ChoiceCards';
import { FormatList } from './FormatList';
import { loadPreferences } from '../settings/preferences';
import type { MetadataDraft } from '../editor/metadata/metadataDraft';
import type { MetadataSaveResult } from '../editor/metadata/useMetadataSaves';
import { MetadataStep } from './MetadataStep';
import { OpenSuggestionsNotice, savedOpenSuggestions } from './openSuggestions';
import { PrintOptionsStep } from './PrintOptionsStep';
import type { ExportFormat } from './exportErrors';
import { defaultPrint, stepTexts } from './exportSteps';
import { useExportFlow } from './useExportFlow';
import { useStepFocus } from './useStepFocus';

export interface ExportDialogProps {
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
}

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
}: ExportDialogProps) {
  const [preferredFormat] = useState(() => loadPreferences().exportFormat);
  const flow = useExportFlow(book, open, { onClose, onMetadataSaved, saveMetadata });
  const { step, setStep, print, setPrint, missing, busy, body, validation, close } = flow;
  const { title, description } = stepTexts(step);
  useStepFocus(step, body);
  // Before exporting: the saved manuscript's count, the server's once the print options were checked
  // (it reads the book as it is now). A cover alone prints no manuscript text.
  const saved = useMemo(() => savedOpenSuggestions(book.bookContent), [book.bookContent]);
  // A Word file holds the open suggestions, as tracked changes.
  const leftOut =
    (step === 'pdf' && print.exportType === 'cover') || step === 'docx'
      ? 0
      : step === 'pdf'
        ? (validation.data?.openSuggestions ?? saved)
        : saved;

  const back = (
    <Button type="button" variant="secondary" onClick={() => setStep('formats')} disabled={busy !== undefined}>
      {exportTexts.back}
    </Button>
  );
  // The completion step's buttons belong to its form; the print options' to the dialog.
  const footer =
    step === 'pdf' ? (
      <PdfFooter back={back} busy={busy} onGenerate={() => void flow.generatePdf()} />
    ) : step === 'docx' ? (
      <>
        {back}
        <Button
          type="button"
          onClick={() => void flow.exportDocx()}
          disabled={busy !== undefined}
          busy={busy === 'docx'}
        >
          {busy === 'docx' ? exportTexts.exporting : exportTexts.exportWord}
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
        <OpenSuggestionsNotice count={leftOut} />
        {step === 'formats' && (
          <FormatList
            preferred={preferredFormat}
            busy={busy}
            onEpub={() => void flow.chooseEpub()}
            onPdf={() => {
              setPrint(defaultPrint);
              setStep('pdf');
            }}
            onWord={() => setStep('docx')}
          />
        )}
        {step === 'docx' && (
          <ChoiceCards
            legend={exportTexts.layout}
            name="docx-layout"
            value={flow.layout}
            onChange={flow.setLayout}
            columns="grid-cols-1 sm:grid-cols-2"
            disabled={busy !== undefined}
            choices={[
              { value: 'manuscript', label: exportTexts.layoutManuscript, hint: exportTexts.layoutManuscriptHint },
              { value: 'book', label: exportTexts.layoutBook, hint: exportTexts.layoutBookHint },
            ]}
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
            onSubmit={(metadata) => void flow.saveAndExportEpub(metadata)}
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

/** The print options' buttons: back to the formats, and generate the PDF. */
function PdfFooter({
  back,
  busy,
  onGenerate,
}: {
  back: ReactNode;
  busy: ExportFormat | undefined;
  onGenerate: () => void;
}) {
  return (
    <>
      {back}
      <Button type="button" onClick={onGenerate} disabled={busy !== undefined} busy={busy === 'pdf'}>
        {busy === 'pdf' ? exportTexts.generatingPdf : exportTexts.generatePdf}
      </Button>
    </>
  );
}
