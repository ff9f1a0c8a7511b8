import type { TiptapNode } from '@bookwright/contracts/http';

/**
 * Turns the prose a model writes (plain paragraphs separated by blank lines, `*emphasis*`, `**strong**`)
 * into tiptap blocks. Deliberately small: it understands what the prompts allow plus the markdown habits
 * models fall back on (a stray `## heading`, `- ` lists when asked for, `* * *` scene breaks), and keeps every other
 * character as text, so nothing the model wrote is lost or turned into markup by accident.
 */
export function proseToBlocks(prose: string, options: { lists?: boolean } = {}): TiptapNode[] {
  const blocks: TiptapNode[] = [];
  let list: { type: 'bulletList' | 'orderedList'; items: TiptapNode[] } | undefined;
  const flushList = () => {
    if (list) blocks.push({ type: list.type, content: list.items });
    list = undefined;
  };

  // Models separate paragraphs with blank lines and, often enough, with single line breaks: in prose
  // both mean a new paragraph.
  for (const rawLine of prose.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (line === '') {
      flushList();
      continue;
    }
    if (/^([*_\-=~#]\s*){3,}$/.test(line)) {
      flushList();
      blocks.push({ type: 'horizontalRule' });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flushList();
      const content = inlineToNodes(stripWrappingStrong(heading[2] ?? ''));
      // Level 1 is the chapter heading; anything a model heads inside a chapter sits below it.
      if (content.length > 0) blocks.push({ type: 'heading', attrs: { level: 2 }, content });
      continue;
    }
    // Lists only where the book may have them (non-fiction): in novels "- " often opens dialogue.
    const bullet = options.lists ? /^[-*•]\s+(.*)$/.exec(line) : null;
    const numbered = options.lists ? /^(\d{1,3})[.)]\s+(.*)$/.exec(line) : null;
    if (bullet || numbered) {
      const type = bullet ? 'bulletList' : 'orderedList';
      if (list?.type !== type) {
        flushList();
        list = { type, items: [] };
      }
      const content = inlineToNodes((bullet ? bullet[1] : numbered?.[2]) ?? '');
      list.items.push({ type: 'listItem', content: [paragraph(content)] });
      continue;
    }
    flushList();
    const content = inlineToNodes(line);
    if (content.length > 0) blocks.push(paragraph(content));
  }
  flushList();
  return blocks;
}

function paragraph(content: TiptapNode[]): TiptapNode {
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

function stripWrappingStrong(text: string): string {
  const match = /^\*\*(.+)\*\*$/.exec(text.trim());
  return match?.[1] ?? text;
}

interface Run {
  kind: 'text' | 'delimiter';
  text: string;
  /** For delimiters: may open / close emphasis (CommonMark's flanking rules, simplified). */
  canOpen?: boolean;
  canClose?: boolean;
  /** Set when paired: 1 = italic, 2 = bold, 3 = both. */
  opens?: number;
  closes?: number;
}

/**
 * Inline markup: `*x*` italic, `**x**` bold, `***x***` both. A delimiter run opens when it is followed by a
 * non-space character and closes when it follows one; runs pair with the nearest open run of the same
 * length. Unpaired asterisks stay literal text ("5 * 3", a footnote mark).
 */
export function inlineToNodes(text: string): TiptapNode[] {
  const runs: Run[] = [];
  const pattern = /\*{1,3}/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ kind: 'text', text: text.slice(last, match.index) });
    const before = text[match.index - 1];
    const after = text[match.index + match[0].length];
    runs.push({
      kind: 'delimiter',
      text: match[0],
      canOpen: after !== undefined && !/\s/.test(after),
      canClose: before !== undefined && !/\s/.test(before),
    });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ kind: 'text', text: text.slice(last) });

  const openers: Run[] = [];
  for (const run of runs) {
    if (run.kind !== 'delimiter') continue;
    const length = run.text.length;
    const openerIndex = run.canClose ? findLastIndex(openers, (o) => o.text.length === length) : -1;
    if (openerIndex >= 0) {
      const opener = openers[openerIndex];
      if (opener) opener.opens = length;
      run.closes = length;
      // Anything opened after the matched opener can no longer close: markup must nest.
      openers.length = openerIndex;
    } else if (run.canOpen) {
      openers.push(run);
    }
  }

  const nodes: TiptapNode[] = [];
  let italic = 0;
  let bold = 0;
  const push = (value: string) => {
    if (value === '') return;
    const marks = [...(bold > 0 ? [{ type: 'bold' }] : []), ...(italic > 0 ? [{ type: 'italic' }] : [])];
    const previous = nodes[nodes.length - 1];
    if (previous && sameMarks(previous.marks, marks)) {
      previous.text = `${previous.text ?? ''}${value}`;
      return;
    }
    nodes.push(marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value });
  };
  for (const run of runs) {
    if (run.kind === 'text') push(run.text);
    else if (run.opens !== undefined) {
      if (run.opens !== 2) italic += 1;
      if (run.opens !== 1) bold += 1;
    } else if (run.closes !== undefined) {
      if (run.closes !== 2) italic -= 1;
      if (run.closes !== 1) bold -= 1;
    } else push(run.text);
  }
  return nodes;
}

function sameMarks(a: unknown[] | undefined, b: { type: string }[]): boolean {
  const typesA = (a ?? []).map((m) => (m as { type: string }).type).join(',');
  return typesA === b.map((m) => m.type).join(',');
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i] as T)) return i;
  return -1;
}
