import { createHash } from 'node:crypto';
import { countWords } from '@bookwright/contracts/text';
import { documentText, revisionPolicy, type TiptapDocument } from '@bookwright/contracts/http';
import { printedManuscript } from '@bookwright/manuscript';

/**
 * The one owner of when a snapshot of a manuscript is kept and for how long (docs/architecture.md,
 * "Revision history"; the figures are contracts' `revisionPolicy`).
 *
 * - `edit`: the manuscript an author's save replaces, at most once per `snapshotEveryMinutes` of editing,
 *   so an autosave every few seconds keeps a handful of snapshots an hour, not hundreds.
 * - `before-rewrite`, `before-restore`, `before-translation`: the manuscript just before one of those,
 *   always (unless it is already the newest snapshot).
 * - `as-written`: the manuscript as the writer finished it (a translation's too), always the first.
 * - `named`: a version the author asked to keep, with or without a name.
 *
 * Automatic snapshots are thinned with age; `as-written` and `named` ones are never pruned.
 */
export type RevisionKind = 'edit' | 'before-rewrite' | 'before-restore' | 'before-translation' | 'as-written' | 'named';

/** Kinds the retention policy never deletes. */
export const keptForGood: readonly RevisionKind[] = ['as-written', 'named'];

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

/** Identical manuscripts hash the same, so an unchanged text adds no snapshot. */
export const contentHash = (content: string): string => createHash('sha256').update(content).digest('hex');

/** The words of a manuscript as it prints: open suggestions rejected, comments out (decision 0043). */
export function wordCountOf(document: TiptapDocument): number {
  return countWords(documentText(printedManuscript(document)));
}

/**
 * Whether to keep a text (whose hash `hashOf` gives) as a new snapshot of kind `kind`, given the book's
 * newest snapshot. A version the author names or the writer finishes is kept even when the same text is
 * the newest snapshot: its name is the point. The throttle is checked before the hash, so most autosaves
 * never hash the whole book.
 */
export function shouldKeep(
  kind: RevisionKind,
  hashOf: () => string,
  newest: { hash: string; createdAt: Date } | undefined,
  now: Date,
): boolean {
  if (kind === 'named' || kind === 'as-written') return true;
  if (!newest) return true;
  if (throttled(kind, newest, now)) return false;
  return newest.hash !== hashOf();
}

/**
 * Whether the throttle alone already says no (an edit within ten minutes of the newest snapshot): then the
 * text is not even needed, and a save does not read the manuscript it replaces.
 */
export function throttled(kind: RevisionKind, newest: { createdAt: Date } | undefined, now: Date): boolean {
  if (kind !== 'edit' || !newest) return false;
  return newest.createdAt.getTime() > editsThrottledSince(now).getTime();
}

/** An edit keeps no snapshot while the newest snapshot is younger than this instant (the throttle). */
export function editsThrottledSince(now: Date): Date {
  return new Date(now.getTime() - revisionPolicy.snapshotEveryMinutes * minute);
}

/** The age limits of the retention policy, as instants before `now`. */
export function retentionCutoffs(now: Date): { keepAllSince: Date; hourlySince: Date } {
  return {
    keepAllSince: new Date(now.getTime() - revisionPolicy.keepAllHours * hour),
    hourlySince: new Date(now.getTime() - revisionPolicy.hourlyDays * day),
  };
}
