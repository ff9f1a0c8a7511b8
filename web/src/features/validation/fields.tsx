import { useId, useState, type KeyboardEvent } from 'react';
import { hasKeyword } from '@bookwright/contracts/text';
import { controlClass } from '../../components/fields';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { editOnly } from './list-buttons';

/**
 * A text field of the structure that saves when it is committed (on leaving it, or Enter in a one-line
 * field), never per keystroke. Escape puts back the saved value.
 */
export function EditableText({
  label,
  value,
  onCommit,
  multiline = false,
  rows = 3,
  placeholder,
  autoFocus,
  className = '',
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from outside (a save, a reload, a removed item above) replaces the draft.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }

  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      setDraft(value);
    } else if (event.key === 'Enter' && !multiline) {
      event.preventDefault();
      event.currentTarget.blur();
    }
  };
  const common = {
    id,
    value: draft,
    placeholder,
    autoFocus,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          className={controlClass(false, 'min-h-[3.3rem] resize-y text-[15px] leading-relaxed [field-sizing:content]')}
        />
      ) : (
        <input {...common} type="text" className={controlClass(false)} />
      )}
    </div>
  );
}

/**
 * A list of short texts (themes, tags, key points…): items are added with Enter or the button, trimmed and
 * ignored when empty (spec §5) or already there ignoring case, and removed with their own button. Each
 * change saves at once.
 */
export function EditableList({
  label,
  items,
  onAdd,
  onRemove,
  itemName,
  variant = 'chips',
  placeholder,
}: {
  label: string;
  items: readonly string[];
  onAdd: (item: string) => void;
  onRemove: (index: number) => void;
  /** What one item is called, for the buttons' labels ("theme", "tag"…). */
  itemName: string;
  variant?: 'chips' | 'lines';
  placeholder?: string;
}) {
  const inputId = useId();
  const labelId = useId();
  const [draft, setDraft] = useState('');

  const add = () => {
    const item = draft.trim();
    setDraft('');
    // "Mut" twice, or "Leuchtturm" beside "leuchtturm", is one item (the same rule as keywords).
    if (item && !hasKeyword(items, item)) onAdd(item);
  };

  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="mb-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {label}
      </p>
      {items.length > 0 &&
        (variant === 'chips' ? (
          <ul className="mb-2.5 flex flex-wrap gap-2 in-[fieldset:disabled]:mb-0">
            {items.map((item, index) => (
              <li
                key={`${index}-${item}`}
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-ink-200 bg-ink-50 py-1 pr-1 pl-3 text-sm text-ink-900 in-[fieldset:disabled]:pr-3"
              >
                <span className="truncate">{item}</span>
                <button
                  type="button"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove ${itemName} ${item}`}
                  className={`rounded-full p-1 text-ink-500 hover:bg-ink-100 hover:text-ink-900 ${editOnly}`}
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="mb-2.5 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white in-[fieldset:disabled]:mb-0">
            {items.map((item, index) => (
              <li
                key={`${index}-${item}`}
                className="flex items-start gap-2 py-2 pr-1.5 pl-3 text-[15px] text-stone-800"
              >
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brass-500" aria-hidden="true" />
                <span className="min-w-0 flex-1 py-0.5">{item}</span>
                <button
                  type="button"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove ${itemName} ${item}`}
                  className={`rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800 ${editOnly}`}
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ))}
      <div className={`flex gap-2 ${editOnly}`}>
        <label htmlFor={inputId} className="sr-only">
          {`New ${itemName}`}
        </label>
        <input
          id={inputId}
          type="text"
          value={draft}
          placeholder={placeholder ?? `Add a ${itemName}…`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={controlClass(false, 'py-2 text-sm')}
        />
        <button
          type="button"
          onClick={add}
          aria-label={`Add ${itemName}`}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 shadow-xs hover:border-stone-400 hover:bg-stone-50"
        >
          <PlusIcon className="size-4" />
          Add
        </button>
      </div>
    </div>
  );
}
