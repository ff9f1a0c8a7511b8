import { useId } from 'react';
import { sharingTexts as texts } from '../texts';
import type { RoleChoices } from './roleChoices';

/** The roles to give someone, as radio cards, each said in one line under its name. */
export function RolePicker<R extends string>({
  choices,
  value,
  onChange,
}: {
  choices: RoleChoices<R>;
  value: R;
  onChange: (role: R) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{texts.role}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.roles.map((role) => (
          <label
            key={role}
            className={`flex cursor-pointer gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-300 ${value === role ? 'border-ink-600 bg-ink-50' : 'border-stone-300 hover:border-stone-400'}`}
          >
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${name}-${role}-label`}
              aria-describedby={`${name}-${role}`}
              className="mt-0.5 accent-ink-800"
            />
            <span>
              <span id={`${name}-${role}-label`} className="block font-semibold text-ink-950">
                {choices.labels[role]}
              </span>
              <span id={`${name}-${role}`} className="block text-xs text-stone-600">
                {choices.descriptions[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
