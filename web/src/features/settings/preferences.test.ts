import { describe, expect, it } from 'vitest';
import { defaultPreferences, readPreferences } from './preferences';

describe('the stored preferences', () => {
  it('have auto-save on by default', () => {
    expect(defaultPreferences.autoSave).toBe(true);
    expect(readPreferences(undefined).autoSave).toBe(true);
  });

  it('read an interval stored by an earlier version as auto-save on, and keep an explicit off', () => {
    expect(readPreferences({ theme: 'dark', exportFormat: 'pdf', autoSaveMinutes: 30 })).toEqual({
      theme: 'dark',
      exportFormat: 'pdf',
      autoSave: true,
    });
    expect(readPreferences({ autoSave: false }).autoSave).toBe(false);
    expect(readPreferences({ autoSave: 'no' }).autoSave).toBe(true);
  });
});
