import { lazy, Suspense, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { HistoryDialog } from '../history/HistoryDialog';
import { RewritePanel } from '../rewrite/RewritePanel';
import { TranslateDialog } from '../translate/TranslateDialog';
import type { BookEditorHandle } from './BookEditor';
import type { VersionedBook } from './conditionalRequests';
import { metadataDraftOf, type MetadataDraft } from './metadataDraft';
import type { EditorDialogs } from './useEditorDialogs';
import type { ManuscriptSaves } from './useManuscriptSaves';
import type { Rewrite } from './useRewrite';
import type { MetadataSaves } from './useMetadataSaves';

// The dialogs are their own chunks: the editor's is big enough with tiptap, and most visits open neither.
const CoverDialog = lazy(async () => ({ default: (await import('../cover/CoverDialog')).CoverDialog }));
const ExportDialog = lazy(async () => ({ default: (await import('../export/ExportDialog')).ExportDialog }));

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
}: {
  book: VersionedBook;
  dialogs: EditorDialogs;
  rewrite: Rewrite;
  editor: RefObject<BookEditorHandle | null>;
  saves: ManuscriptSaves;
  metadataSaves: MetadataSaves;
  unsavedChanges: boolean;
  metadataDraft: MetadataDraft;
  setMetadataDraft: Dispatch<SetStateAction<MetadataDraft>>;
  onNeedPlan: (() => void) | undefined;
  /** The reader's role may not change the text: versions are read only. */
  locked: boolean;
}) {
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
    </>
  );
}
