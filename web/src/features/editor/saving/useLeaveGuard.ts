import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { signOutPath } from '../../shell/useSignOut';
import { failingStates } from './manuscriptSaver';
import type { ManuscriptSaves } from './useManuscriptSaves';

/**
 * Leaving the page in the app with changes not on the server yet: they are saved first; only a save that
 * fails (or autosave being off) asks. Closing the tab is the saver's (pagehide) and the draft's.
 */
export function useLeaveGuard({
  dirty,
  autosave,
  saves,
}: {
  dirty: boolean;
  autosave: boolean;
  saves: ManuscriptSaves;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  // Signing out clears this user's drafts, so only then are the unsaved changes really lost.
  const signingOut = blocked && blocker.location.pathname === signOutPath;
  const askAtOnce = !autosave || failingStates.has(saves.state);
  const [flushFailed, setFlushFailed] = useState(false);
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  useEffect(() => {
    if (!blocked) return;
    saves.writeDraftNow();
    if (askAtOnce) return;
    void saves.flush().then((clean) => {
      if (clean) blockerRef.current.proceed?.();
      else setFlushFailed(true);
    });
    // Once per blocked navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
  return {
    /** Whether to ask the author: the changes could not be saved first. */
    asking: blocked && (askAtOnce || flushFailed),
    signingOut,
    stay: () => {
      setFlushFailed(false);
      blocker.reset?.();
    },
    leave: () => {
      setFlushFailed(false);
      blocker.proceed?.();
    },
  };
}

export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
