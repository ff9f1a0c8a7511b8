import { useId, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Said next to a disabled choice (why it is disabled). */
  note?: string;
}

/**
 * A radio group drawn as cards (the look of the size choice in the creation form): a fieldset and legend,
 * native radios, so arrows move between the choices and assistive technology hears one group.
 */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  columns = 'grid-cols-2',
  disabled = false,
  hint,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  /** Tailwind grid columns of the cards (phone first). */
  columns?: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset disabled={disabled} aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-0.5 mb-2 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          const off = disabled || choice.disabled;
          return (
            <label
              key={choice.value}
              className={`relative flex items-start gap-2.5 rounded-xl border px-3 py-2.5 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ink-300 ${off ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50' : 'cursor-pointer bg-white hover:border-ink-400'} ${checked ? 'border-ink-700 ring-1 ring-ink-700' : 'border-stone-300'}`}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                disabled={choice.disabled}
                onChange={() => onChange(choice.value)}
                className="mt-0.5 size-4 shrink-0 accent-ink-800"
              />
              <span className="min-w-0">
                <span className={`block text-sm font-semibold ${off ? 'text-stone-500' : 'text-stone-900'}`}>
                  {choice.label}
                </span>
                {choice.hint && (
                  <span className={`block text-xs ${off ? 'text-stone-500' : 'text-stone-600'}`}>{choice.hint}</span>
                )}
                {choice.disabled && choice.note && (
                  <span className="mt-0.5 block text-xs font-semibold text-brass-700">{choice.note}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
