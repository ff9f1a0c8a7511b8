import * as Y from 'yjs';
import type { ManuscriptCodec } from '../documents/manuscript-codec';
import { markNameOfKey } from './yjs-mark-keys';

/**
 * Why an update may not enter a book's live document, or undefined when it may: it must decode, stay in
 * the manuscript's fragment, and create only the schema's nodes and marks (no subdocuments, no binary, no
 * types the editor never makes). The book service checks every stored document against the whole schema;
 * this keeps what it cannot store out of the document in the first place.
 */
export function updateProblem(update: Uint8Array, codec: ManuscriptCodec): string | undefined {
  let structs: ReturnType<typeof Y.decodeUpdate>['structs'];
  try {
    structs = Y.decodeUpdate(update).structs;
  } catch {
    return 'the update does not decode';
  }
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (typeof struct.parent === 'string' && struct.parent !== codec.fragmentName)
      return `the update writes outside the manuscript (${struct.parent})`;
    const problem = contentProblem(struct.content, codec);
    if (problem) return problem;
  }
  return undefined;
}

function contentProblem(content: Y.Item['content'], codec: ManuscriptCodec): string | undefined {
  if (content instanceof Y.ContentType) {
    const type = content.type;
    if (type instanceof Y.XmlElement)
      return codec.nodeNames.has(type.nodeName) ? undefined : `unknown node ${type.nodeName}`;
    if (type instanceof Y.XmlText) return undefined;
    return 'a shared type the editor never makes';
  }
  if (content instanceof Y.ContentFormat) {
    return codec.markNames.has(markNameOfKey(content.key)) ? undefined : `unknown mark ${content.key}`;
  }
  if (content instanceof Y.ContentDoc || content instanceof Y.ContentBinary || content instanceof Y.ContentEmbed)
    return 'content the editor never makes';
  return undefined;
}
