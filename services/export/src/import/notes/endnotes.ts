import type { BookLanguage, TiptapNode } from '@bookwright/contracts/http';
import { noteReferenceType } from '../source/source-document';

/**
 * The heading of the endnotes chapter, in the book's language. The book has no note node: its notes are
 * endnotes as a printed book sets them, a numbered list in a last chapter, each note's number written in
 * superscript where the text refers to it.
 */
const notesTitle: Partial<Record<BookLanguage, string>> = {
  german: 'Anmerkungen',
  french: 'Notes',
  italian: 'Note',
  spanish: 'Notas',
  portuguese: 'Notas',
  dutch: 'Noten',
  danish: 'Noter',
  swedish: 'Noter',
  norwegian: 'Noter',
  polish: 'Przypisy',
  czech: 'Poznámky',
  slovak: 'Poznámky',
  finnish: 'Viitteet',
  hungarian: 'Jegyzetek',
  romanian: 'Note',
  turkish: 'Notlar',
  croatian: 'Bilješke',
  slovenian: 'Opombe',
};

/**
 * Replaces every note reference with its number (in order of first reference) and adds the endnotes
 * chapter. Notes that nothing refers to are not the author's text in the flow; they are left out.
 */
export function toEndnotes(
  nodes: readonly TiptapNode[],
  notes: ReadonlyMap<string, TiptapNode[]>,
  language: BookLanguage,
): { nodes: TiptapNode[]; count: number } {
  const numbers = new Map<string, number>();
  const order: string[] = [];
  const replace = (node: TiptapNode): TiptapNode[] => {
    if (node.type === noteReferenceType) {
      const id = String(node.attrs?.['id'] ?? '');
      if (!notes.has(id)) return [];
      let number = numbers.get(id);
      if (number === undefined) {
        number = order.push(id);
        numbers.set(id, number);
      }
      return [{ type: 'text', text: String(number), marks: [{ type: 'superscript' }] }];
    }
    if (!node.content) return [node];
    return [{ ...node, content: node.content.flatMap(replace) }];
  };
  const replaced = nodes.flatMap(replace);
  if (order.length === 0) return { nodes: replaced, count: 0 };
  const items = order.map((id) => {
    // A note's own references (rare) become plain text.
    const body = (notes.get(id) ?? []).flatMap(replaceNested);
    return { type: 'listItem', content: body.length > 0 ? body : [{ type: 'paragraph' }] };
  });
  return {
    nodes: [
      ...replaced,
      {
        type: 'heading',
        attrs: { level: 1, textAlign: null },
        content: [{ type: 'text', text: notesTitle[language] ?? 'Notes' }],
      },
      { type: 'orderedList', attrs: { start: 1 }, content: items },
    ],
    count: order.length,
  };
}

function replaceNested(node: TiptapNode): TiptapNode[] {
  if (node.type === noteReferenceType) return [];
  if (node.type === 'heading') return [{ type: 'paragraph', content: (node.content ?? []).flatMap(replaceNested) }];
  if (!node.content) return [node];
  return [{ ...node, content: node.content.flatMap(replaceNested) }];
}
