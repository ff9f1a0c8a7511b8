import { useRef, useState } from 'react';
import { useCurrentUserQuery } from '../../auth/authApi';
import { loadPreferences } from '../../settings/preferences';
import { useBookAccess } from '../../sharing/bookAccess';
import { RoleBanner } from '../../sharing/RoleBanner';
import { BookEditor, type BookEditorHandle } from '../BookEditor';
import type { VersionedBook } from '../saving/conditionalRequests';
import { LeaveDialog } from '../saving/LeaveDialog';
import { useMetadataDraft } from '../metadata/useMetadataDraft';
import { SaveConflicts } from '../saving/SaveConflicts';
import { SaveStatus } from '../saving/SaveStatus';
import { SidePanel } from './SidePanel';
import { SidePanelFrame } from './SidePanelFrame';
import { useEditorDialogs } from './useEditorDialogs';
import { useHeaderActions } from './useHeaderActions';
import { useLeaveGuard } from '../saving/useLeaveGuard';
import { useManuscriptSaves } from '../saving/useManuscriptSaves';
import { useMetadataSaves } from '../metadata/useMetadataSaves';
import { useRewrite } from './useRewrite';
import { useSidePanel } from './useSidePanel';
import { useSoloComments } from './useSoloComments';
import { WorkspaceDialogs } from './WorkspaceDialogs';
import { WorkspaceHeader } from './WorkspaceHeader';

/**
 * The editor of one ready book: the header with its actions, the book details beside (or over) the
 * manuscript, the dialogs those actions open, and the guards that keep unsaved work. What a Word re-import
 * brought back is reviewed here too (decision 0057): the suggestions' bar in the editor, the comments' tab.
 */
export function Workspace({ book }: { book: VersionedBook }) {
  const editor = useRef<BookEditorHandle>(null);
  const { data: user } = useCurrentUserQuery();
  // Read once per visit: the setting is changed on another page.
  const [autosave] = useState(() => loadPreferences().autoSave);
  // The role decides (issue 43): viewers, commenters and editors read only. One's own book without a plan
  // is read-only too (the shell's banner says so), and its AI actions lead to the plans.
  const access = useBookAccess(book);
  const readOnly = access.readOnly;
  // The details and versions of a shared book are locked by a role, not by a plan (nothing to buy).
  const locked = !access.needsPlan && !access.may('manage');
  // A read-only editor has nothing to save, so it recovers no draft either (one is kept until a plan returns).
  const saves = useManuscriptSaves({ book, editor, userId: readOnly ? undefined : user?._id, autosave });
  const metadataSaves = useMetadataSaves(book, saves);
  const [dirty, setDirty] = useState(false);
  const panel = useSidePanel();
  const dialogs = useEditorDialogs();
  // What the author typed into the metadata, saved or not: the side panel's form and the export dialog's
  // completion step both edit it, so neither a refused save nor the other form's save drops a word.
  const [metadataDraft, setMetadataDraft] = useMetadataDraft(book);
  const rewrite = useRewrite(editor);
  const leaveGuard = useLeaveGuard({ dirty, autosave, saves });
  const comments = useSoloComments({ bookId: book._id, access, selfUserId: user?._id, saves, panel });

  const { run, onNeedPlan } = useHeaderActions(access, dialogs, rewrite);
  const save = () => void (readOnly || saves.save(true));

  return (
    <div className="flex h-[calc(100dvh-3.3rem)] min-h-[32rem] flex-col lg:h-dvh">
      <RoleBanner access={access} ownerName={book.ownerName} />
      <WorkspaceHeader
        book={book}
        access={access}
        panelOpen={panel.open}
        onTogglePanel={panel.toggle}
        panelToggleRef={panel.toggleRef}
        saveStatus={
          <SaveStatus state={saves.state} autosave={autosave} onRetry={saves.retryNow} onChoose={saves.openConflict} />
        }
        readOnly={readOnly}
        save={{ onSave: save, dirty, saving: saves.state === 'saving' }}
        onAction={run}
        reimport
      />
      <div className="relative flex min-h-0 flex-1">
        <SidePanelFrame open={panel.open} sheet={panel.sheet} onCloseSheet={panel.closeSheet} closeRef={panel.closeRef}>
          <SidePanel
            book={book}
            metadataDraft={metadataDraft}
            onMetadataDraftChange={setMetadataDraft}
            saveMetadata={metadataSaves.saveMetadata}
            onNeedPlan={onNeedPlan}
            locked={locked}
            {...comments.sidePanel}
          />
        </SidePanelFrame>
        <section aria-label="Manuscript editor" className="flex min-w-0 flex-1 flex-col">
          <BookEditor
            ref={editor}
            bookId={book._id}
            bookContent={book.bookContent}
            onDirtyChange={setDirty}
            onChange={saves.changed}
            onSaveShortcut={save}
            readOnly={readOnly}
            {...comments.editorProps}
          />
          {comments.bubble}
        </section>
      </div>

      <WorkspaceDialogs
        book={book}
        dialogs={dialogs}
        rewrite={rewrite}
        editor={editor}
        saves={saves}
        metadataSaves={metadataSaves}
        unsavedChanges={dirty}
        metadataDraft={metadataDraft}
        setMetadataDraft={setMetadataDraft}
        onNeedPlan={onNeedPlan}
        locked={!access.needsPlan && !access.may('edit')}
        reimport={saves}
      />
      <SaveConflicts saves={saves} metadataSaves={metadataSaves} />
      <LeaveDialog guard={leaveGuard} />
    </div>
  );
}
