import type * as Y from 'yjs';
import { updateYFragment } from '@tiptap/y-tiptap';
import { bookSchema, fillYDoc, manuscriptFragmentName, yDocToManuscript } from '@bookwright/manuscript';
import type { ManuscriptCodec } from './manuscript-codec';

/** The book's manuscript in Yjs as @bookwright/manuscript defines it: its schema, fragment and conversion. */
export function bookManuscriptCodec(): ManuscriptCodec {
  const schema = bookSchema();
  return {
    fragmentName: manuscriptFragmentName,
    nodeNames: new Set(Object.keys(schema.nodes)),
    markNames: new Set(Object.keys(schema.marks)),
    fill(doc, document) {
      fillYDoc(doc, document);
    },
    read: (doc) => yDocToManuscript(doc),
    replace(doc: Y.Doc, document, origin) {
      const node = schema.nodeFromJSON(document);
      // y-prosemirror's own diff of a fragment against a ProseMirror document: what differs only.
      doc.transact(() => {
        updateYFragment(doc, doc.getXmlFragment(manuscriptFragmentName), node, {
          mapping: new Map(),
          isOMark: new Map(),
        });
      }, origin);
    },
  };
}
