import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CoverColorSchemeSchema,
  CoverDimensionsSchema,
  CoverMoodSchema,
  CoverStyleSchema,
  GenerateCoverRequestSchema,
  type GenerateCoverRequest,
} from '@bookwright/contracts/http';
import { SelectField, TextAreaField } from '../../components/fields';
import { Button, Spinner } from '../../components/ui';
import { coverColorSchemeLabels, coverDimensionLabels, coverMoodLabels, coverStyleLabels, coverTexts } from './texts';

const promptMax = 1_000;

/**
 * The cover dialog's generate step (spec §2, §9): Art Style, Mood, Color Scheme, Dimensions (defaults
 * realistic, adventure, warm, 1024x1536), an optional Additional Description, 'Typeset title and author' (on by
 * default), Back and 'Generate Cover' ('Generating Cover...').
 */
export function GenerateStep({
  options,
  onChange,
  busy,
  back,
  onGenerate,
}: {
  options: GenerateCoverRequest;
  onChange: (options: GenerateCoverRequest) => void;
  busy: boolean;
  back: ReactNode;
  onGenerate: (request: GenerateCoverRequest) => void;
}) {
  const [error, setError] = useState<string>();
  const set = <K extends keyof GenerateCoverRequest>(key: K, value: GenerateCoverRequest[K]) =>
    onChange({ ...options, [key]: value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = GenerateCoverRequestSchema.safeParse(options);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? coverTexts.invalidRequest);
      return;
    }
    setError(undefined);
    onGenerate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={coverTexts.generateTitle} aria-busy={busy || undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <CoverChoices options={options} busy={busy} set={set} />
        <TextAreaField
          className="sm:col-span-2"
          label={`${coverTexts.additionalDescription} ${coverTexts.optional}`}
          name="prompt"
          rows={3}
          maxLength={promptMax}
          placeholder={coverTexts.additionalDescriptionPlaceholder}
          value={options.prompt}
          disabled={busy}
          error={error}
          hint={`${options.prompt.length} / ${promptMax}`}
          onChange={(event) => {
            set('prompt', event.target.value);
            if (error) setError(undefined);
          }}
        />
        <TypesetToggle checked={options.typeset} disabled={busy} onChange={(checked) => set('typeset', checked)} />
      </div>
      <p role="status" className="mt-4 flex min-h-5 items-center gap-2 text-sm text-stone-700">
        {busy && (
          <>
            <Spinner className="size-4 text-ink-600" />
            {coverTexts.generatingNote}
          </>
        )}
      </p>
      <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {back}
        <Button type="submit" disabled={busy} busy={busy}>
          {busy ? coverTexts.generatingCover : coverTexts.generateCover}
        </Button>
      </div>
    </form>
  );
}

/** Art Style, Mood, Color Scheme and Dimensions. */
function CoverChoices({
  options,
  busy,
  set,
}: {
  options: GenerateCoverRequest;
  busy: boolean;
  set: <K extends keyof GenerateCoverRequest>(key: K, value: GenerateCoverRequest[K]) => void;
}) {
  return (
    <>
      <ChoiceField
        label={coverTexts.artStyle}
        name="style"
        value={options.style}
        disabled={busy}
        values={CoverStyleSchema.options}
        labels={coverStyleLabels}
        onChange={(value) => set('style', CoverStyleSchema.parse(value))}
      />
      <ChoiceField
        label={coverTexts.mood}
        name="mood"
        value={options.mood}
        disabled={busy}
        values={CoverMoodSchema.options}
        labels={coverMoodLabels}
        onChange={(value) => set('mood', CoverMoodSchema.parse(value))}
      />
      <ChoiceField
        label={coverTexts.colorScheme}
        name="colorScheme"
        value={options.colorScheme}
        disabled={busy}
        values={CoverColorSchemeSchema.options}
        labels={coverColorSchemeLabels}
        onChange={(value) => set('colorScheme', CoverColorSchemeSchema.parse(value))}
      />
      <ChoiceField
        label={coverTexts.dimensions}
        hint={`${options.dimensions.replace('x', ' × ')} px`}
        name="dimensions"
        value={options.dimensions}
        disabled={busy}
        values={CoverDimensionsSchema.options}
        labels={coverDimensionLabels}
        onChange={(value) => set('dimensions', CoverDimensionsSchema.parse(value))}
      />
    </>
  );
}

/** A select of one of the cover's choices. */
function ChoiceField<V extends string>({
  label,
  hint,
  name,
  value,
  disabled,
  values,
  labels,
  onChange,
}: {
  label: string;
  hint?: string;
  name: string;
  value: V;
  disabled: boolean;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      hint={hint}
      name={name}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {values.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </SelectField>
  );
}

/** 'Typeset title and author', with its hint. */
function TypesetToggle({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id={`${id}-typeset`}
        type="checkbox"
        name="typeset"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-typeset-hint`}
        className="mt-0.5 size-4.5 shrink-0 accent-ink-800"
      />
      <div>
        <label htmlFor={`${id}-typeset`} className="text-sm font-medium text-stone-800">
          {coverTexts.typeset}
        </label>
        <p id={`${id}-typeset-hint`} className="text-xs text-stone-600">
          {coverTexts.typesetHint}
        </p>
      </div>
    </div>
  );
}
