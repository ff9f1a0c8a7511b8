export type Theme = 'light' | 'dark' | 'system';
export type ExportFormatPreference = 'epub' | 'pdf';

/** Preferences live in this browser only (spec §2: nothing is saved anywhere else). */
export interface Preferences {
  theme: Theme;
  exportFormat: ExportFormatPreference;
  /**
   * Whether the editor saves by itself (2 s after typing stops, at least every 15 s); on by default. The spec's
   * 1–60 minute interval became this switch: docs/decisions/0014-autosave-on-off.md.
   */
  autoSave: boolean;
}

export const themes: readonly Theme[] = ['light', 'dark', 'system'];
export const exportFormats: readonly ExportFormatPreference[] = ['epub', 'pdf'];
export const defaultPreferences: Preferences = { theme: 'system', exportFormat: 'epub', autoSave: true };

const storageKey = 'bookwright.preferences';

/** Whatever is stored, each value that is not one we know falls back to its default. */
export function readPreferences(value: unknown): Preferences {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    theme: themes.includes(stored.theme as Theme) ? (stored.theme as Theme) : defaultPreferences.theme,
    exportFormat: exportFormats.includes(stored.exportFormat as ExportFormatPreference)
      ? (stored.exportFormat as ExportFormatPreference)
      : defaultPreferences.exportFormat,
    // An interval stored by an earlier version (autoSaveMinutes) means autosave was on: it stays on.
    autoSave: typeof stored.autoSave === 'boolean' ? stored.autoSave : defaultPreferences.autoSave,
  };
}

export function loadPreferences(): Preferences {
  try {
    const raw = window.localStorage.getItem(storageKey);
    return raw ? readPreferences(JSON.parse(raw)) : defaultPreferences;
  } catch {
    return defaultPreferences;
  }
}

export function savePreferences(preferences: Preferences): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(readPreferences(preferences)));
  } catch {
    // Private mode or a full quota: the choice still applies to this page.
  }
  applyTheme(preferences.theme);
}

let stopFollowingSystem: (() => void) | undefined;

/** Sets `data-theme` on <html>; `system` follows the operating system's setting as it changes. */
export function applyTheme(theme: Theme): void {
  stopFollowingSystem?.();
  stopFollowingSystem = undefined;
  const root = document.documentElement;
  if (theme !== 'system' || typeof window.matchMedia !== 'function') {
    root.dataset.theme = theme === 'dark' ? 'dark' : 'light';
    return;
  }
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const follow = () => {
    root.dataset.theme = query.matches ? 'dark' : 'light';
  };
  follow();
  query.addEventListener('change', follow);
  stopFollowingSystem = () => query.removeEventListener('change', follow);
}
