import { lazy, Suspense, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { HistoryDialog } from '../../history/HistoryDialog';
import { RewritePanel } from '../../rewrite/RewritePanel';
import { TranslateDialog } from '../../translate/TranslateDialog';
import type { BookEditorHandle } from '../BookEditor';
import { fetchCurrentBook, type VersionedBook } from '../saving/conditionalRequests';
import { metadataDraftOf, type MetadataDraft } from '../metadata/metadataDraft';
import type { EditorDialogs } from './useEditorDialogs';
import type { ManuscriptSaves } from '../saving/useManuscriptSaves';
import type { Rewrite } from './useRewrite';
import type { MetadataSaves } from '../metadata/useMetadataSaves';

// The dialogs are their own chunks: the editor's is big enough with tiptap, and most visits open neither.
const CoverDialog = lazy(async () => ({ default: (await import('../../cover/CoverDialog')).CoverDialog }));
const ExportDialog = lazy(async () => ({ default: (await import('../../export/ExportDialog')).ExportDialog }));
const ReimportDialog = lazy(async () => ({ default: (await import('../../import/ReimportDialog')).ReimportDialog }));

/**
 * What the header's actions open: the rewrite panel on the selection, and the history, translation, cover and
 * export dialogs, each mounted once first asked for.
 */
export function WorkspaceDialogs({
  book,
  dialogs,
  rewrite,
  editor,
  saves,
  metadataSaves,
  unsavedChanges,
  metadataDraft,
  setMetadataDraft,
  onNeedPlan,
  locked,
  reimport,
}: {
  book: VersionedBook;
  dialogs: EditorDialogs;
  rewrite: Rewrite;
  editor: RefObject<BookEditorHandle | null>;
  /** What the history dialog asks of the manuscript's saving: save what is pending, take a restored text. */
  saves: Pick<ManuscriptSaves, 'flush' | 'adoptServer'>;
  metadataSaves: MetadataSaves;
  unsavedChanges: boolean;
  metadataDraft: MetadataDraft;
  setMetadataDraft: Dispatch<SetStateAction<MetadataDraft>>;
  onNeedPlan: (() => void) | undefined;
  /** The reader's role may not change the text: versions are read only. */
  locked: boolean;
  /** The solo editor's saving, which a corrected Word file is imported on (If-Match) and then follows. */
  reimport?: Pick<ManuscriptSaves, 'saver' | 'storeServerBook'>;
}) {
  /** The editor shows the book as the server now holds it, and its saves go on from that version. */
  const showServerBook = (server: VersionedBook, etag: string | undefined) => {
    const versioned = etag ? { ...server, etag } : server;
    editor.current?.replaceSaved(versioned.bookContent ?? '');
    saves.adoptServer(versioned);
    reimport?.storeServerBook(versioned, etag);
  };
  const showCurrentBook = async () => {
    const current = await fetchCurrentBook(book._id).catch(() => undefined);
    if (current) showServerBook(current.book, current.etag);
  };
  return (
    <>
      {rewrite.rewriting && (
        <RewritePanel
          key={`${rewrite.rewriting.selection.from}-${rewrite.rewriting.selection.to}`}
          editor={rewrite.rewriting.editor}
          bookId={book._id}
          selection={rewrite.rewriting.selection}
          onClose={rewrite.stop}
        />
      )}
      {dialogs.mounted('history') && (
        <HistoryDialog
          bookId={book._id}
          open={dialogs.isOpen('history')}
          onClose={dialogs.close}
          currentContent={() => editor.current?.snapshot().bookContent ?? book.bookContent ?? ''}
          saveChanges={saves.flush}
          onNeedPlan={onNeedPlan}
          locked={locked}
          onRestored={(restored) => {
            editor.current?.replaceSaved(restored.bookContent ?? '');
            saves.adoptServer(restored);
          }}
        />
      )}
      {dialogs.mounted('translate') && (
        <TranslateDialog book={book} open={dialogs.isOpen('translate')} onClose={dialogs.close} />
      )}
      {dialogs.mounted('cover') && (
        <Suspense fallback={null}>
          <CoverDialog book={book} open={dialogs.isOpen('cover')} onClose={dialogs.close} />
        </Suspense>
      )}
      {dialogs.mounted('export') && (
        <Suspense fallback={null}>
          <ExportDialog
            book={book}
            open={dialogs.isOpen('export')}
            onClose={dialogs.close}
            unsavedChanges={unsavedChanges}
            metadataDraft={metadataDraft}
            onMetadataDraftChange={(change) => setMetadataDraft((draft) => ({ ...draft, ...change }))}
            saveMetadata={metadataSaves.saveMetadata}
            onMetadataSaved={(saved) => setMetadataDraft(metadataDraftOf(saved))}
          />
        </Suspense>
      )}
      {reimport && dialogs.mounted('reimport') && (
        <Suspense fallback={null}>
          <ReimportDialog
            book={book}
            open={dialogs.isOpen('reimport')}
            onClose={dialogs.close}
            etag={() => reimport.saver.etag}
            saveChanges={saves.flush}
            onImported={(imported) => {
              if (imported.etag) return showServerBook(imported, imported.etag);
              // An answer without the new version: read the book, or the next save would meet a 412.
              void showCurrentBook();
            }}
            onChangedElsewhere={showCurrentBook}
          />
        </Suspense>
      )}
    </>
  );
}
