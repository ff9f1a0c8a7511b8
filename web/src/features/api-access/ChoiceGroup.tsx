import { useId } from 'react';

/**
 * A group of checkboxes, each with a one-line explanation under its name (a token's scopes, a webhook's
 * events). The legend names the group; an error is tied to the group for screen readers.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  describe,
  selected,
  onChange,
  error,
  columns = 1,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  describe: (choice: T) => string;
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  error?: string | undefined;
  /** Two side by side from the small breakpoint on, for a long list (the events). */
  columns?: 1 | 2;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (choice: T, on: boolean) =>
    onChange(choices.filter((c) => (c === choice ? on : selected.includes(c))));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      <ul className={columns === 2 ? 'grid gap-1 sm:grid-cols-2' : 'space-y-1'}>
        {choices.map((choice) => (
          <li key={choice}>
            <label className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-stone-50">
              <input
                type="checkbox"
                name={name}
                value={choice}
                checked={selected.includes(choice)}
                onChange={(event) => toggle(choice, event.target.checked)}
                aria-describedby={`${id}-${choice}`}
                className="mt-1 size-4 shrink-0 accent-ink-700"
              />
              <span className="min-w-0">
                <span className="block font-mono text-sm text-stone-900">{choice}</span>
                <span id={`${id}-${choice}`} className="block text-xs text-stone-600">
                  {describe(choice)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
