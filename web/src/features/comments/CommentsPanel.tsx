import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { commentMessages, type CommentReply, type CommentThread } from '@bookwright/contracts/http';
import { Button } from '../../components/ui';
import { TextAreaField } from '../../components/fields';
import { errorMessage } from '../../api/baseQuery';
import { commentTexts } from './commentTexts';
import { useReplyToCommentMutation, useUpdateCommentMutation } from './commentsApi';
import type { LiveComments } from './useLiveComments';
import './comments.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the reader may do with the comments: their role's (contracts' table) and who they are. */
export interface CommentPermissions {
  selfUserId: string | undefined;
  /** Owner, co-author, editor, commenter. */
  mayComment: boolean;
  /** Owner and co-authors resolve and reopen. */
  mayResolve: boolean;
}

/**
 * The side panel's Comments tab (issue 44): a comment on the selection being written, the open threads,
 * then the resolved ones folded away. Each thread shows its quote (a button that selects the text in the
 * manuscript, or "On deleted text"), who wrote it and when, its replies and a reply box; its author edits and
 * deletes it, the owner and co-authors resolve and reopen it.
 */
export function CommentsPanel({
  bookId,
  comments,
  permissions,
}: {
  bookId: string;
  comments: LiveComments;
  permissions: CommentPermissions;
}) {
  const { ordered, draft } = comments;
  return (
    <section aria-label={commentTexts.panelLabel} className="space-y-4" data-testid="comments-panel">
      {permissions.mayComment ? (
        draft ? (
          <DraftForm comments={comments} />
        ) : (
          <div className="space-y-2">
            <Button
              variant="secondary"
              size="sm"
              className="w-full"
              onClick={() => {
                if (!comments.startComment()) document.getElementById('comments-hint')?.focus();
              }}
              aria-keyshortcuts="Control+Alt+M"
            >
              {commentTexts.commentOnSelection}
              <kbd className="ml-1 rounded border border-stone-300 px-1 text-[11px] font-medium text-stone-600">
                {commentTexts.shortcut}
              </kbd>
            </Button>
            <p id="comments-hint" tabIndex={-1} className="text-xs text-stone-600 focus:outline-none">
              {commentTexts.selectFirst}
            </p>
          </div>
        )
      ) : (
        <p className="text-sm text-stone-600">{commentTexts.viewersCannotComment}</p>
      )}
      {comments.loadFailed ? (
        <p role="alert" className="text-sm text-red-700">
          {commentTexts.loadFailure}
        </p>
      ) : comments.threads?.length === 0 ? (
        <p className="text-sm text-stone-600">{commentTexts.none}</p>
      ) : null}
      {ordered.open.length > 0 && (
        <ThreadList label={commentTexts.open(ordered.open.length)}>
          {ordered.open.map((thread) => (
            <ThreadCard key={thread.id} bookId={bookId} thread={thread} comments={comments} permissions={permissions} />
          ))}
        </ThreadList>
      )}
      {ordered.resolved.length > 0 && (
        <details className="group rounded-lg border border-stone-200" data-testid="resolved-threads">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
            {commentTexts.resolved(ordered.resolved.length)}
          </summary>
          <div className="px-2 pb-2">
            <ThreadList label={commentTexts.resolved(ordered.resolved.length)}>
              {ordered.resolved.map((thread) => (
                <ThreadCard
                  key={thread.id}
                  bookId={bookId}
                  thread={thread}
                  comments={comments}
                  permissions={permissions}
                />
              ))}
            </ThreadList>
          </div>
        </details>
      )}
    </section>
  );
}

function ThreadList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {children}
    </ul>
  );
}

function DraftForm({ comments }: { comments: LiveComments }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const quote = comments.draft?.anchor.quote ?? '';
  useEffect(() => field.current?.focus(), [quote]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(commentMessages.emptyBody);
    setBusy(true);
    const failure = await comments.postDraft(body);
    setBusy(false);
    setError(failure);
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-2 rounded-lg border border-ink-200 bg-ink-50 p-3"
      aria-label={commentTexts.newComment}
      data-testid="comment-draft"
    >
      <blockquote className="comment-quote line-clamp-3 text-sm">{quote}</blockquote>
      <TextAreaField
        ref={field}
        label={commentTexts.commentLabel}
        rows={3}
        value={body}
        error={error}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') comments.cancelDraft();
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={comments.cancelDraft}>
          {commentTexts.cancel}
        </Button>
        <Button type="submit" size="sm" busy={busy} disabled={busy}>
          {commentTexts.post}
        </Button>
      </div>
    </form>
  );
}

function ThreadCard({
  bookId,
  thread,
  comments,
  permissions,
}: {
  bookId: string;
  thread: CommentThread;
  comments: LiveComments;
  permissions: CommentPermissions;
}) {
  const headingId = useId();
  const active = comments.activeId === thread.id;
  const card = useShownFromText(active, comments.showRequests);
  const resolving = useSetResolved(bookId, thread, comments);

  return (
    <li
      ref={card}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="comment-thread"
      data-thread-id={thread.id}
      data-resolved={thread.resolved || undefined}
      className={`comment-thread rounded-xl border bg-white p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-ink-300 ${active ? 'border-brass-500 shadow-sm' : 'border-stone-200'}`}
    >
      <ThreadQuote thread={thread} comments={comments} />
      <Entry
        bookId={bookId}
        entry={thread}
        headingId={headingId}
        isThread
        thread={thread}
        comments={comments}
        permissions={permissions}
      />
      {thread.resolved && thread.resolvedBy && (
        <p className="mt-2 text-xs text-stone-600">{commentTexts.resolvedBy(thread.resolvedBy.name)}</p>
      )}
      {thread.replies.length > 0 && (
        <ol className="mt-3 space-y-3 border-l-2 border-stone-200 pl-3">
          {thread.replies.map((reply) => (
            <li key={reply.id} data-testid="comment-reply">
              <Entry bookId={bookId} entry={reply} thread={thread} comments={comments} permissions={permissions} />
            </li>
          ))}
        </ol>
      )}
      {resolving.error && (
        <p role="alert" className="mt-2 text-xs font-medium text-red-700">
          {resolving.error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {permissions.mayResolve && (
          <Button
            variant="secondary"
            size="sm"
            busy={resolving.busy}
            onClick={() => void resolving.setResolved(!thread.resolved)}
            aria-label={`${thread.resolved ? commentTexts.reopen : commentTexts.resolve}: ${thread.anchor.quote}`}
          >
            {thread.resolved ? commentTexts.reopen : commentTexts.resolve}
          </Button>
        )}
      </div>
      {permissions.mayComment && !thread.resolved && <ReplyForm bookId={bookId} thread={thread} />}
    </li>
  );
}

/**
 * A highlight chosen in the text (or Ctrl+Alt+M in it) brings its thread into view, focused. Only a new
 * ask from the text: a thread chosen in the panel itself must not move under the pointer (its click would
 * land elsewhere), and typing in its reply box does not take focus back. Answers the card's ref.
 */
function useShownFromText(active: boolean, shown: number) {
  const card = useRef<HTMLLIElement>(null);
  const handled = useRef(shown);
  useEffect(() => {
    if (handled.current === shown) return;
    handled.current = shown;
    if (!active || !card.current) return;
    card.current.scrollIntoView({ block: 'nearest' });
    if (!card.current.contains(document.activeElement)) card.current.focus({ preventScroll: true });
  }, [active, shown]);
  return card;
}

/** Resolving and reopening a thread, with the message to show when it failed. */
function useSetResolved(bookId: string, thread: CommentThread, comments: LiveComments) {
  const [updateComment, update] = useUpdateCommentMutation();
  const [error, setError] = useState<string>();
  const setResolved = async (resolved: boolean) => {
    try {
      await updateComment({ bookId, commentId: thread.id, resolved }).unwrap();
      // A reopening publishes no event: the other pages hear of it here (a resolving is on the stream too).
      comments.announce();
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, commentTexts.changeFailure));
    }
  };
  return { setResolved, busy: update.isLoading, error };
}

/** The text a thread is about: a button that shows it in the manuscript, or "On deleted text" with it struck. */
function ThreadQuote({ thread, comments }: { thread: CommentThread; comments: LiveComments }) {
  const onDeletedText = comments.placing ? !comments.placed.has(thread.id) : thread.onDeletedText;
  return onDeletedText ? (
    <p className="comment-quote comment-quote-deleted text-sm" data-testid="comment-quote">
      <span className="mr-1.5 rounded bg-stone-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-stone-700 uppercase">
        {commentTexts.onDeletedText}
      </span>
      <span className="line-through decoration-stone-400">{thread.anchor.quote}</span>
    </p>
  ) : (
    <button
      type="button"
      className="comment-quote block w-full rounded-md text-left text-sm hover:bg-stone-50"
      aria-label={commentTexts.showInText(thread.anchor.quote)}
      onClick={() => comments.showInText(thread, { select: true })}
      onFocus={() => comments.showInText(thread)}
      data-testid="comment-quote"
    >
      <span className="line-clamp-3">{thread.anchor.quote}</span>
    </button>
  );
}

/** The comment that opened a thread, or a reply: who, when, the text; its author edits and deletes it. */
function Entry({
  bookId,
  entry,
  thread,
  isThread = false,
  headingId,
  comments,
  permissions,
}: {
  bookId: string;
  entry: CommentThread | CommentReply;
  thread: CommentThread;
  isThread?: boolean;
  headingId?: string;
  comments: LiveComments;
  permissions: CommentPermissions;
}) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const [updateComment, update] = useUpdateCommentMutation();
  const own = permissions.selfUserId !== undefined && entry.author.id === permissions.selfUserId;
  const save = async (body: string) => {
    try {
      await updateComment({ bookId, commentId: entry.id, body }).unwrap();
      comments.announce();
      setEditing(false);
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, commentTexts.changeFailure));
    }
  };
  const remove = async () => {
    if (isThread && !window.confirm(commentTexts.deleteConfirm)) return;
    setError(await comments.remove(thread, entry.id));
  };
  return (
    <div className="mt-2">
      <EntryByline entry={entry} headingId={headingId} />
      {editing ? (
        <EditForm
          initial={entry.body}
          busy={update.isLoading}
          error={error}
          onSave={(body) => void save(body)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap text-stone-800" data-testid="comment-body">
          {entry.body}
        </p>
      )}
      {own && !editing && (
        <OwnEntryActions body={entry.body} onEdit={() => setEditing(true)} onDelete={() => void remove()} />
      )}
      {error && !editing && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Who wrote a comment and when (edited or not): the thread's heading for the first one. */
function EntryByline({ entry, headingId }: { entry: CommentThread | CommentReply; headingId: string | undefined }) {
  return (
    <p id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold text-ink-950">{entry.author.name}</span>
      <time dateTime={entry.createdAt} className="text-xs text-stone-600">
        {when.format(new Date(entry.createdAt))}
      </time>
      {entry.editedAt && <span className="text-xs text-stone-600">({commentTexts.edited})</span>}
    </p>
  );
}

/** Edit and Delete, for the comment's own author; each names the comment it is for. */
function OwnEntryActions({ body, onEdit, onDelete }: { body: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="mt-1 flex gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${commentTexts.edit}: ${body.slice(0, 40)}`}>
        {commentTexts.edit}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`${commentTexts.delete}: ${body.slice(0, 40)}`}>
        {commentTexts.delete}
      </Button>
    </div>
  );
}

function EditForm({
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  error: string | undefined;
  onSave: (body: string) => void;
  onCancel: () => void;
}) {
  const [body, setBody] = useState(initial);
  return (
    <form
      className="mt-1 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(body);
      }}
    >
      <TextAreaField
        label={commentTexts.edit}
        rows={2}
        value={body}
        error={error}
        autoFocus
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {commentTexts.cancel}
        </Button>
        <Button type="submit" size="sm" busy={busy} disabled={busy}>
          {commentTexts.save}
        </Button>
      </div>
    </form>
  );
}

function ReplyForm({ bookId, thread }: { bookId: string; thread: CommentThread }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [reply, state] = useReplyToCommentMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await reply({ bookId, threadId: thread.id, body }).unwrap();
      setBody('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, commentTexts.postFailure));
    }
  };
  return (
    <form className="mt-3 flex items-end gap-2" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        className="min-w-0 flex-1"
        label={commentTexts.replyLabel(thread.author.name)}
        rows={1}
        value={body}
        error={error}
        onChange={(event) => setBody(event.target.value)}
      />
      <Button type="submit" size="sm" busy={state.isLoading} disabled={state.isLoading || !body.trim()}>
        {commentTexts.reply}
      </Button>
    </form>
  );
}
