import * as Y from 'yjs';
import { documentHolds } from './held-structs';

/*
 * A shadow of a live document takes a writer's update before the document does, so that the check
 * (suggestions-only.ts) can read the blocks after it without changing the document. Kept lazily: built the
 * first time a check needs one, and brought up to the document's state only when a check needs it again.
 * In between the shadow applies nothing: the document's updates are only kept, in order, to be applied
 * then (a keystroke that needs no shadow costs a reference).
 *
 * The document is not yet the whole truth when a check runs. Hocuspocus checks a page's next message
 * before it has applied the one before (two keystrokes in one read of the socket): every update let
 * through, checked or not, is held as in flight until the document holds it, and a shadow brought up to
 * date takes those too, or the next update would build on what the shadow lacks and be refused.
 *
 * What can make the shadow differ from the document drops it, to be built again: an update it took that
 * the document then did not take (refused at the check, or never applied within `inFlightMs`), or too many
 * updates kept (past that, building is cheaper and holds less).
 */

export interface DocumentShadows {
  /** A shadow equal to `document` and the updates in flight to it: built, or brought up to date. */
  upToDate(document: Y.Doc): Y.Doc;
  /** `update` was let through (checked on the shadow or not): the document should take it next. */
  letThrough(document: Y.Doc, update: Uint8Array): void;
  /** Drops the document's shadow (it took an update the document never will). */
  drop(document: Y.Doc): void;
  /** Whether the document has a shadow now (for the tests of when one is built). */
  has(document: Y.Doc): boolean;
  /** How many updates let through the document does not hold yet, as far as this knows (tests). */
  inFlight(document: Y.Doc): number;
}

interface Shadow {
  doc: Y.Doc;
  /** The document's updates since the shadow was last brought up to date, and their bytes. */
  kept: Uint8Array[];
  keptBytes: number;
  keep: (update: Uint8Array) => void;
  unload: () => void;
}

interface InFlight {
  update: Uint8Array;
  /** When it was let through (ms): an update not applied long after never will be. */
  at: number;
}

/** Past either, a document's kept updates drop its shadow (a 100,000-word book builds one in some 100 ms). */
const keptLimits = { updates: 5_000, bytes: 2 * 1024 * 1024 };
/** An update let through and still not in the document after this was dropped on its way (a closed socket). */
const inFlightMs = 10_000;
/** Past this many in flight, the ones the document holds are let go at the next letThrough. */
const inFlightSweepAbove = 64;

export function documentShadows(now: () => number = Date.now): DocumentShadows {
  const shadows = new WeakMap<Y.Doc, Shadow>();
  const inFlight = new WeakMap<Y.Doc, InFlight[]>();

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
      // Every update the document takes (people, replicas, writes from outside), those the shadow took ahead
      // too: Yjs applies what a document holds as nothing.
      keep: (update) => {
        shadow.kept.push(update);
        shadow.keptBytes += update.length;
        if (shadow.kept.length > keptLimits.updates || shadow.keptBytes > keptLimits.bytes) drop(document);
      },
      // Gone with the document when it leaves memory (the map would let it go anyway; this frees it at once).
      unload: () => {
        drop(document);
        inFlight.delete(document);
      },
    };
    document.on('update', shadow.keep);
    document.on('destroy', shadow.unload);
    shadows.set(document, shadow);
    return shadow;
  };

  /**
   * The updates still in flight to `document`, those it holds now let go. One never applied in time is let
   * go too, and with it the shadow, which may hold it.
   */
  const stillInFlight = (document: Y.Doc): InFlight[] => {
    const list = inFlight.get(document);
    if (!list) return [];
    const at = now();
    const left = list.filter(({ update, at: letAt }) => {
      if (documentHolds(document, update)) return false;
      if (at - letAt <= inFlightMs) return true;
      drop(document);
      return false;
    });
    if (left.length > 0) inFlight.set(document, left);
    else inFlight.delete(document);
    return left;
  };

  return {
    upToDate(document) {
      const pending = stillInFlight(document);
      const shadow = shadows.get(document) ?? build(document);
      const kept = shadow.kept;
      if (kept.length > 0 || pending.length > 0) {
        shadow.kept = [];
        shadow.keptBytes = 0;
        shadow.doc.transact(() => {
          for (const update of kept) Y.applyUpdate(shadow.doc, update);
          for (const { update } of pending) Y.applyUpdate(shadow.doc, update);
        });
      }
      return shadow.doc;
    },
    letThrough(document, update) {
      const list = inFlight.get(document);
      if (!list) inFlight.set(document, [{ update, at: now() }]);
      else {
        list.push({ update, at: now() });
        if (list.length > inFlightSweepAbove) stillInFlight(document);
      }
    },
    drop,
    has: (document) => shadows.has(document),
    inFlight: (document) => stillInFlight(document).length,
  };
}
