import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Editor } from '@tiptap/react';
import { useCurrentUserQuery } from '../auth/authApi';
import { BookUnavailable } from '../books/BookUnavailable';
import { RoleBanner } from '../sharing/RoleBanner';
import { useBookAccess } from '../sharing/bookAccess';
import { fullName } from '../shell/UserBadge';
import type { BookEditorHandle } from '../editor/BookEditor';
import type { VersionedBook } from '../editor/saving/conditionalRequests';
import { useMetadataDraft } from '../editor/metadata/useMetadataDraft';
import { SaveStatus } from '../editor/saving/SaveStatus';
import { SidePanel } from '../editor/workspace/SidePanel';
import { SidePanelFrame } from '../editor/workspace/SidePanelFrame';
import { useEditorDialogs } from '../editor/workspace/useEditorDialogs';
import { useHeaderActions } from '../editor/workspace/useHeaderActions';
import { useMetadataSaves } from '../editor/metadata/useMetadataSaves';
import { useRewrite } from '../editor/workspace/useRewrite';
import { useSidePanel } from '../editor/workspace/useSidePanel';
import { WorkspaceDialogs } from '../editor/workspace/WorkspaceDialogs';
import { WorkspaceHeader } from '../editor/workspace/WorkspaceHeader';
import { LiveBookEditor } from './LiveBookEditor';
import { LiveNotice, MetadataConflict, OpeningEditor } from './LiveNotice';
import { liveSaveState } from './liveSaveState';
import { LiveAvatars, LiveChapters } from './LivePresence';
import { presenceColorOf } from './presenceColors';
import { suggestionPolicyOf } from './suggestions/LiveSuggestions';
import { useCollabSession } from './useCollabSession';
import { useLiveMetadataChain } from './useLiveMetadataChain';
import { useWorkspaceComments } from '../comments/useWorkspaceComments';

/**
 * The editor of a shared book, live (issue 44): the solo editor's header, side panel and dialogs around the
 * book's Yjs document, with who is in the book (avatars, carets, the chapter each is in) and the live save
 * status. Nothing is saved from here: every edit goes to the collab service as it is typed, and the copy kept
 * on this device (IndexedDB) carries edits made offline to the next connection.
 */
export default function LiveWorkspace({ book }: { book: VersionedBook }) {
  const editorHandle = useRef<BookEditorHandle>(null);
  const [editor, setEditor] = useState<Editor>();
  const live = useLiveBook(book);
  const { userId, session, state, access, readOnly, saveState } = live;
  const awareness = session?.provider?.awareness;
  const panel = useSidePanel();
  const dialogs = useEditorDialogs();
  const [metadataDraft, setMetadataDraft] = useMetadataDraft(book);
  const metadataSaves = useMetadataSaves(book, useLiveMetadataChain(book));
  const rewrite = useRewrite(editorHandle);
  const { run, onNeedPlan } = useHeaderActions(access, dialogs, rewrite);
  const onEditor = useCallback((made: Editor | undefined) => setEditor(made), []);
  const comments = useLiveBookComments(book, live, editor, panel);

  if (state.phase === 'closed') return <BookUnavailable />;
  return (
    <div className="flex h-[calc(100dvh-3.3rem)] min-h-[32rem] flex-col lg:h-dvh">
      {/* An editor's role is told by the suggestions' bar: their edits are suggestions. */}
      {access.role !== 'editor' && <RoleBanner access={access} ownerName={book.ownerName} />}
      <WorkspaceHeader
        book={book}
        access={access}
        panelOpen={panel.open}
        onTogglePanel={panel.toggle}
        panelToggleRef={panel.toggleRef}
        saveStatus={
          state.phase === 'ready' && (
            <SaveStatus state={saveState} autosave onRetry={() => session?.retryNow()} onChoose={() => undefined} />
          )
        }
        presence={<LiveAvatars awareness={awareness} selfUserId={userId} />}
        readOnly={readOnly}
        onAction={run}
      />
      <LiveNotice state={state} />
      <div className="relative flex min-h-0 flex-1">
        <SidePanelFrame open={panel.open} sheet={panel.sheet} onCloseSheet={panel.closeSheet} closeRef={panel.closeRef}>
          <SidePanel
            book={book}
            metadataDraft={metadataDraft}
            onMetadataDraftChange={setMetadataDraft}
            saveMetadata={metadataSaves.saveMetadata}
            onNeedPlan={onNeedPlan}
            locked={!access.needsPlan && !access.may('manage')}
            chapters={<LiveChapters editor={editor} awareness={awareness} selfUserId={userId} />}
            comments={comments.panel}
            showComments={comments.showRequests}
          />
        </SidePanelFrame>
        <LiveManuscript
          book={book}
          live={live}
          editorHandle={editorHandle}
          onEditor={onEditor}
          bubble={comments.bubble}
        />
      </div>
      <WorkspaceDialogs
        book={book}
        dialogs={dialogs}
        rewrite={rewrite}
        editor={editorHandle}
        saves={{
          flush: () => session?.whenSaved() ?? Promise.resolve(false),
          // A restored version reaches the document from the server (replaceSaved): no saver to adopt it.
          adoptServer: () => undefined,
        }}
        metadataSaves={metadataSaves}
        unsavedChanges={saveState !== 'saved'}
        metadataDraft={metadataDraft}
        setMetadataDraft={setMetadataDraft}
        onNeedPlan={onNeedPlan}
        locked={!access.needsPlan && !access.may('edit')}
      />
      <MetadataConflict metadataSaves={metadataSaves} />
    </div>
  );
}

/** The book's comments with the live editor: this page writes their marks when it writes the text. */
function useLiveBookComments(
  book: VersionedBook,
  live: LiveBook,
  editor: Editor | undefined,
  panel: ReturnType<typeof useSidePanel>,
) {
  const { session, access, readOnly, userId } = live;
  return useWorkspaceComments({
    bookId: book._id,
    editor,
    access,
    writesText: !readOnly,
    selfUserId: userId,
    whenSaved: () => session?.whenSaved() ?? Promise.resolve(false),
    awareness: session?.provider?.awareness,
    panel,
  });
}

/** The manuscript's pane: the live editor once the session is open (suggesting for an editor), and the comment bubble. */
function LiveManuscript({
  book,
  live,
  editorHandle,
  onEditor,
  bubble,
}: {
  book: VersionedBook;
  live: LiveBook;
  editorHandle: RefObject<BookEditorHandle | null>;
  onEditor: (editor: Editor | undefined) => void;
  bubble: ReactNode;
}) {
  const { session, state, access, userId, textReadOnly } = live;
  return (
    <section aria-label="Manuscript editor" className="flex min-w-0 flex-1 flex-col">
      {session && state.phase !== 'connecting' ? (
        <LiveBookEditor
          key={session.doc.guid}
          ref={editorHandle}
          session={session}
          bookId={book._id}
          selfUserId={userId}
          readOnly={textReadOnly || state.phase === 'refused'}
          onEditor={onEditor}
          onSaveShortcut={() => session.retryNow()}
          suggestions={{
            policy: suggestionPolicyOf(access.role, !access.readOnly),
            bookId: book._id,
            workspaceId: book.workspaceId,
          }}
        />
      ) : (
        <OpeningEditor />
      )}
      {bubble}
    </section>
  );
}

type LiveBook = ReturnType<typeof useLiveBook>;

/** The reader, their live session on the book, their access (the role's and the server's) and the save status. */
function useLiveBook(book: VersionedBook) {
  const { data: user } = useCurrentUserQuery();
  const self = user && { id: user._id, name: fullName(user), color: presenceColorOf(user._id).light };
  const { session, state } = useCollabSession(book._id, self);
  const access = useBookAccess(book);
  return {
    userId: user?._id,
    session,
    state,
    access,
    readOnly: access.readOnly || state.readOnly,
    // The text: an editor writes too, every edit a suggestion (issue 44); the server lets them (collabReadOnly).
    textReadOnly: (access.readOnly && access.role !== 'editor') || state.readOnly,
    saveState: liveSaveState(state),
  };
}
