/**
 * A 100-page manuscript for the open and save rows (issue 22): 10 chapters of 2,500 words (250 words a
 * page, contracts/src/constants/print.ts), as the editor sends it (tiptap JSON text). `edit` marks one
 * chapter, so consecutive saves differ in that chapter only.
 */
export const manuscriptChapters = 10;
const paragraphsPerChapter = 25;

const sentence =
  'The cartographer walked the harbour wall at dusk and counted the lamps that had moved since morning, ' +
  'writing each new street into the margin of a map that would be wrong again by dawn';

/** One chapter's nodes (its heading first), as `manuscript` holds it. */
export function chapter(author: number, index: number, edit: string): object[] {
  const words = sentence.split(' ');
  return [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Chapter ${index + 1}` }] },
    ...Array.from({ length: paragraphsPerChapter }, (_, n) => ({
      type: 'paragraph',
      content: [
        {
          type: 'text',
          // ~100 words: the sentence (33 words) three times, and the mark of this author, chapter and edit.
          text: `${[sentence, sentence, sentence].join('. ')}. (${author}.${index}.${n}${n === 0 ? ` ${edit}` : ''}) ${words.slice(0, 1).join(' ')}`,
        },
      ],
    })),
  ];
}

/** The author's manuscript with `edit` written into chapter `editedChapter` (every other chapter as at edit 0). */
export function manuscript(author: number, editedChapter: number, edit: number): string {
  return JSON.stringify({
    type: 'doc',
    content: Array.from({ length: manuscriptChapters }, (_, i) =>
      chapter(author, i, i === editedChapter ? `edit ${edit}` : 'edit 0'),
    ).flat(),
  });
}
