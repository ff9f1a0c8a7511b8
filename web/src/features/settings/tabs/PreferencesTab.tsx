import { useState } from 'react';
import { SelectField } from '../../../components/fields';
import { settingsTexts } from '../texts';
import { exportFormats, loadPreferences, savePreferences, themes, type Preferences } from '../preferences';
import { MailSettings } from './MailSettings';
import { Panel } from './Panel';

const texts = settingsTexts.preferences;

/** Saved in this browser at once; the theme switches as it is chosen. The mail switches are the account's. */
export function PreferencesTab() {
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);

  function change(next: Partial<Preferences>) {
    const updated = { ...preferences, ...next };
    setPreferences(updated);
    savePreferences(updated);
  }

  return (
    <div className="space-y-6">
      <Panel title={texts.heading} description={texts.note}>
        <div className="max-w-md space-y-6">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">{texts.theme}</legend>
            <div className="inline-flex gap-1 rounded-xl bg-stone-100 p-1">
              {themes.map((theme) => (
                <label
                  key={theme}
                  className={`cursor-pointer rounded-lg px-3.5 py-1.5 text-sm font-semibold has-focus-visible:ring-2 has-focus-visible:ring-ink-400 ${preferences.theme === theme ? 'bg-white text-ink-950 shadow-sm' : 'text-stone-600 hover:text-stone-900'}`}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    checked={preferences.theme === theme}
                    onChange={() => change({ theme })}
                    className="sr-only"
                  />
                  {texts.themes[theme]}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            label={texts.exportFormat}
            name="exportFormat"
            value={preferences.exportFormat}
            onChange={(event) => change({ exportFormat: event.target.value as Preferences['exportFormat'] })}
          >
            {exportFormats.map((format) => (
              <option key={format} value={format}>
                {texts.formats[format]}
              </option>
            ))}
          </SelectField>
          <div className="flex items-start gap-3">
            <input
              id="autoSave"
              name="autoSave"
              type="checkbox"
              role="switch"
              checked={preferences.autoSave}
              onChange={(event) => change({ autoSave: event.target.checked })}
              aria-describedby="autoSave-hint"
              className="mt-0.5 size-5 shrink-0 accent-ink-700"
            />
            <div>
              <label htmlFor="autoSave" className="text-sm font-medium text-stone-800">
                {texts.autoSave}
              </label>
              <p id="autoSave-hint" className="mt-0.5 text-sm text-stone-600">
                {texts.autoSaveHint}
              </p>
            </div>
          </div>
        </div>
      </Panel>
      <MailSettings />
    </div>
  );
}
