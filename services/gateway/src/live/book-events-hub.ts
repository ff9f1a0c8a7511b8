import type { ServerResponse } from 'node:http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { type LiveBookMove, type LiveBookUpdate, type LiveCommentChange } from '@bookwright/contracts/http';
import { on, type Bus, type EventHandler, type EventMeta, type Logger, type Subscription } from '@bookwright/kit';

const heartbeatMs = 25_000;

/**
 * What an open stream was opened with beyond its person: the API token (issue 45) it was opened with, whose
 * revocation ends it, and for a workspace's token the fence of that workspace's books, outside which nothing
 * is sent on it.
 */
export interface StreamOptions {
  tokenId?: string | undefined;
  fence?: { workspaceId: string; bookIds: Iterable<string> } | undefined;
}

interface OpenStream {
  res: ServerResponse;
  tokenId: string | undefined;
  fence: { workspaceId: string; bookIds: Set<string> } | undefined;
}

/**
 * Fans book events out to the signed-in users' open Server-Sent-Events streams. Every gateway replica
 * tails the events itself (no shared consumer), so a browser sees its updates whichever replica it hit;
 * each user only ever receives events about their own books and the books shared with them (the access
 * module's list when the stream opened, kept current by the book.member events). Removing someone from a
 * book closes their streams at once: their browser reconnects with the books they still have.
 */
export class BookEventsHub {
  private readonly streams = new Map<string, Set<OpenStream>>();
  /** For the users with a stream open here: the people each shared book has, by book id. */
  private readonly membersOf = new Map<string, Set<string>>();
  private readonly sharedWith = new Map<string, Set<string>>();
  /** For the users with a stream open here: the people of each workspace, and each user's workspaces. */
  private readonly peopleOfWorkspace = new Map<string, Set<string>>();
  private readonly workspacesOf = new Map<string, Set<string>>();
  private subscription: Subscription | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const handlers: EventHandler[] = [
      ...this.bookUpdateHandlers(),
      ...this.memberHandlers(),
      ...this.commentHandlers(),
      // A revoked API token ends the streams it opened, at once, on every replica.
      on(events.userApiTokenActivity, async (d) => {
        if (d.action === 'revoked') this.closeStreamsOfToken(d.userId, d.tokenId);
      }),
    ];
    this.subscription = await this.bus.tail(handlers);
    // Comments keep proxies from closing an idle stream.
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set) stream.res.write(': keep-alive\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** Sends a book's event to its owner and to the people it is shared with. */
  private forward<T extends { userId: string; bookId: string }>(toUpdate: (data: T) => LiveBookUpdate | LiveBookMove) {
    return (data: T, meta: EventMeta) => {
      const update = toUpdate(data);
      this.send(data.userId, meta, update);
      for (const memberId of this.membersOf.get(data.bookId) ?? []) this.send(memberId, meta, update);
      if ('movedTo' in update && update.movedTo === 'gone') this.forgetBook(data.bookId);
      return Promise.resolve();
    };
  }

  /** A book's status and progress, and its moves between library, trash and gone. */
  private bookUpdateHandlers(): EventHandler[] {
    const forward = this.forward.bind(this);
    return [
      on(events.bookCreated, async (d, meta) => {
        // A workspace's new book is every member's: those with a stream open here follow it from now on.
        if (d.workspaceId) {
          for (const userId of this.peopleOfWorkspace.get(d.workspaceId) ?? [])
            if (userId !== d.userId) this.share(userId, d.bookId);
          for (const set of this.streams.values())
            for (const stream of set)
              if (stream.fence?.workspaceId === d.workspaceId) stream.fence.bookIds.add(d.bookId);
        }
        return forward<typeof d>(() => ({ bookId: d.bookId, status: 'planning' }))(d, meta);
      }),
      on(
        events.bookPlanned,
        forward((d) => ({ bookId: d.bookId, status: 'validation' })),
      ),
      on(
        events.bookConfirmed,
        forward((d) => ({ bookId: d.bookId, status: 'writing' })),
      ),
      on(
        events.bookChapterWritten,
        forward((d) => ({
          bookId: d.bookId,
          status: 'writing',
          chaptersWritten: d.chaptersWritten,
          chaptersTotal: d.chaptersTotal,
        })),
      ),
      on(
        events.bookTranslationRequested,
        forward((d) => ({ bookId: d.bookId, status: 'translating' })),
      ),
      on(
        events.bookChapterTranslated,
        forward((d) => ({
          bookId: d.bookId,
          status: 'translating',
          chaptersWritten: d.chaptersWritten,
          chaptersTotal: d.chaptersTotal,
        })),
      ),
      on(
        events.bookReady,
        forward((d) => ({ bookId: d.bookId, status: 'ready' })),
      ),
      on(
        events.bookFailed,
        forward((d) => ({ bookId: d.bookId, status: 'failed', reason: d.reason })),
      ),
      on(
        events.bookUpdated,
        forward((d) => ({ bookId: d.bookId, status: d.status, fields: d.fields })),
      ),
      // The library of another tab drops a trashed book, and shows a restored one, without its refresh.
      on(
        events.bookTrashed,
        forward((d) => ({ bookId: d.bookId, movedTo: 'trash' })),
      ),
      on(
        events.bookRestored,
        forward((d) => ({ bookId: d.bookId, movedTo: 'library' })),
      ),
      on(
        events.bookDeleted,
        forward((d) => ({ bookId: d.bookId, movedTo: 'gone' })),
      ),
    ];
  }

  /** A book's people: a share joins the member's library, a removal ends their streams. */
  private memberHandlers(): EventHandler[] {
    return [
      on(events.bookMemberAdded, async (d, meta) => {
        if (!this.streams.has(d.memberId)) return;
        this.share(d.memberId, d.bookId);
        this.send(d.memberId, meta, { bookId: d.bookId, movedTo: 'library' });
      }),
      on(events.bookMemberRoleChanged, async (d, meta) =>
        this.send(d.memberId, meta, { bookId: d.bookId, movedTo: 'library' }),
      ),
      on(events.bookMemberRemoved, async (d, meta) => {
        this.send(d.memberId, meta, { bookId: d.bookId, movedTo: 'gone' });
        this.closeStreamsOf(d.memberId);
      }),
      // Joining or leaving a workspace changes a whole shelf: the browser reconnects and asks again.
      on(events.workspaceMemberAdded, async (d) => {
        if (d.memberId !== d.invitedBy) this.closeStreamsOf(d.memberId);
      }),
      on(events.workspaceMemberRemoved, async (d) => this.closeStreamsOf(d.memberId)),
    ];
  }

  /**
   * A book's comments (issue 44): a new comment or reply, a resolved thread. The events name the book but
   * not its owner, so the book service's access rule is asked who owns it (as the person who acted, who is
   * on the book); the members are known here already. Nobody with a stream open here: nothing is asked.
   */
  private commentHandlers(): EventHandler[] {
    const forward = async (bookId: string, actorId: string, change: LiveCommentChange, meta: EventMeta) => {
      if (this.streams.size === 0) return;
      let ownerId: string | undefined;
      try {
        ({ ownerId } = await this.bus.request(requests.book.access, { userId: actorId, bookId, action: 'read' }));
      } catch (error) {
        // The book is gone or the person left it since: its members still hear of it; nothing to retry.
        this.logger.debug({ err: error, bookId }, 'comment event: the book owner could not be asked');
      }
      const people = new Set(this.membersOf.get(bookId));
      if (ownerId) people.add(ownerId);
      for (const userId of people) this.send(userId, meta, change);
    };
    return [
      on(events.commentCreated, (d, meta) =>
        forward(d.bookId, d.authorId, { bookId: d.bookId, threadId: d.threadId }, meta),
      ),
      on(events.commentResolved, (d, meta) =>
        forward(d.bookId, d.resolvedBy, { bookId: d.bookId, threadId: d.commentId }, meta),
      ),
    ];
  }

  /**
   * Registers an open stream of a user, with the books shared with them or in their workspaces
   * (`sharedBookIds`) and their workspaces, asked of the book service as the stream opens; the returned
   * function unregisters it.
   */
  add(
    userId: string,
    res: ServerResponse,
    sharedBookIds: readonly string[] = [],
    workspaceIds: readonly string[] = [],
    options: StreamOptions = {},
  ): () => void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    const stream: OpenStream = {
      res,
      tokenId: options.tokenId,
      fence: options.fence && { workspaceId: options.fence.workspaceId, bookIds: new Set(options.fence.bookIds) },
    };
    set.add(stream);
    for (const bookId of sharedBookIds) this.share(userId, bookId);
    for (const workspaceId of workspaceIds) this.join(userId, workspaceId);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.forgetUser(userId);
    };
  }

  private share(userId: string, bookId: string): void {
    let members = this.membersOf.get(bookId);
    if (!members) this.membersOf.set(bookId, (members = new Set()));
    members.add(userId);
    let books = this.sharedWith.get(userId);
    if (!books) this.sharedWith.set(userId, (books = new Set()));
    books.add(bookId);
  }

  private join(userId: string, workspaceId: string): void {
    let people = this.peopleOfWorkspace.get(workspaceId);
    if (!people) this.peopleOfWorkspace.set(workspaceId, (people = new Set()));
    people.add(userId);
    let workspaces = this.workspacesOf.get(userId);
    if (!workspaces) this.workspacesOf.set(userId, (workspaces = new Set()));
    workspaces.add(workspaceId);
  }

  /** Ends every stream of a user who lost a book: the browser reconnects and is told what they still have. */
  private closeStreamsOf(userId: string): void {
    const set = this.streams.get(userId);
    this.forgetUser(userId);
    for (const stream of set ?? []) stream.res.end();
  }

  /** Ends the streams a revoked token opened; the person's other streams stay. */
  private closeStreamsOfToken(userId: string, tokenId: string): void {
    const set = this.streams.get(userId);
    if (!set) return;
    for (const stream of [...set])
      if (stream.tokenId === tokenId) {
        set.delete(stream);
        stream.res.end();
      }
    if (set.size === 0) this.forgetUser(userId);
  }

  private forgetUser(userId: string): void {
    this.streams.delete(userId);
    for (const bookId of this.sharedWith.get(userId) ?? []) {
      const members = this.membersOf.get(bookId);
      members?.delete(userId);
      if (members?.size === 0) this.membersOf.delete(bookId);
    }
    this.sharedWith.delete(userId);
    for (const workspaceId of this.workspacesOf.get(userId) ?? []) {
      const people = this.peopleOfWorkspace.get(workspaceId);
      people?.delete(userId);
      if (people?.size === 0) this.peopleOfWorkspace.delete(workspaceId);
    }
    this.workspacesOf.delete(userId);
  }

  private forgetBook(bookId: string): void {
    for (const userId of this.membersOf.get(bookId) ?? []) this.sharedWith.get(userId)?.delete(bookId);
    this.membersOf.delete(bookId);
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  private send(userId: string, meta: EventMeta, update: LiveBookUpdate | LiveBookMove | LiveCommentChange): void {
    const set = this.streams.get(userId);
    if (!set) return;
    const frame = `id: ${meta.id}\nevent: ${meta.name}\ndata: ${JSON.stringify(update)}\n\n`;
    for (const stream of set) if (!stream.fence || stream.fence.bookIds.has(update.bookId)) stream.res.write(frame);
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.subscription?.stop();
    for (const set of this.streams.values()) for (const stream of set) stream.res.end();
    this.streams.clear();
    this.membersOf.clear();
    this.sharedWith.clear();
    this.peopleOfWorkspace.clear();
    this.workspacesOf.clear();
    this.logger.debug('live book events stopped');
  }
}
