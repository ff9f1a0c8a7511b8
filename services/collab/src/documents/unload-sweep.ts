import type { Hocuspocus } from '@hocuspocus/server';

/**
 * A safety net under Hocuspocus's own unloading: every `everyMs` it unloads the documents nobody is
 * connected to that have nothing to save. Hocuspocus 3.4.4 unloads on the last disconnect and after a
 * failed store (issue #954 is fixed there); this catches whatever path a future version or an extension
 * leaves a document behind on (issue #846: a failed store under the Redis extension), so memory follows
 * the people in the books.
 */
export function startUnloadSweep(
  instance: Hocuspocus,
  options: { everyMs: number; hasUnsaved: (documentName: string) => boolean },
): () => void {
  const timer = setInterval(() => {
    for (const document of [...instance.documents.values()]) {
      if (document.getConnectionsCount() > 0 || options.hasUnsaved(document.name)) continue;
      if (instance.shouldUnloadDocument(document)) void instance.unloadDocument(document);
    }
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
