import { useState } from 'react';
import { useNavigate } from 'react-router';
import { bookLanguageOptions, genres, type ManuscriptImportFields } from '@bookwright/contracts/http';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { InputField, SelectField } from '../../components/fields';
import { BookIcon, ChevronDownIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { bookPath } from '../books/status';
import { DropZone, UploadProgressView } from './DropZone';
import { ImportReport } from './ImportReport';
import { importTexts } from './importTexts';
import { manuscriptAccept } from './manuscriptFile';
import { importManuscript } from './manuscriptUpload';
import { useManuscriptUpload } from './useManuscriptUpload';

type Details = Required<Pick<ManuscriptImportFields, 'title' | 'language' | 'genre'>>;
const noDetails: Details = { title: '', language: '', genre: '' };

/**
 * "Import a manuscript" from the library (issue 46): dropping a file (or choosing one) starts the import at
 * once; the title, language and genre may be given first, folded away. The upload's progress, then the
 * report, and the way into the editor. In a team workspace the book is the workspace's.
 */
export function ImportManuscriptDialog({
  open,
  onClose,
  workspaceId,
}: {
  open: boolean;
  onClose: () => void;
  workspaceId?: string | undefined;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [details, setDetails] = useState<Details>(noDetails);
  const upload = useManuscriptUpload({
    purpose: 'new',
    run: (file, call) => importManuscript(file, fieldsOf(details, workspaceId), call),
    // The library lists it at once, whatever the author does next.
    onImported: () => dispatch(api.util.invalidateTags(['Books'])),
  });
  const { state } = upload;
  const close = () => {
    upload.cancel();
    setDetails(noDetails);
    onClose();
  };
  const done = state.stage === 'done' ? state : undefined;
  const editorPath = done ? bookPath(done.book) : undefined;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={done ? importTexts.imported : importTexts.title}
      description={done ? undefined : importTexts.description}
    >
      <div className="mt-5 space-y-4" data-testid="import-dialog-body">
        {state.stage === 'choose' && (
          <>
            <DropZone
              accept={manuscriptAccept}
              kinds={importTexts.kinds}
              problem={state.problem}
              onFile={upload.start}
            />
            <DetailsFields details={details} onChange={(change) => setDetails((d) => ({ ...d, ...change }))} />
          </>
        )}
        {state.stage === 'uploading' && <UploadProgressView state={state} onCancel={upload.cancel} />}
        {done && (
          <>
            {/* Above the report, not under it: a long book's report scrolls the dialog. */}
            {editorPath && (
              <Button type="button" className="w-full sm:w-auto" onClick={() => void navigate(editorPath)}>
                <BookIcon className="size-4.5" />
                {importTexts.openInEditor}
              </Button>
            )}
            <ImportReport report={done.report} />
          </>
        )}
      </div>
    </Dialog>
  );
}

const fieldsOf = (details: Details, workspaceId: string | undefined): ManuscriptImportFields => ({
  ...(details.title.trim() ? { title: details.title.trim() } : {}),
  ...(details.language ? { language: details.language } : {}),
  ...(details.genre ? { genre: details.genre } : {}),
  ...(workspaceId ? { workspaceId } : {}),
});

/** The optional details, folded: none of them is needed, and dropping a file does not wait for them. */
function DetailsFields({ details, onChange }: { details: Details; onChange: (change: Partial<Details>) => void }) {
  return (
    <details className="group rounded-xl border border-stone-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-ink-300 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        {importTexts.details}
        <ChevronDownIcon className="size-4.5 text-stone-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-4 border-t border-stone-200 px-4 py-4 sm:grid-cols-2">
        <p className="text-xs text-stone-600 sm:col-span-2">{importTexts.detailsHint}</p>
        <InputField
          name="title"
          label={importTexts.titleLabel}
          value={details.title}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => onChange({ title: event.target.value })}
          className="sm:col-span-2"
        />
        <SelectField
          name="language"
          label={importTexts.languageLabel}
          value={details.language}
          onChange={(event) => onChange({ language: event.target.value })}
        >
          <option value="">{importTexts.chooseLanguage}</option>
          {bookLanguageOptions.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="genre"
          label={importTexts.genreLabel}
          value={details.genre}
          onChange={(event) => onChange({ genre: event.target.value })}
        >
          <option value="">{importTexts.chooseGenre}</option>
          {genres.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </SelectField>
      </div>
    </details>
  );
}
