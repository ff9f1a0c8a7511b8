import * as Y from 'yjs';
import { documentHolds } from './held-structs';

/*
 * A shadow of a live document takes a writer's update before the document does, so that the check
 * (suggestions-only.ts) can read the blocks after it without changing the document. Kept lazily: built the
 * first time a check needs one, and brought up to the document's state only when a check needs it again.
 * In between the shadow applies nothing: the document's updates are only kept, in order, to be applied
 * then (a keystroke that needs no shadow costs a reference). What can make the shadow differ from the
 * document drops it, to be built again from the document: an update it took that the document then did
 * not (refused, or dropped after the check), or too many updates kept (past that, building is cheaper and
 * holds less).
 */

export interface DocumentShadows {
  /** A shadow equal to `document`: built, or brought up to date with what the document took since. */
  upToDate(document: Y.Doc): Y.Doc;
  /** `update` went into the shadow after a check let it through: the document should take it next. */
  tookAhead(document: Y.Doc, update: Uint8Array): void;
  /** Drops the document's shadow (it took an update the document never will). */
  drop(document: Y.Doc): void;
  /** Whether the document has a shadow now (for the tests of when one is built). */
  has(document: Y.Doc): boolean;
}

interface Shadow {
  doc: Y.Doc;
  /** The document's updates since the shadow was last brought up to date, and their bytes. */
  kept: Uint8Array[];
  keptBytes: number;
  ahead: Uint8Array | undefined;
  keep: (update: Uint8Array) => void;
  unload: () => void;
}

/** Past either, a document's kept updates drop its shadow (a 100,000-word book builds one in some 100 ms). */
const keptLimits = { updates: 5_000, bytes: 2 * 1024 * 1024 };

export function documentShadows(): DocumentShadows {
  const shadows = new WeakMap<Y.Doc, Shadow>();

  const drop = (document: Y.Doc) => {
    const shadow = shadows.get(document);
    if (!shadow) return;
    document.off('update', shadow.keep);
    document.off('destroy', shadow.unload);
    shadow.doc.destroy();
    shadows.delete(document);
  };

  const build = (document: Y.Doc): Shadow => {
    const doc = new Y.Doc({ gc: document.gc });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(document));
    const shadow: Shadow = {
      doc,
      kept: [],
      keptBytes: 0,
      ahead: undefined,
      // Every update the document takes (people, replicas, writes from outside), the one the shadow took
      // ahead too: Yjs applies what a document holds as nothing.
      keep: (update) => {
        shadow.kept.push(update);
        shadow.keptBytes += update.length;
        if (shadow.kept.length > keptLimits.updates || shadow.keptBytes > keptLimits.bytes) drop(document);
      },
      // Gone with the document when it leaves memory (the map would let it go anyway; this frees it at once).
      unload: () => drop(document),
    };
    document.on('update', shadow.keep);
    document.on('destroy', shadow.unload);
    shadows.set(document, shadow);
    return shadow;
  };

  return {
    upToDate(document) {
      const existing = shadows.get(document);
      if (existing?.ahead && !documentHolds(document, existing.ahead)) drop(document);
      const shadow = shadows.get(document);
      if (!shadow) return build(document).doc;
      shadow.ahead = undefined;
      if (shadow.kept.length > 0) {
        const kept = shadow.kept;
        shadow.kept = [];
        shadow.keptBytes = 0;
        shadow.doc.transact(() => {
          for (const update of kept) Y.applyUpdate(shadow.doc, update);
        });
      }
      return shadow.doc;
    },
    tookAhead(document, update) {
      const shadow = shadows.get(document);
      if (shadow) shadow.ahead = update;
    },
    drop,
    has: (document) => shadows.has(document),
  };
}
