import type { SaveOutcome } from './conditionalRequests';

/** When autosave saves (issue 19): after a pause in typing, at the latest after a stretch of it. */
export const autosaveTiming = {
  /** A save this long after the last keystroke. */
  quietMs: 2_000,
  /** And at least this often while typing goes on. */
  maxWaitMs: 15_000,
  /** A failed save is tried again after 2 s, 4 s, 8 s… */
  firstRetryMs: 2_000,
  /** …but never waits longer than this between tries. */
  maxRetryMs: 60_000,
} as const;

/**
 * Where the manuscript is:
 * - `saved`: the server has every change;
 * - `pending`: changes wait for the next save (autosave's pause, or the author's Save when it is off);
 * - `saving`: a save is on its way;
 * - `offline`: the last try got no answer; the changes are kept on this device;
 * - `retrying`: the server failed (5xx, 408, 429); tried again with back-off;
 * - `refused`: the server refused the text (another 4xx: too long, no plan, signed out); trying again on its
 *   own would not help, the author can;
 * - `conflict`: the book changed elsewhere; saving waits for the author's choice.
 */
export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'retrying' | 'refused' | 'conflict';

/** Save states in which leaving the page would leave text behind on this device only. */
export const failingStates: ReadonlySet<SaveState> = new Set(['offline', 'retrying', 'refused', 'conflict']);

/** Failures worth trying again by themselves: no answer, the server's own trouble, or "slow down". */
const retriable = (outcome: Extract<SaveOutcome, { kind: 'offline' | 'failed' }>) =>
  outcome.kind === 'offline' || outcome.status >= 500 || outcome.status === 408 || outcome.status === 429;

export interface ManuscriptSnapshot {
  bookContent: string;
  /** The editor's edit counter when the snapshot was taken. */
  version: number;
}

export interface SaverHooks {
  /** The editor's document now. */
  snapshot(): ManuscriptSnapshot;
  /** Sends one conditional save. */
  send(bookContent: string, etag: string | undefined, requestId: string, keepalive: boolean): Promise<SaveOutcome>;
  newRequestId(): string;
  /** The server stored `snapshot` (the saver's etag is already the new one). */
  saved(snapshot: ManuscriptSnapshot, outcome: Extract<SaveOutcome, { kind: 'saved' }>, explicit: boolean): void;
  /** 412: someone else saved first; the saver waits until `resolved` is called. */
  conflict(snapshot: ManuscriptSnapshot): void;
  /** A failed try (a retry is already planned). */
  failed(outcome: Extract<SaveOutcome, { kind: 'offline' | 'failed' }>, explicit: boolean): void;
  stateChanged(state: SaveState): void;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * The manuscript's saves, apart from React: when to save (autosave's pause and maximum wait, the page being
 * hidden or left), one save in flight at a time (changes made meanwhile go in the next one), If-Match with the
 * last ETag the server gave, and retries with exponential back-off.
 */
export class ManuscriptSaver {
  private quietTimer: Timer | undefined;
  private maxWaitTimer: Timer | undefined;
  private retryTimer: Timer | undefined;
  private inFlight: Promise<void> | undefined;
  /** A save was asked for while one was in flight: it runs as soon as that one ends. */
  private queued: { explicit: boolean } | undefined;
  private failures = 0;
  private request: { id: string; version: number } | undefined;
  private current: SaveState = 'saved';
  private disposed = false;

  constructor(
    private readonly hooks: SaverHooks,
    /** The ETag of the version the editor's text was edited from. */
    public etag: string | undefined,
    /** The editor version the server holds. */
    private savedVersion: number,
    private autosave: boolean,
  ) {}

  get state(): SaveState {
    return this.current;
  }

  /** Whether the editor holds changes the server does not have. */
  dirty(): boolean {
    return this.hooks.snapshot().version !== this.savedVersion;
  }

  setAutosave(on: boolean): void {
    this.autosave = on;
    if (!on) this.clearSchedule();
    else if (this.current === 'pending') this.schedule();
  }

  /** The author typed. */
  changed(): void {
    if (this.disposed) return;
    if (this.current === 'saved' || this.current === 'refused') this.setState('pending');
    // A failing or conflicting save has its own clock (the retry, the author's choice).
    if (this.current === 'pending' || this.current === 'saving') this.schedule();
  }

  /** Saves at once (Save, Ctrl/Cmd+S, the page hidden): after the save in flight, if there is one. */
  saveNow(explicit = false): Promise<void> {
    this.clearSchedule();
    if (this.disposed || this.current === 'conflict') return Promise.resolve();
    if (this.inFlight) {
      this.queued = { explicit: explicit || (this.queued?.explicit ?? false) };
      return this.inFlight.then(() => this.inFlight);
    }
    const snapshot = this.hooks.snapshot();
    if (snapshot.version === this.savedVersion) {
      clearTimeout(this.retryTimer);
      this.failures = 0;
      this.setState('saved');
      return Promise.resolve();
    }
    return this.start(snapshot, explicit, false);
  }

  /** The page was hidden or lost focus: saves at once when autosave is on. */
  saveIfAutosave(): Promise<void> {
    return this.autosave ? this.saveNow() : Promise.resolve();
  }

  get autosaving(): boolean {
    return this.autosave;
  }

  /** "Retry now" while a save is failing. */
  retryNow(): Promise<void> {
    clearTimeout(this.retryTimer);
    return this.saveNow(true);
  }

  /** The connection is back: a save that got no answer is tried again at once. */
  online(): void {
    if (this.current === 'offline') void this.retryNow();
  }

  /**
   * The page is going away (pagehide): the last changes go in a keepalive request when nothing else is in
   * flight and they fit its 64 KB; otherwise the local draft holds them until the next visit.
   */
  leave(fits: (bookContent: string) => boolean): void {
    if (this.disposed || !this.autosave || this.inFlight || this.current === 'conflict') return;
    const snapshot = this.hooks.snapshot();
    if (snapshot.version === this.savedVersion || !fits(snapshot.bookContent)) return;
    this.clearSchedule();
    void this.start(snapshot, false, true);
  }

  /** After a conflict: `etag` is the version the author's choice was made on; `savedVersion` when theirs is stored. */
  resolved(etag: string | undefined, savedVersion?: number): void {
    this.etag = etag;
    if (savedVersion !== undefined) this.savedVersion = savedVersion;
    this.failures = 0;
    this.setState(this.dirty() ? 'pending' : 'saved');
    if (this.current === 'pending') void this.saveNow();
  }

  /** The editor now shows what the server holds at `etag` (a restore, the other version chosen). */
  adopt(version: number, etag: string | undefined): void {
    this.savedVersion = version;
    this.etag = etag;
    this.setState(this.dirty() ? 'pending' : 'saved');
  }

  /** Another save of the same book (metadata) answered a new ETag: the next manuscript save builds on it. */
  etagChanged(etag: string | undefined): void {
    if (etag) this.etag = etag;
  }

  /** The page (again) listens: StrictMode unmounts and mounts effects once more in development. */
  resume(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    this.clearSchedule();
    clearTimeout(this.retryTimer);
  }

  private start(snapshot: ManuscriptSnapshot, explicit: boolean, keepalive: boolean): Promise<void> {
    clearTimeout(this.retryTimer);
    // A retry of the same text is the same author action: it keeps its request id.
    if (this.request?.version !== snapshot.version) {
      this.request = { id: this.hooks.newRequestId(), version: snapshot.version };
    }
    this.setState('saving');
    const run = async () => {
      let outcome: SaveOutcome;
      try {
        outcome = await this.hooks.send(snapshot.bookContent, this.etag, this.request!.id, keepalive);
      } catch {
        outcome = { kind: 'offline' };
      }
      this.inFlight = undefined;
      this.finish(snapshot, outcome, explicit);
    };
    this.inFlight = run();
    return this.inFlight;
  }

  private finish(snapshot: ManuscriptSnapshot, outcome: SaveOutcome, explicit: boolean): void {
    const queued = this.queued;
    this.queued = undefined;
    if (outcome.kind === 'saved') {
      this.etag = outcome.etag ?? outcome.book.etag ?? this.etag;
      this.savedVersion = snapshot.version;
      this.failures = 0;
      if (this.disposed) return;
      const clean = !this.dirty();
      // A Save pressed while this save was on its way, with nothing typed since, is answered by this one.
      this.hooks.saved(snapshot, outcome, explicit || (clean && (queued?.explicit ?? false)));
      if (clean) this.setState('saved');
      else if (queued) void this.saveNow(queued.explicit);
      else {
        this.setState('pending');
        this.schedule();
      }
      return;
    }
    if (this.disposed) return;
    if (outcome.kind === 'conflict') {
      this.setState('conflict');
      this.hooks.conflict(snapshot);
      return;
    }
    if (!retriable(outcome)) {
      this.setState('refused');
      this.hooks.failed(outcome, true);
      return;
    }
    this.failures += 1;
    const delay = Math.min(autosaveTiming.firstRetryMs * 2 ** (this.failures - 1), autosaveTiming.maxRetryMs);
    this.retryTimer = setTimeout(() => void this.saveNow(), delay);
    this.setState(outcome.kind === 'offline' ? 'offline' : 'retrying');
    this.hooks.failed(outcome, explicit || (queued?.explicit ?? false));
  }

  private schedule(): void {
    if (!this.autosave) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => void this.saveNow(), autosaveTiming.quietMs);
    this.maxWaitTimer ??= setTimeout(() => void this.saveNow(), autosaveTiming.maxWaitMs);
  }

  private clearSchedule(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.maxWaitTimer);
    this.quietTimer = undefined;
    this.maxWaitTimer = undefined;
  }

  private setState(state: SaveState): void {
    if (state === this.current) return;
    this.current = state;
    if (!this.disposed) this.hooks.stateChanged(state);
  }
}
