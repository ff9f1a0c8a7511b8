import { useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { genres } from '@bookwright/contracts/http';
import {
  CheckIcon,
  DownloadIcon,
  ImageIcon,
  MoreIcon,
  PanelIcon,
  PeopleIcon,
  SaveIcon,
  ShareIcon,
  TrashIcon,
} from '../../../components/icons';
import { Menu } from '../../../components/Menu';
import { Button, buttonClass } from '../../../components/ui';
import { editorTexts } from '../texts';
import { BookCover } from '../../books/BookCover';
import { historyTexts } from '../../history/texts';
import { importTexts } from '../../import/importTexts';
import { MoveToTrashDialog } from '../../library/MoveToTrash';
import { trashTexts } from '../../library/trashTexts';
import { rewriteTexts } from '../../rewrite/texts';
import type { BookAccess } from '../../sharing/bookAccess';
import { ShareDialog } from '../../sharing/ShareDialog';
import { sharingTexts } from '../../sharing/texts';
import { translateTexts } from '../../translate/texts';
import { TranslatedFrom } from '../../translate/TranslatedFrom';
import type { VersionedBook } from '../saving/conditionalRequests';
import type { EditorDialog } from './useEditorDialogs';

export type HeaderAction = EditorDialog | 'rewrite';

/**
 * The header's actions: buttons on wider screens, a menu on phones. Only those the reader's role may do
 * (issue 43): history for everyone, export for owners and co-authors, the AI and the cover for those who manage.
 */
function headerActions(
  book: VersionedBook,
  access: BookAccess,
  reimport: boolean,
): { id: HeaderAction; label: string; icon?: ReactNode; menuOnly?: true }[] {
  const manage = access.may('manage');
  return [
    ...(manage ? [{ id: 'rewrite' as const, label: rewriteTexts.open }] : []),
    { id: 'history', label: historyTexts.open },
    ...(manage ? [{ id: 'translate' as const, label: translateTexts.open }] : []),
    ...(manage
      ? [
          {
            id: 'cover' as const,
            label: book.coverImage ? editorTexts.changeCover : editorTexts.generateCover,
            icon: <ImageIcon className="size-4.5" />,
          },
        ]
      : []),
    ...(access.may('export')
      ? [{ id: 'export' as const, label: editorTexts.export, icon: <DownloadIcon className="size-4.5" /> }]
      : []),
    // Rarely used, and long to say: in the menus only (issue 46).
    ...(manage && reimport
      ? [{ id: 'reimport' as const, label: importTexts.reimport.open, menuOnly: true as const }]
      : []),
  ];
}

/** The Save button of a book nobody shares (a live book sends every edit as it is typed: it has none). */
export interface HeaderSave {
  onSave: () => void;
  dirty: boolean;
  saving: boolean;
}

/**
 * The editor's header: the side panel's button, the book (cover, title, save status) and its actions; in a
 * live book, who else is in it.
 */
export function WorkspaceHeader({
  book,
  access,
  panelOpen,
  onTogglePanel,
  panelToggleRef,
  saveStatus,
  presence,
  readOnly,
  save,
  onAction,
  reimport = false,
}: {
  book: VersionedBook;
  access: BookAccess;
  panelOpen: boolean;
  onTogglePanel: () => void;
  panelToggleRef: RefObject<HTMLButtonElement | null>;
  /** Where the manuscript is (SaveStatus). */
  saveStatus: ReactNode;
  /** The people in a live book. */
  presence?: ReactNode;
  readOnly: boolean;
  save?: HeaderSave;
  onAction: (action: HeaderAction) => void;
  /** A corrected Word file may be imported into the book (the solo editor; a live book has none yet). */
  reimport?: boolean;
}) {
  const navigate = useNavigate();
  const [trashing, setTrashing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const genre = genres.find((g) => g.value === book.genre)?.label ?? book.genre;
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-stone-200 bg-white px-3 py-3 sm:px-5">
      <SidePanelToggle open={panelOpen} onToggle={onTogglePanel} buttonRef={panelToggleRef} />
      <CoverThumbnail book={book} />
      {/* Room for the title on its line (about 16rem): with every action beside it at 1280 px, the title was
          squeezed to a word per line; now the actions wrap under it instead. */}
      <div className="min-w-0 flex-1 sm:basis-64">
        <h1 className="font-display text-xl leading-tight font-semibold text-balance text-ink-950 sm:text-2xl">
          {book.title}
        </h1>
        <p className="truncate text-sm text-stone-600">
          {genre} · {book.targetAudience}
        </p>
        {book.translation && <TranslatedFrom translation={book.translation} language={book.language} />}
        {saveStatus}
      </div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
        {presence}
        <HeaderActions
          book={book}
          access={access}
          onAction={onAction}
          reimport={reimport}
          onTrash={() => setTrashing(true)}
          onShare={() => setSharing(true)}
        />
        {save && (
          <Button
            type="button"
            hidden={readOnly}
            className="flex-1 px-4 sm:flex-none"
            onClick={save.onSave}
            disabled={!save.dirty || save.saving}
            busy={save.saving}
          >
            {!save.saving && <SaveIcon className="size-4.5" />}
            {editorTexts.save}
          </Button>
        )}
      </div>
      <MoveToTrashDialog
        book={book}
        open={trashing}
        onClose={() => setTrashing(false)}
        onMoved={() => void navigate('/app')}
      />
      {sharing && <ShareDialog book={book} open onClose={() => setSharing(false)} />}
    </header>
  );
}

function SidePanelToggle({
  open,
  onToggle,
  buttonRef,
}: {
  open: boolean;
  onToggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const label = open ? 'Hide book details' : 'Show book details';
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls="book-side-panel"
      aria-label={label}
      title={label}
      className={`rounded-lg p-2 ${open ? 'bg-ink-50 text-ink-900' : 'text-stone-600 hover:bg-stone-100'}`}
    >
      <PanelIcon />
    </button>
  );
}

function CoverThumbnail({ book }: { book: VersionedBook }) {
  return (
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
  );
}

/** Every action as a button from 640 px; below, all but Save fold into one menu. */
function HeaderActions({
  book,
  access,
  onAction,
  reimport,
  onTrash,
  onShare,
}: {
  book: VersionedBook;
  access: BookAccess;
  onAction: (action: HeaderAction) => void;
  reimport: boolean;
  onTrash: () => void;
  onShare: () => void;
}) {
  const actions = headerActions(book, access, reimport);
  const menuOnly = actions.filter((action) => action.menuOnly);
  const mayDelete = access.may('delete');
  // The owner shares; everyone else sees who is on the book (and may leave it).
  const shareLabel = access.may('share') ? sharingTexts.share : sharingTexts.people;
  const ShareGlyph = access.may('share') ? ShareIcon : PeopleIcon;
  return (
    <>
      <Button type="button" variant="secondary" className="px-3 whitespace-nowrap max-sm:hidden" onClick={onShare}>
        <ShareGlyph className="size-4.5" />
        {shareLabel}
      </Button>
      {actions
        .filter((action) => !action.menuOnly)
        .map((action) => (
          <Button
            key={action.label}
            type="button"
            variant="secondary"
            className="px-3 whitespace-nowrap max-sm:hidden"
            // Keep the editor's selection (Rewrite works on it): the button must not take focus on press.
            onMouseDown={action.id === 'rewrite' ? (event) => event.preventDefault() : undefined}
            onClick={() => onAction(action.id)}
          >
            {action.icon}
            {action.label}
          </Button>
        ))}
      {mayDelete && (
        <Button
          type="button"
          variant="secondary"
          className="px-2.5 max-sm:hidden"
          onClick={onTrash}
          aria-label={trashTexts.move}
          title={trashTexts.move}
        >
          <TrashIcon className="size-4.5" />
        </Button>
      )}
      {menuOnly.length > 0 && (
        <Menu
          label={editorTexts.moreActions}
          placement="down"
          items={menuOnly.map(({ id, label }) => ({ label, onSelect: () => onAction(id) }))}
          buttonClassName={buttonClass('secondary', 'px-2.5 max-sm:hidden')}
        >
          <MoreIcon className="size-4.5" />
        </Menu>
      )}
      <Menu
        label={editorTexts.actions}
        placement="down"
        items={[
          ...actions.map(({ id, label }) => ({ label, onSelect: () => onAction(id) })),
          { label: shareLabel, icon: <ShareGlyph className="size-4 text-stone-500" />, onSelect: onShare },
          ...(mayDelete
            ? [{ label: trashTexts.move, icon: <TrashIcon className="size-4 text-stone-500" />, onSelect: onTrash }]
            : []),
        ]}
        buttonClassName={buttonClass('secondary', 'flex-1 px-3 sm:hidden')}
      >
        <MoreIcon className="size-4.5" />
        {editorTexts.actionsShort}
      </Menu>
    </>
  );
}
