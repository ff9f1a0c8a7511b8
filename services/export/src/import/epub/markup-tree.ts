import { decodeXmlText } from './xml-text';

/**
 * A forgiving reader of XML and XHTML into a small tree: an EPUB's files are XML, but those made by hand or
 * by old tools are not always well formed, and a damaged one must not stop the import. Mismatched end
 * tags close what they match and are otherwise ignored; HTML's void elements need no end tag.
 */
export interface MarkupElement {
  type: 'element';
  /** Lower-cased, with its prefix (`epub:type` stays an attribute, `dc:title` an element name). */
  name: string;
  attrs: Record<string, string>;
  children: MarkupNode[];
}
export interface MarkupText {
  type: 'text';
  text: string;
}
export type MarkupNode = MarkupElement | MarkupText;

const voidElements = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'col', 'area', 'base', 'wbr', 'source']);

const maxDepth = 200;

const token =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/\s*([^\s>]+)\s*>|<([A-Za-z_][^\s/>]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
const attribute = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function parseMarkup(source: string): MarkupElement {
  const root: MarkupElement = { type: 'element', name: '#root', attrs: {}, children: [] };
  const stack: MarkupElement[] = [root];
  let at = 0;
  const addText = (text: string) => {
    if (text.length > 0) stack.at(-1)!.children.push({ type: 'text', text: decodeXmlText(text) });
  };
  for (const match of source.matchAll(token)) {
    addText(source.slice(at, match.index));
    at = match.index + match[0].length;
    const [, cdata, closing, opening, attrs, selfClosing] = match;
    if (cdata !== undefined) {
      stack.at(-1)!.children.push({ type: 'text', text: cdata });
    } else if (closing !== undefined) {
      const name = closing.toLowerCase();
      const index = stack.findLastIndex((element) => element.name === name);
      if (index > 0) stack.length = index;
    } else if (opening !== undefined) {
      const element: MarkupElement = {
        type: 'element',
        name: opening.toLowerCase(),
        attrs: attributesOf(attrs ?? ''),
        children: [],
      };
      stack.at(-1)!.children.push(element);
      // Deeper nesting than any book needs is read flat, so a hostile file cannot exhaust the stack.
      if (!selfClosing && !voidElements.has(element.name) && stack.length < maxDepth) stack.push(element);
    }
  }
  addText(source.slice(at));
  return root;
}

function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of text.matchAll(attribute)) {
    attrs[match[1]!.toLowerCase()] = decodeXmlText(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** Every element under `node` (itself included) named `name`, in document order. */
export function elementsNamed(node: MarkupElement, name: string): MarkupElement[] {
  const found: MarkupElement[] = [];
  const visit = (element: MarkupElement) => {
    if (element.name === name) found.push(element);
    for (const child of element.children) if (child.type === 'element') visit(child);
  };
  visit(node);
  return found;
}

export function firstNamed(node: MarkupElement, name: string): MarkupElement | undefined {
  return elementsNamed(node, name)[0];
}

export function textOf(node: MarkupNode): string {
  return node.type === 'text' ? node.text : node.children.map(textOf).join('');
}
