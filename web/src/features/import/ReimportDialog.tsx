import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { commentsApi } from '../comments/commentsApi';
import type { VersionedBook } from '../editor/saving/conditionalRequests';
import { DropZone, UploadProgressView } from './DropZone';
import { ImportReport } from './ImportReport';
import { importTexts } from './importTexts';
import { reimportAccept } from './manuscriptFile';
import { reimportManuscript } from './manuscriptUpload';
import { useManuscriptUpload } from './useManuscriptUpload';

const texts = importTexts.reimport;

/**
 * The way back from an editor (issue 46): the corrected Word file replaces the book's text chapter by
 * chapter, on the version the editor holds (If-Match, as its saves). The editor's unsaved changes are saved
 * first, so the version sent is the one the author sees. A 412 is a book changed elsewhere: nothing was
 * replaced, and the editor takes the version saved there (it has nothing unsaved by then) for the author to
 * look over before importing again.
 */
export function ReimportDialog({
  book,
  open,
  onClose,
  etag,
  saveChanges,
  onImported,
  onChangedElsewhere,
}: {
  book: VersionedBook;
  open: boolean;
  onClose: () => void;
  /** The version of the book the editor's saves are conditional on now. */
  etag: () => string | undefined;
  /** Saves what is pending; true when the server then has everything. */
  saveChanges: () => Promise<boolean>;
  /** The book as the import left it: the editor shows it. */
  onImported: (book: VersionedBook) => void;
  /** The answer was 412: the editor takes the book as it is saved now. */
  onChangedElsewhere: () => Promise<void>;
}) {
  const dispatch = useAppDispatch();
  const upload = useManuscriptUpload({
    purpose: 'reimport',
    run: async (file, call) => {
      if (!(await saveChanges())) return { kind: 'failed', message: texts.saveFailed };
      return reimportManuscript(book._id, file, etag(), call);
    },
    onImported: (imported) => {
      onImported(imported);
      // The file's Word comments are the book's threads now: the editor reads them again (decision 0057).
      dispatch(commentsApi.util.invalidateTags([{ type: 'Comments', id: book._id }]));
      toast.success(texts.imported);
    },
    onConflict: () => {
      void onChangedElsewhere();
      return texts.conflict;
    },
  });
  const { state } = upload;
  const close = () => {
    upload.cancel();
    onClose();
  };
  const done = state.stage === 'done' ? state : undefined;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={done ? texts.imported : texts.title}
      description={
        done ? undefined : (
          <>
            <p>{texts.description}</p>
            <p className="mt-2">{texts.suggestions}</p>
          </>
        )
      }
      footer={
        done ? (
          <Button type="button" onClick={close}>
            {texts.done}
          </Button>
        ) : undefined
      }
    >
      <div className="mt-5 space-y-4" data-testid="reimport-dialog-body">
        {state.stage === 'choose' && (
          <>
            <DropZone
              title={texts.dropTitle}
              accept={reimportAccept}
              kinds={texts.kinds}
              problem={state.problem}
              onFile={upload.start}
            />
            <p className="text-xs text-stone-600">{texts.unsaved}</p>
          </>
        )}
        {state.stage === 'uploading' && <UploadProgressView state={state} onCancel={upload.cancel} />}
        {done && <ImportReport report={done.report} />}
      </div>
    </Dialog>
  );
}
