import { describe, expect, it } from 'vitest';
import { saveStatusText } from '../editor/saving/SaveStatus';
import { liveSaveState, type LiveSaveInputs } from './liveSaveState';

const base: LiveSaveInputs = { online: true, connected: true, unsynced: 0, serverSave: 'saved' };
const text = (inputs: Partial<LiveSaveInputs>) => saveStatusText(liveSaveState({ ...base, ...inputs }), true);

describe('the save status of a live book', () => {
  it('is "All changes saved" once the server has this page’s edits and stored them', () => {
    expect(text({})).toBe('All changes saved');
    expect(text({ serverSave: undefined })).toBe('All changes saved');
  });

  it('is "Saving…" while edits are on their way or the server is storing them', () => {
    expect(text({ unsynced: 2 })).toBe('Saving…');
    expect(text({ serverSave: 'saving' })).toBe('Saving…');
  });

  it('is "Not saved: retrying" when the server cannot store, or the socket is down with edits to send', () => {
    expect(text({ serverSave: 'retrying' })).toBe('Not saved: retrying');
    expect(text({ connected: false, unsynced: 1 })).toBe('Not saved: retrying');
  });

  it('says the edits are kept on this device while the browser is offline', () => {
    expect(text({ online: false, connected: false, unsynced: 3 })).toBe('Offline: changes are kept on this device');
  });

  it('has nothing to say of a connection that is down while this page has no edit waiting', () => {
    expect(text({ online: false, connected: false, serverSave: 'retrying' })).toBe('All changes saved');
    expect(text({ connected: false, serverSave: undefined })).toBe('All changes saved');
  });
});
