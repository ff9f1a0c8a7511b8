import type { DeclaredMetadata } from '../source/source-document';
import { decodeXmlText } from '../epub/xml-text';

/** The title and author Word keeps in its document properties (docProps/core.xml), when set. */
export function coreProperties(xml: string | undefined): DeclaredMetadata {
  if (!xml) return {};
  const field = (tag: string) => {
    const raw = new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}>`).exec(xml)?.[1];
    const text = raw === undefined ? '' : decodeXmlText(raw).trim();
    return text.length > 0 ? text : undefined;
  };
  const title = field('dc:title');
  const author = field('dc:creator');
  return { ...(title ? { title } : {}), ...(author ? { author } : {}) };
}
