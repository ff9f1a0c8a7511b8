import type { Connection, Document } from '@hocuspocus/server';
import type { CollabSaveState, CollabSaveStateMessage } from '@bookwright/contracts/http';

/**
 * Each document's save state, told to the people connected to it on this replica as a stateless message
 * (contracts' CollabSaveStateMessage) when it changes and when they connect, so the editor can show
 * "Not saved: retrying" while the book service is away. Per replica: each replica saves what its own
 * people typed.
 */
export class SaveStates {
  readonly #states = new Map<string, CollabSaveState>();

  of(documentName: string): CollabSaveState {
    return this.#states.get(documentName) ?? 'saved';
  }

  set(document: Document, state: CollabSaveState): void {
    if (this.of(document.name) === state) return;
    this.#states.set(document.name, state);
    const message = messageOf(state);
    for (const connection of document.getConnections()) connection.sendStateless(message);
  }

  tell(connection: Connection, documentName: string): void {
    connection.sendStateless(messageOf(this.of(documentName)));
  }

  forget(documentName: string): void {
    this.#states.delete(documentName);
  }
}

const messageOf = (state: CollabSaveState): string =>
  JSON.stringify({ type: 'save-state', state } satisfies CollabSaveStateMessage);
