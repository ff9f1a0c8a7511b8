import { useId, useState } from 'react';
import { controlClass } from '../../../components/fields';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { metadataTexts } from './texts';
import { addKeywords, splitAtLastComma } from './keywords';

/** Subject/Keywords as chips: added on Enter, comma, leaving the field or the button (spec §5). */
export function KeywordsInput({
  label,
  keywords,
  onChange,
}: {
  label: string;
  keywords: readonly string[];
  onChange: (keywords: readonly string[]) => void;
}) {
  const id = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');

  const commit = (text: string) => {
    const next = addKeywords(keywords, text);
    if (next !== keywords) onChange(next);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {keywords.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Keywords">
          {keywords.map((keyword) => (
            <li
              key={keyword}
              className="inline-flex max-w-full items-center gap-0.5 rounded-full border border-ink-200 bg-ink-50 py-0.5 pr-0.5 pl-2.5 text-sm text-ink-900"
            >
              <span className="truncate">{keyword}</span>
              <button
                type="button"
                onClick={() => onChange(keywords.filter((k) => k !== keyword))}
                aria-label={`Remove keyword ${keyword}`}
                className="rounded-full p-1 text-ink-500 hover:bg-ink-100 hover:text-ink-900"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={draft}
          placeholder={metadataTexts.keywordsPlaceholder}
          aria-describedby={hintId}
          autoComplete="off"
          onChange={(event) => {
            const { complete, rest } = splitAtLastComma(event.target.value);
            if (complete) commit(complete);
            setDraft(rest);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(draft);
              setDraft('');
            }
          }}
          onBlur={() => {
            commit(draft);
            setDraft('');
          }}
          className={controlClass(false, 'min-w-0 py-2 text-sm')}
        />
        <button
          type="button"
          aria-label="Add keyword"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            commit(draft);
            setDraft('');
          }}
          className="inline-flex shrink-0 items-center rounded-lg border border-stone-300 bg-white px-2.5 text-stone-700 shadow-xs hover:bg-stone-50"
        >
          <PlusIcon className="size-4.5" />
        </button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-stone-600">
        Separate keywords with commas.
      </p>
    </div>
  );
}
