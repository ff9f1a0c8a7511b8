import { createHash } from 'node:crypto';
import { documentText, revisionPolicy, type TiptapDocument } from '@bookwright/contracts';

/** Identical manuscripts hash the same, so an unchanged save adds no snapshot. */
export const contentHash = (content: string): string => createHash('sha256').update(content).digest('hex');

export function wordCountOf(document: TiptapDocument): number {
  const text = documentText(document).trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Snapshots older than this are thinned to one a day. */
export function keepAllSince(now: Date): Date {
  return new Date(now.getTime() - revisionPolicy.keepAllDays * 24 * 60 * 60 * 1000);
}
