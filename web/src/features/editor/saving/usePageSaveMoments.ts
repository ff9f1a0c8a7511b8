import { useEffect } from 'react';
import { fitsKeepalive } from './conditionalRequests';
import { failingStates, type ManuscriptSaver } from './manuscriptSaver';

/**
 * The page's moments to save: hidden, unfocused, left, back online. The listeners are set once per page;
 * when it goes, `stop` ends what else is pending and the saver is disposed.
 */
export function usePageSaveMoments(saver: ManuscriptSaver, writeDraftNow: () => void, stop: () => void) {
  useEffect(() => {
    saver.resume();
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      writeDraftNow();
      void saver.saveIfAutosave();
    };
    const onBlur = () => void saver.saveIfAutosave();
    const onPageHide = () => {
      writeDraftNow();
      saver.leave((bookContent) => fitsKeepalive({ bookContent }));
    };
    const onOnline = () => saver.online();
    // The browser's own question, only when leaving would keep the text on this device alone.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.dirty() || (saver.autosaving && !failingStates.has(saver.state))) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      stop();
      saver.dispose();
    };
    // writeDraftNow and stop read refs and the saver only; the listeners are set once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saver]);
}
