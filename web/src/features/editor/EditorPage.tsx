import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { genres } from '@bookwright/contracts';
import { Dialog } from '../../components/Dialog';
import {
  CheckIcon,
  CloseIcon,
  DownloadIcon,
  ImageIcon,
  MoreIcon,
  PanelIcon,
  SaveIcon,
  TrashIcon,
} from '../../components/icons';
import { Menu } from '../../components/Menu';
import { toast } from '../../components/toast';
import { Button, buttonClass } from '../../components/ui';
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
import { MoveToTrashDialog } from '../library/MoveToTrash';
import { trashTexts } from '../library/trashTexts';
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

const wideQuery = '(min-width: 1024px)';
const wideScreen = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(wideQuery).matches);

/** Whether the side panel sits beside the manuscript (1024 px and up) or is a sheet over it. */
function useWideScreen() {
  const [wide, setWide] = useState(wideScreen);
  useEffect(() => {
    const query = window.matchMedia?.(wideQuery);
    if (!query) return;
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

type EditorDialog = 'cover' | 'export' | 'history' | 'translate';
type HeaderAction = EditorDialog | 'rewrite';

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
  const wide = useWideScreen();
  // Below 1024 px the side panel is a sheet over the manuscript: focus goes into it, Escape or a tap beside it
  // closes it, and focus comes back to its button.
  const sheet = panelOpen && !wide;
  const panelToggle = useRef<HTMLButtonElement>(null);
  const panelClose = useRef<HTMLButtonElement>(null);
  const closeSheet = () => {
    setPanelOpen(false);
    panelToggle.current?.focus();
  };
  useEffect(() => {
    if (sheet) panelClose.current?.focus();
  }, [sheet]);
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
  const [trashing, setTrashing] = useState(false);
  // The header's actions: buttons on wider screens, a menu on phones.
  const actions: { id: HeaderAction; label: string; icon?: ReactNode }[] = [
    { id: 'rewrite', label: rewriteTexts.open },
    { id: 'history', label: historyTexts.open },
    { id: 'translate', label: translateTexts.open },
    {
      id: 'cover',
      label: book.coverImage ? editorTexts.changeCover : editorTexts.generateCover,
      icon: <ImageIcon className="size-4.5" />,
    },
    { id: 'export', label: editorTexts.export, icon: <DownloadIcon className="size-4.5" /> },
  ];
  function run(action: HeaderAction) {
    if (action === 'rewrite') return readOnly ? toPlans() : startRewrite();
    if (action === 'history' || action === 'export' || !readOnly) return openDialog(action);
    toPlans(); // translate and cover need a plan
  }

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
          ref={panelToggle}
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
          <h1 className="font-display text-xl leading-tight font-semibold text-balance text-ink-950 sm:text-2xl">
            {book.title}
          </h1>
          <p className="truncate text-sm text-stone-600">
            {genre} · {book.targetAudience}
          </p>
          {book.translation && <TranslatedFrom translation={book.translation} language={book.language} />}
          <SaveStatus state={saves.state} autosave={autosave} onRetry={saves.retryNow} onChoose={saves.openConflict} />
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          {/* Every action as a button from 640 px; below, all but Save fold into one menu. */}
          {actions.map((action) => (
            <Button
              key={action.label}
              type="button"
              variant="secondary"
              className="px-3 whitespace-nowrap max-sm:hidden"
              // Keep the editor's selection (Rewrite works on it): the button must not take focus on press.
              onMouseDown={action.id === 'rewrite' ? (event) => event.preventDefault() : undefined}
              onClick={() => run(action.id)}
            >
              {action.icon}
              {action.label}
            </Button>
          ))}
          <Button
            type="button"
            variant="secondary"
            className="px-2.5 max-sm:hidden"
            onClick={() => setTrashing(true)}
            aria-label={trashTexts.move}
            title={trashTexts.move}
          >
            <TrashIcon className="size-4.5" />
          </Button>
          <Menu
            label={editorTexts.actions}
            placement="down"
            items={[
              // The menu calls onSelect on a choice, never while rendering (the rule sees the ref behind Rewrite).
              // eslint-disable-next-line react-hooks/refs
              ...actions.map(({ id, label }) => ({ label, onSelect: () => run(id) })),
              {
                label: trashTexts.move,
                icon: <TrashIcon className="size-4 text-stone-500" />,
                onSelect: () => setTrashing(true),
              },
            ]}
            buttonClassName={buttonClass('secondary', 'flex-1 px-3 sm:hidden')}
          >
            <MoreIcon className="size-4.5" />
            {editorTexts.actionsShort}
          </Menu>
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
        <MoveToTrashDialog
          book={book}
          open={trashing}
          onClose={() => setTrashing(false)}
          onMoved={() => void navigate('/app')}
        />
      </header>

      <div className="relative flex min-h-0 flex-1">
        {sheet && (
          <div className="absolute inset-0 z-10 bg-scrim/40 lg:hidden" aria-hidden="true" onClick={closeSheet} />
        )}
        <div
          id="book-side-panel"
          aria-label="Book details"
          hidden={!panelOpen}
          // Beside the manuscript a complementary landmark; over it (below 1024 px) a non-modal sheet.
          role={sheet ? 'dialog' : 'complementary'}
          {...(sheet ? { 'aria-modal': false } : {})}
          onKeyDown={(event) => {
            if (sheet && event.key === 'Escape' && !event.defaultPrevented) closeSheet();
          }}
          className="absolute inset-y-0 left-0 z-20 w-full border-r border-stone-200 bg-paper shadow-xl sm:w-96 sm:max-w-sm lg:static lg:z-auto lg:w-80 lg:max-w-none lg:shadow-none xl:w-96"
        >
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2 lg:hidden">
              <p className="text-sm font-semibold text-stone-800">Book details</p>
              <button
                ref={panelClose}
                type="button"
                onClick={closeSheet}
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
        </div>
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
