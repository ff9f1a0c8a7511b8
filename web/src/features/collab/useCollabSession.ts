import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { fetchCollabToken } from './collabApi';
import { CollabSession, type CollabState } from './collabSession';
import type { PresenceUser } from './presence';

const connectingState: CollabState = {
  phase: 'connecting',
  connected: false,
  online: true,
  unsynced: 0,
  serverSave: undefined,
  readOnly: false,
  discardedLocalCopy: false,
};
const noSubscription = () => () => undefined;

/**
 * The live session of the open book, made when the page opens it and ended when it leaves: its state (ready,
 * saved, read-only) re-renders the page; its document and awareness feed the editor. A close or refusal by
 * the server reads the book again, as the live stream's role change does, so the page shows the new role or
 * that the book is gone.
 */
export function useCollabSession(bookId: string, user: PresenceUser | undefined) {
  const dispatch = useAppDispatch();
  const [session, setSession] = useState<CollabSession>();
  const userId = user?.id;
  const userName = user?.name;
  const userColor = user?.color;

  useEffect(() => {
    if (!userId || userName === undefined || userColor === undefined) return;
    const started = new CollabSession({
      bookId,
      user: { id: userId, name: userName, color: userColor },
      fetchToken: () => fetchCollabToken(dispatch, bookId),
      location: window.location,
      accessChanged: () => dispatch(api.util.invalidateTags([{ type: 'Book', id: bookId }, 'Books'])),
    });
    // The session is made here, not in render: it opens a socket and must end with this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(started);
    void started.start();
    return () => {
      started.destroy();
      setSession(undefined);
    };
  }, [dispatch, bookId, userId, userName, userColor]);

  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getState ?? (() => connectingState),
  );
  return { session, state };
}
