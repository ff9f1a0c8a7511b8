import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CoverColorSchemeSchema,
  CoverDimensionsSchema,
  CoverMoodSchema,
  CoverStyleSchema,
  GenerateCoverRequestSchema,
  type GenerateCoverRequest,
} from '@bookwright/contracts';
import { SelectField, TextAreaField } from '../../components/fields';
import { Button, Spinner } from '../../components/ui';
import {
  coverColorSchemeLabels,
  coverDimensionLabels,
  coverMoodLabels,
  coverStyleLabels,
  coverTexts,
} from '../../texts';

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
  const id = useId();
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
        <SelectField
          label={coverTexts.artStyle}
          name="style"
          value={options.style}
          disabled={busy}
          onChange={(event) => set('style', CoverStyleSchema.parse(event.target.value))}
        >
          {CoverStyleSchema.options.map((value) => (
            <option key={value} value={value}>
              {coverStyleLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={coverTexts.mood}
          name="mood"
          value={options.mood}
          disabled={busy}
          onChange={(event) => set('mood', CoverMoodSchema.parse(event.target.value))}
        >
          {CoverMoodSchema.options.map((value) => (
            <option key={value} value={value}>
              {coverMoodLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={coverTexts.colorScheme}
          name="colorScheme"
          value={options.colorScheme}
          disabled={busy}
          onChange={(event) => set('colorScheme', CoverColorSchemeSchema.parse(event.target.value))}
        >
          {CoverColorSchemeSchema.options.map((value) => (
            <option key={value} value={value}>
              {coverColorSchemeLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={coverTexts.dimensions}
          hint={`${options.dimensions.replace('x', ' × ')} px`}
          name="dimensions"
          value={options.dimensions}
          disabled={busy}
          onChange={(event) => set('dimensions', CoverDimensionsSchema.parse(event.target.value))}
        >
          {CoverDimensionsSchema.options.map((value) => (
            <option key={value} value={value}>
              {coverDimensionLabels[value]}
            </option>
          ))}
        </SelectField>
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
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id={`${id}-typeset`}
            type="checkbox"
            name="typeset"
            checked={options.typeset}
            disabled={busy}
            onChange={(event) => set('typeset', event.target.checked)}
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
