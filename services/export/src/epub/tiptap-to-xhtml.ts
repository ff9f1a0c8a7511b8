import { allowedLinkSchemes, parseBookImageUrl, type TiptapNode } from '@bookwright/contracts/http';
import { splitByScript, type Script } from '../fonts';
import { cleanText, directionAttribute, escapeAttribute, escapeText } from './xml';

/*
 * The manuscript (tiptap JSON) as XHTML for the EPUB's chapters, from an allow-list: the nodes and marks
 * the book editor can produce become their HTML elements; anything else (an unknown node or mark, a stray
 * attribute) is dropped, keeping only its text. Nothing here ever emits an <img>, a script, or a style or
 * attribute copied from the input (an image's width is a number computed here): epub-gen-memory would
 * fetch any image source it found (file:// included). An `image` node leaves a slot (`imageSlot`) that
 * render-epub.ts fills with the image we supply once epub-gen-memory is done.
 */

/** An image's place in a chapter, as plain ASCII text that epub-gen-memory passes on unchanged. */
export const imageSlotPattern = /\[\[bw-image:([a-f0-9]{32}):([A-Za-z0-9_-]*)\]\]/g;

function imageSlot(node: TiptapNode): string {
  const imageId = parseBookImageUrl(String(node.attrs?.['src'] ?? ''))?.imageId;
  if (!imageId) return '';
  const alt = Buffer.from(String(node.attrs?.['alt'] ?? ''), 'utf8').toString('base64url');
  const width = imageWidth(node);
  // The author's width is a share of the text block: the figure takes it, and the picture fills the figure.
  const attributes =
    width === null ? 'class="book-image"' : `class="book-image book-image-sized" style="width: ${width}%"`;
  return `<div ${attributes}>[[bw-image:${imageId}:${alt}]]</div>`;
}

/** The width the author set, in % of the text block (the schema's 1–100), or null; never text from the input. */
function imageWidth(node: TiptapNode): number | null {
  const width = node.attrs?.['width'];
  return typeof width === 'number' && Number.isFinite(width) ? Math.min(100, Math.max(1, Math.round(width))) : null;
}

const alignClasses: Record<string, string> = {
  left: 'align-left',
  center: 'align-center',
  right: 'align-right',
  justify: 'align-justify',
};

/** Marks we render, outermost first, so equal mark sets always nest the same way. */
const markOrder = [
  'link',
  'bold',
  'italic',
  'underline',
  'strike',
  'smallCaps',
  'code',
  'subscript',
  'superscript',
] as const;
type MarkType = (typeof markOrder)[number];

const markTags: Record<Exclude<MarkType, 'link'>, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
  subscript: 'sub',
  superscript: 'sup',
  smallCaps: 'span',
};

/** Marks with no element of their own: a span whose class the stylesheet sets. */
const markClasses: Partial<Record<MarkType, string>> = { smallCaps: 'small-caps' };

const checkedBox = '\u2611';
const uncheckedBox = '\u2610';

/** The blocks of a document (or of one section of it) as XHTML. */
export function renderBlocks(nodes: readonly TiptapNode[]): string {
  return nodes.map((node) => renderBlock(node)).join('\n');
}

/** The plain text of a node: for titles, the table of contents and the direction check. */
export function plainText(node: TiptapNode): string {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hardBreak') return ' ';
  return (node.content ?? []).map(plainText).join('');
}

function renderBlock(node: TiptapNode, inlinePrefix = ''): string {
  switch (node.type) {
    case 'paragraph': {
      const inline = inlinePrefix + renderInline(node.content);
      const blank = inline.trim() === '';
      return `<p${blockAttributes(node, blank ? 'blank' : undefined)}>${blank ? '&#160;' : inline}</p>`;
    }
    case 'heading': {
      const level = headingLevel(node.attrs?.level);
      return `<h${level}${blockAttributes(node)}>${inlinePrefix}${renderInline(node.content)}</h${level}>`;
    }
    case 'blockquote':
      return `<blockquote${directionAttribute(plainText(node))}>\n${renderChildren(node)}\n</blockquote>`;
    case 'bulletList':
      return list('ul', node, undefined);
    case 'orderedList':
      return list('ol', node, undefined);
    case 'taskList':
      return list('ul', node, 'task-list');
    case 'listItem':
    case 'taskItem':
      // Only reached for an item outside a list: render it as a one-item list.
      return list('ul', { type: 'bulletList', content: [node] }, undefined);
    case 'horizontalRule':
      return '<hr />';
    case 'image':
      return imageSlot(node);
    case 'hardBreak':
      return '';
    case 'text': {
      // Text directly in a block position: keep it, as a paragraph.
      return renderBlock({ type: 'paragraph', content: [node] });
    }
    default:
      // Unknown containers keep their children; unknown leaves (an image, an embed) are dropped.
      return renderChildren(node);
  }
}

function renderChildren(node: TiptapNode): string {
  return renderBlocks(node.content ?? []);
}

function list(tag: 'ul' | 'ol', node: TiptapNode, className: string | undefined): string {
  const items = (node.content ?? []).map((item) => listItem(item)).join('\n');
  if (items === '') return '';
  const classAttribute = className ? ` class="${className}"` : '';
  return `<${tag}${classAttribute}${directionAttribute(plainText(node))}>\n${items}\n</${tag}>`;
}

/** One <li>; a task item shows its state as a ballot box before its first line. */
function listItem(item: TiptapNode): string {
  const children = item.type === 'listItem' || item.type === 'taskItem' ? (item.content ?? []) : [item];
  if (item.type !== 'taskItem') return `<li>${renderBlocks(children)}</li>`;
  const checked = item.attrs?.checked === true;
  const box = `<span class="task-box">${checked ? checkedBox : uncheckedBox}</span> `;
  const [first, ...rest] = children;
  const body =
    first === undefined
      ? `<p>${box}</p>`
      : first.type === 'paragraph'
        ? [renderBlock(first, box), renderBlocks(rest)].filter(Boolean).join('\n')
        : [`<p>${box}</p>`, renderBlocks(children)].join('\n');
  return `<li class="${checked ? 'task-item task-checked' : 'task-item'}">${body}</li>`;
}

function blockAttributes(node: TiptapNode, extraClass?: string): string {
  const align = node.attrs?.textAlign;
  const classes = [typeof align === 'string' ? alignClasses[align] : undefined, extraClass].filter(Boolean);
  return (classes.length > 0 ? ` class="${classes.join(' ')}"` : '') + directionAttribute(plainText(node));
}

function headingLevel(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6 ? value : 2;
}

function renderInline(nodes: readonly TiptapNode[] | undefined): string {
  return (nodes ?? []).map(renderInlineNode).join('');
}

function renderInlineNode(node: TiptapNode): string {
  if (node.type === 'hardBreak') return '<br />';
  if (node.type !== 'text') return escapeText(plainText(node));
  const text = typeof node.text === 'string' ? node.text : '';
  if (text === '') return '';
  let html = markScripts(text);
  const marks = readMarks(node.marks);
  // Innermost first, so the first mark of markOrder ends up outermost.
  for (const type of [...markOrder].reverse()) {
    const mark = marks.get(type);
    if (mark === undefined) continue;
    if (type === 'link') {
      const href = safeHref(mark.href);
      if (href !== null) html = `<a href="${escapeAttribute(href)}">${html}</a>`;
    } else {
      const tag = markTags[type];
      const className = markClasses[type];
      html = `<${tag}${className ? ` class="${className}"` : ''}>${html}</${tag}>`;
    }
  }
  return html;
}

/**
 * The editor has no language mark, so a stretch in another script is marked by what it is written in:
 * its likeliest language (reading systems pick fonts and line breaking by `lang`, screen readers a voice)
 * and, for Arabic and Hebrew, its direction.
 */
const scriptLanguages: Record<Script, string> = {
  japanese: 'ja',
  chinese: 'zh',
  korean: 'ko',
  arabic: 'ar',
  hebrew: 'he',
  devanagari: 'hi',
  thai: 'th',
};

export function markScripts(text: string): string {
  const segments = splitByScript(text);
  if (segments.length === 1 && segments[0]?.script === null) return escapeText(text);
  return segments
    .map(({ text: part, script }) => {
      if (script === null) return escapeText(part);
      const lang = scriptLanguages[script];
      const dir = script === 'arabic' || script === 'hebrew' ? ' dir="rtl"' : '';
      return `<span lang="${lang}" xml:lang="${lang}"${dir}>${escapeText(part)}</span>`;
    })
    .join('');
}

function readMarks(raw: unknown[] | undefined): Map<MarkType, { href?: unknown }> {
  const marks = new Map<MarkType, { href?: unknown }>();
  for (const mark of raw ?? []) {
    if (typeof mark !== 'object' || mark === null) continue;
    const { type, attrs } = mark as { type?: unknown; attrs?: unknown };
    if (typeof type !== 'string' || !(markOrder as readonly string[]).includes(type)) continue;
    const href = typeof attrs === 'object' && attrs !== null ? (attrs as { href?: unknown }).href : undefined;
    marks.set(type as MarkType, { href });
  }
  return marks;
}

/**
 * A link target we may write into the EPUB: an absolute URL with one of the editor's allowed schemes
 * (spec §5). A target without a scheme that looks like a host name gets the default protocol, http;
 * anything else (a relative path, `javascript:`, `file:`, `data:`) is no link at all, its text stays.
 */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const target = cleanText(raw).trim();
  if (target === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  let candidate: string | null;
  if (scheme !== undefined) {
    candidate = (allowedLinkSchemes as readonly string[]).includes(scheme) ? target : null;
  } else if (target.startsWith('//')) {
    candidate = `http:${target}`;
  } else {
    candidate = /^[^\s/?#.][^\s/?#]*\.[^\s/?#]+(?:[/?#]\S*)?$/.test(target) ? `http://${target}` : null;
  }
  if (candidate === null) return null;
  try {
    const url = new URL(candidate);
    // Hierarchical schemes need a host; `http:foo` is a relative reference in disguise.
    if (['http:', 'https:', 'ftp:', 'ftps:'].includes(url.protocol) && url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}
