import type { ImportDroppedKind } from '@bookwright/contracts/http';

/** What an import left out of the book, by kind, for its report. */
export type DroppedCounts = Partial<Record<ImportDroppedKind, number>>;

export function countDropped(dropped: DroppedCounts, kind: ImportDroppedKind, count = 1): void {
  if (count > 0) dropped[kind] = (dropped[kind] ?? 0) + count;
}
