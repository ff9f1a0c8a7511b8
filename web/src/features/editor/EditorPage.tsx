import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { genres } from '@bookwright/contracts';
import { Dialog } from '../../components/Dialog';
import { CheckIcon, CloseIcon, DownloadIcon, ImageIcon, PanelIcon, SaveIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { editorTexts } from '../../texts';
import { plansPath, useHasPlan } from '../billing/planAccess';
import { BookCover } from '../books/BookCover';
import { BookUnavailable } from '../books/BookUnavailable';
import { useGetBookQuery } from '../books/booksApi';
import { useCurrentUserQuery } from '../auth/authApi';
import { loadPreferences } from '../settings/preferences';
import { PageSpinner } from '../validation/ValidationPage';
import { BookEditor, type BookEditorHandle } from './BookEditor';
import { metadataDraftOf } from './metadataDraft';
import { SidePanel } from './SidePanel';
import { ConflictDialog } from './ConflictDialog';
import type { VersionedBook } from './conditionalRequests';
import { SaveStatus } from './SaveStatus';
import { failingStates, useManuscriptSaves } from './useManuscriptSaves';
import { useMetadataSaves } from './useMetadataSaves';
import { HistoryDialog } from '../history/HistoryDialog';
import { historyTexts } from '../history/texts';
import { RewritePanel } from '../rewrite/RewritePanel';
import { readSelection, type RewriteSelection } from '../rewrite/selectionContext';
import { rewriteTexts } from '../rewrite/texts';
import { translateTexts } from '../translate/texts';
import { TranslateDialog } from '../translate/TranslateDialog';
import { TranslatedFrom } from '../translate/TranslatedFrom';
import { MoveToTrashButton } from '../library/MoveToTrash';
import { signOutPath } from '../shell/useSignOut';
import type { Editor } from '@tiptap/react';

/** /app/edit/{bookId}: the editor of a ready book (spec §2). */
export function EditorPage() {
  const { bookId = '' } = useParams();
  const { data: book, isLoading } = useGetBookQuery(bookId);
  if (!book) return isLoading ? <PageSpinner /> : <BookUnavailable />;
  if (book.status !== 'ready') return <BookUnavailable book={book} />;
  return <Workspace key={book._id} book={book} />;
}

const wideScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches;

type EditorDialog = 'cover' | 'export' | 'history' | 'translate';

// The dialogs are their own chunks: the editor's is big enough with tiptap, and most visits open neither.
const CoverDialog = lazy(async () => ({ default: (await import('../cover/CoverDialog')).CoverDialog }));
const ExportDialog = lazy(async () => ({ default: (await import('../export/ExportDialog')).ExportDialog }));

function Workspace({ book }: { book: VersionedBook }) {
  const editor = useRef<BookEditorHandle>(null);
  const { data: user } = useCurrentUserQuery();
  // Read once per visit: the setting is changed on another page.
  const [autosave] = useState(() => loadPreferences().autoSave);
  // Without a plan the book is read-only (the shell's banner says so) and AI actions lead to the plans.
  const readOnly = !useHasPlan();
  // A read-only editor has nothing to save, so it recovers no draft either (one is kept until a plan returns).
  const saves = useManuscriptSaves({ book, editor, userId: readOnly ? undefined : user?._id, autosave });
  const metadataSaves = useMetadataSaves(book, saves);
  const [dirty, setDirty] = useState(false);
  const [panelOpen, setPanelOpen] = useState(wideScreen);
  const [dialog, setDialog] = useState<EditorDialog>();
  // What the author typed into the metadata, saved or not: the side panel's form and the export dialog's
  // completion step both edit it, so neither a refused save nor the other form's save drops a word.
  const [metadataDraft, setMetadataDraft] = useState(() => metadataDraftOf(book));
  // A dialog stays mounted once opened, so closing it runs the native close (focus goes back to its button).
  const [opened, setOpened] = useState<ReadonlySet<EditorDialog>>(new Set());
  const openDialog = (which: EditorDialog) => {
    setOpened((o) => (o.has(which) ? o : new Set(o).add(which)));
    setDialog(which);
  };
  const navigate = useNavigate();
  const toPlans = () => void navigate(plansPath);
  const [rewriting, setRewriting] = useState<{ editor: Editor; selection: RewriteSelection }>();
  function startRewrite() {
    const handle = editor.current;
    const selection = handle && readSelection(handle.editor());
    if (handle && selection) setRewriting({ editor: handle.editor(), selection });
    else toast.error(rewriteTexts.needSelection);
  }
  const genre = genres.find((g) => g.value === book.genre)?.label ?? book.genre;

  const saving = saves.state === 'saving';
  const save = () => {
    if (!readOnly) void saves.save(true);
  };

  // Leaving the page in the app with changes not on the server yet: they are saved first; only a save that
  // fails (or autosave being off) asks. Closing the tab is the saver's (pagehide) and the draft's.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  // Signing out clears this user's drafts, so only then are the unsaved changes really lost.
  const signingOut = blocked && blocker.location.pathname === signOutPath;
  const askAtOnce = !autosave || failingStates.has(saves.state);
  const [flushFailed, setFlushFailed] = useState(false);
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  useEffect(() => {
    if (!blocked) return;
    saves.writeDraftNow();
    if (askAtOnce) return;
    void saves.flush().then((clean) => {
      if (clean) blockerRef.current.proceed?.();
      else setFlushFailed(true);
    });
    // Once per blocked navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
  const stay = () => {
    setFlushFailed(false);
    blocker.reset?.();
  };

  return (
    <div className="flex h-[calc(100dvh-3.3rem)] min-h-[32rem] flex-col lg:h-dvh">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-stone-200 bg-white px-3 py-3 sm:px-5">
        <button
          type="button"
          onClick={() => setPanelOpen((o) => !o)}
          aria-expanded={panelOpen}
          aria-controls="book-side-panel"
          aria-label={panelOpen ? 'Hide book details' : 'Show book details'}
          title={panelOpen ? 'Hide book details' : 'Show book details'}
          className={`rounded-lg p-2 ${panelOpen ? 'bg-ink-50 text-ink-900' : 'text-stone-600 hover:bg-stone-100'}`}
        >
          <PanelIcon />
        </button>
        <div className="relative shrink-0">
          <BookCover title={book.title} coverImage={book.coverImage} size="sm" className="w-10" />
          {book.coverImage && (
            <span
              className="absolute -right-1.5 -bottom-1.5 flex size-5 items-center justify-center rounded-full bg-green-600 text-white ring-2 ring-white"
              title="Cover added"
            >
              <CheckIcon className="size-3" />
              <span className="sr-only">Cover added</span>
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-display text-xl leading-tight font-semibold text-ink-950 sm:text-2xl">
            {book.title}
          </h1>
          <p className="truncate text-sm text-stone-600">
            {genre} · {book.targetAudience}
          </p>
          {book.translation && <TranslatedFrom translation={book.translation} language={book.language} />}
          <SaveStatus state={saves.state} autosave={autosave} onRetry={saves.retryNow} onChoose={saves.openConflict} />
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <Button
            type="button"
            variant="secondary"
            className="flex-1 px-2.5 whitespace-nowrap sm:flex-none sm:px-3"
            // Keep the editor's selection: the button must not take focus on press.
            onMouseDown={(event) => event.preventDefault()}
            onClick={readOnly ? toPlans : startRewrite}
          >
            {rewriteTexts.open}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="flex-1 px-2.5 whitespace-nowrap sm:flex-none sm:px-3"
            onClick={() => openDialog('history')}
          >
            {historyTexts.open}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="flex-1 px-2.5 whitespace-nowrap sm:flex-none sm:px-3"
            onClick={readOnly ? toPlans : () => openDialog('translate')}
          >
            {translateTexts.open}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="flex-1 px-2.5 whitespace-nowrap sm:flex-none sm:px-3"
            onClick={readOnly ? toPlans : () => openDialog('cover')}
          >
            <ImageIcon className="hidden size-4.5 sm:block" />
            {book.coverImage ? editorTexts.changeCover : editorTexts.generateCover}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="flex-1 px-2.5 whitespace-nowrap sm:flex-none sm:px-3"
            onClick={() => openDialog('export')}
          >
            <DownloadIcon className="hidden size-4.5 sm:block" />
            {editorTexts.export}
          </Button>
          <MoveToTrashButton book={book} onMoved={() => void navigate('/app')} className="px-2.5" />
          <Button
            type="button"
            hidden={readOnly}
            className="flex-1 px-4 sm:flex-none"
            onClick={save}
            disabled={!dirty || saving}
            busy={saving}
          >
            {!saving && <SaveIcon className="size-4.5" />}
            {editorTexts.save}
          </Button>
        </div>
      </header>

      <div className="relative flex min-h-0 flex-1">
        <aside
          id="book-side-panel"
          aria-label="Book details"
          hidden={!panelOpen}
          className="absolute inset-y-0 left-0 z-20 w-full border-r border-stone-200 bg-paper shadow-xl sm:w-96 sm:max-w-sm lg:static lg:max-w-none lg:z-auto lg:w-80 lg:shadow-none xl:w-96"
        >
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2 lg:hidden">
              <p className="text-sm font-semibold text-stone-800">Book details</p>
              <button
                type="button"
                onClick={() => setPanelOpen(false)}
                aria-label="Close book details"
                className="rounded-lg p-1.5 text-stone-500 hover:bg-stone-100"
              >
                <CloseIcon className="size-4.5" />
              </button>
            </div>
            <div className="min-h-0 flex-1">
              <SidePanel
                book={book}
                metadataDraft={metadataDraft}
                onMetadataDraftChange={setMetadataDraft}
                saveMetadata={metadataSaves.saveMetadata}
                onNeedPlan={readOnly ? toPlans : undefined}
              />
            </div>
          </div>
        </aside>
        <section aria-label="Manuscript editor" className="flex min-w-0 flex-1 flex-col">
          <BookEditor
            ref={editor}
            bookContent={book.bookContent}
            onDirtyChange={setDirty}
            onChange={saves.changed}
            onSaveShortcut={save}
            readOnly={readOnly}
          />
        </section>
      </div>

      {rewriting && (
        <RewritePanel
          key={`${rewriting.selection.from}-${rewriting.selection.to}`}
          editor={rewriting.editor}
          bookId={book._id}
          selection={rewriting.selection}
          onClose={() => setRewriting(undefined)}
        />
      )}
      {opened.has('history') && (
        <HistoryDialog
          bookId={book._id}
          open={dialog === 'history'}
          onClose={() => setDialog(undefined)}
          currentContent={() => editor.current?.snapshot().bookContent ?? book.bookContent ?? ''}
          saveChanges={saves.flush}
          onNeedPlan={readOnly ? toPlans : undefined}
          onRestored={(restored) => {
            editor.current?.replaceSaved(restored.bookContent ?? '');
            saves.adoptServer(restored);
          }}
        />
      )}
      {opened.has('translate') && (
        <TranslateDialog book={book} open={dialog === 'translate'} onClose={() => setDialog(undefined)} />
      )}
      {opened.has('cover') && (
        <Suspense fallback={null}>
          <CoverDialog book={book} open={dialog === 'cover'} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
      {opened.has('export') && (
        <Suspense fallback={null}>
          <ExportDialog
            book={book}
            open={dialog === 'export'}
            onClose={() => setDialog(undefined)}
            unsavedChanges={dirty}
            metadataDraft={metadataDraft}
            onMetadataDraftChange={(change) => setMetadataDraft((draft) => ({ ...draft, ...change }))}
            saveMetadata={metadataSaves.saveMetadata}
            onMetadataSaved={(saved) => setMetadataDraft(metadataDraftOf(saved))}
          />
        </Suspense>
      )}

      {saves.conflict && (
        <ConflictDialog
          open={saves.conflictOpen}
          mine={saves.conflict.mine}
          other={saves.conflict.other}
          busy={saves.resolving}
          onKeepMine={saves.keepMine}
          onUseOther={saves.useOther}
          onClose={saves.closeConflict}
        />
      )}
      {metadataSaves.conflict && (
        <ConflictDialog
          open
          title={metadataSaves.conflict.title}
          description={metadataSaves.conflict.description}
          mine={metadataSaves.conflict.mine}
          other={metadataSaves.conflict.other}
          busy={false}
          onKeepMine={metadataSaves.conflict.keepMine}
          onUseOther={metadataSaves.conflict.useOther}
          onClose={metadataSaves.conflict.dismiss}
        />
      )}

      <Dialog
        open={blocked && (askAtOnce || flushFailed)}
        onClose={stay}
        title={editorTexts.leaveTitle}
        description={signingOut ? editorTexts.signOutBody : editorTexts.leaveBody}
        size="sm"
        footer={
          <>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setFlushFailed(false);
                blocker.proceed?.();
              }}
            >
              {editorTexts.leave}
            </Button>
            <Button type="button" onClick={stay}>
              {editorTexts.stay}
            </Button>
          </>
        }
      />
    </div>
  );
}
