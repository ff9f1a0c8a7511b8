import { diffLines, diffWords } from 'diff';
import { documentText, type TiptapNode } from '@bookwright/contracts/http';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Word-level diffs read best; past this size, paragraphs are compared instead so the dialog stays quick. */
const wordDiffLimit = 60_000;
/** Unchanged stretches longer than this are shortened to their ends. */
const contextChars = 160;

export function textOf(bookContent: string | null): string {
  if (!bookContent) return '';
  try {
    return documentText(JSON.parse(bookContent) as TiptapNode);
  } catch {
    return '';
  }
}

/** What restoring would change: `removed` is in the current text only, `added` comes back with the revision. */
export function revisionDiff(current: string, revision: string): DiffPart[] {
  const changes =
    current.length + revision.length <= wordDiffLimit ? diffWords(current, revision) : diffLines(current, revision);
  return changes.map((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    if (kind !== 'same' || change.value.length <= contextChars * 2) return { kind, text: change.value };
    return { kind, text: `${change.value.slice(0, contextChars)} … ${change.value.slice(-contextChars)}` };
  });
}
