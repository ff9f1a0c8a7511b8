import * as Y from 'yjs';
import type { Extension } from '@hocuspocus/server';
import type { Logger } from '@bookwright/kit';
import type { ManuscriptCodec } from '../documents/manuscript-codec';
import { closeWith } from './close-reasons';
import { syncContentOf } from './sync-message';
import { suggestionsOnly } from './suggestions-only';
import { updateProblem } from './update-check';
import type { LiveContext } from './live-context';

/**
 * Every message of an open connection passes here before Hocuspocus applies it. A message that does not
 * decode, a write from a read-only person, an update the book's schema cannot hold, an editor's update
 * that changes the book other than by suggestions, or anyone's suggestion in someone else's name
 * (suggestions-only.ts) closes that connection (what is
 * thrown here closes it, with its reason) and leaves the document as it was: nothing of the message has
 * been applied yet. Hocuspocus alone would drop a read-only write silently and apply anything that decodes.
 */
export function messageGuard(codec: ManuscriptCodec, logger: Logger): Extension {
  const suggestionsProblem = suggestionsOnly();
  return {
    extensionName: 'bookwright-message-guard',
    async beforeHandleMessage({ connection, update, document, context }) {
      const who = context as LiveContext;
      let sync: ReturnType<typeof syncContentOf>;
      try {
        sync = syncContentOf(update);
      } catch {
        logger.warn({ userId: who.userId, bookId: who.bookId }, 'collab: a message that does not decode');
        throw closeWith('invalid-message');
      }
      if (sync.kind === 'none') return;
      if (connection.readOnly) {
        // A read-only client answers the server's first sync step with what it holds: nothing new is fine.
        if (sync.kind === 'step2' && holdsAlready(document, sync.content)) return;
        logger.warn(
          { userId: who.userId, bookId: who.bookId, role: who.role },
          'collab: a write from a read-only person',
        );
        throw closeWith('read-only');
      }
      const malformed = updateProblem(sync.content, codec);
      if (malformed) {
        logger.warn(
          { userId: who.userId, bookId: who.bookId, role: who.role, problem: malformed },
          'collab: an update refused',
        );
        throw closeWith('invalid-message');
      }
      const problem = suggestionsProblem(document, sync.content, who.userId, who.role);
      if (problem) {
        // What a page of this person may not do (an editor's edit that is not a suggestion, anyone's
        // suggestion in someone else's name, an editor taking another's comment anchor off): told by its
        // reason, not a fault of the service.
        logger.info({ userId: who.userId, bookId: who.bookId, role: who.role, problem }, 'collab: an update refused');
        throw closeWith('invalid-message');
      }
    },
  };
}

function holdsAlready(document: Y.Doc, update: Uint8Array): boolean {
  try {
    return Y.snapshotContainsUpdate(Y.snapshot(document), update);
  } catch {
    return false;
  }
}
