import type { BlockModification, SuggestionKind } from './suggestionModel';

const verbs: Record<SuggestionKind, string> = {
  insertion: 'suggested adding this',
  deletion: 'suggested deleting this',
  modification: 'suggested this formatting',
};

const alignments: Record<string, string> = {
  left: 'align left',
  center: 'centre',
  right: 'align right',
  justify: 'justify',
};

/** A block's formatting change in words: its new type (with a heading's level) or its alignment. */
function blockFormatting(modifications: readonly BlockModification[]): string | undefined {
  const type = modifications.find((m) => m.type === 'nodeType')?.newValue;
  const level = modifications.find((m) => m.attrName === 'level')?.newValue;
  if (type === 'heading') return typeof level === 'number' ? `make a heading (level ${level})` : 'make a heading';
  if (type === 'paragraph') return 'make a paragraph';
  if (typeof level === 'number') return `make a level ${level} heading`;
  const align = modifications.find((m) => m.attrName === 'textAlign');
  if (align)
    return typeof align.newValue === 'string' ? (alignments[align.newValue] ?? 'change the alignment') : 'align left';
  return undefined;
}

/** The words of suggestions in the live editor (issue 44). */
export const suggestionTexts = {
  you: 'You',
  someone: 'Someone',
  switchLabel: 'Suggesting',
  switchHelpOptional: 'Your edits show as suggestions for the owner and co-authors to accept or reject.',
  editorLocked: 'Your edits are suggestions: the owner and co-authors accept or reject them.',
  describe: (kind: SuggestionKind, name: string) => `${name} ${verbs[kind]}`,
  barLabel: 'Suggestions',
  at: (name: string, what: string) => `${name}: ${what}`,
  summary: (
    inserted: string,
    deleted: string,
    kinds: readonly SuggestionKind[],
    modifications: readonly BlockModification[] = [],
  ) => {
    const quote = (text: string) => {
      const shown = text.trim();
      return `“${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}”`;
    };
    // The library suggests a change of bold, italics or a link as the old text deleted and the new inserted.
    if (inserted && inserted === deleted) return `change the formatting of ${quote(inserted)}`;
    if (inserted.trim() && deleted.trim()) return `replace ${quote(deleted)} with ${quote(inserted)}`;
    if (inserted.trim()) return `add ${quote(inserted)}`;
    if (deleted.trim()) return `delete ${quote(deleted)}`;
    if (inserted || deleted) return inserted ? 'add a space' : 'delete a space';
    const formatting = blockFormatting(modifications);
    if (formatting) return formatting;
    if (kinds.includes('insertion')) return 'add a paragraph break';
    return kinds.includes('deletion') ? 'join paragraphs' : 'change the formatting';
  },
  accept: 'Accept',
  reject: 'Reject',
  acceptNamed: (name: string) => `Accept ${name === 'You' ? 'your' : `${name}’s`} suggestion`,
  rejectNamed: (name: string) => `Reject ${name === 'You' ? 'your' : `${name}’s`} suggestion`,
  acceptAll: 'Accept all in chapter',
  rejectAll: 'Reject all in chapter',
  inBook: (count: number) => `${count} ${count === 1 ? 'suggestion' : 'suggestions'} in the book`,
  next: 'Next suggestion',
  nextShort: 'Next',
  inChapter: (count: number) => `${count} ${count === 1 ? 'suggestion' : 'suggestions'} in this chapter`,
};
