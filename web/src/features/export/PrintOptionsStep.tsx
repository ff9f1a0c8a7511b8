import { useId } from 'react';
import {
  exportMessages,
  trimSizes,
  type ExportType,
  type ExportValidation,
  type PaperColor,
  type TrimSize,
} from '@bookwright/contracts/http';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { Spinner } from '../../components/ui';
import { ChoiceCards, type Choice } from './ChoiceCards';
import { exportTexts } from './texts';

/** Spec §3's print export options the author chooses (platform is always kdp). */
export interface PrintChoice {
  trimSize: TrimSize;
  paperColor: PaperColor;
  bleed: boolean;
  isPaperback: boolean;
  exportType: ExportType;
}

const cm = (inches: number) => (inches * 2.54).toFixed(1);
const trimChoices: Choice<TrimSize>[] = trimSizes.map((t) => ({
  value: t.value,
  label: `${t.widthIn} × ${t.heightIn} in`,
  hint: `${cm(t.widthIn)} × ${cm(t.heightIn)} cm`,
}));
const paperChoices: Choice<PaperColor>[] = [
  { value: 'white', label: exportTexts.paperWhite },
  { value: 'cream', label: exportTexts.paperCream },
];
const bindingChoices: Choice<'paperback' | 'hardcover'>[] = [
  { value: 'paperback', label: exportTexts.paperback },
  // Said before it is picked: a hardcover's cover wrap cannot be made here (see the export options below).
  { value: 'hardcover', label: exportTexts.hardcover, hint: exportTexts.hardcoverInteriorOnly },
];

/**
 * What can be exported: a cover needs the book's cover image, and a paperback (hardcover cover PDFs are not
 * available, exportMessages.hardcoverCoverUnavailable). Choices that would be refused are disabled, with
 * the reason shown on them.
 */
function exportTypeChoices(hasCover: boolean, isPaperback: boolean): Choice<ExportType>[] {
  const coverRefusal = !isPaperback
    ? exportMessages.hardcoverCoverUnavailable
    : !hasCover
      ? exportMessages.coverRequired
      : undefined;
  const coverChoice = { disabled: coverRefusal !== undefined, note: coverRefusal };
  return [
    { value: 'interior', label: exportTexts.interiorOnly, hint: exportTexts.interiorHint },
    { value: 'cover', label: exportTexts.coverOnly, hint: exportTexts.coverHint, ...coverChoice },
    { value: 'both', label: exportTexts.both, hint: exportTexts.bothHint, ...coverChoice },
  ];
}

/** The result of validate-export for the current options: the warnings panel of spec §2 and the numbers. */
function ValidationPanel({
  validation,
  checking,
  checkFailed,
}: {
  validation: ExportValidation | undefined;
  checking: boolean;
  checkFailed: boolean;
}) {
  const warnings = validation?.warnings ?? [];
  const suggestions = validation?.suggestions ?? [];
  const invalid = validation !== undefined && !validation.isValid;
  // Not valid: the warnings panel (spec §2). Valid: what KDP would still remark, and the suggestions.
  const panelTitle = invalid
    ? exportTexts.warningsTitle
    : warnings.length > 0
      ? exportTexts.notesTitle
      : exportTexts.suggestionsTitle;
  return (
    <div aria-live="polite" className="space-y-3" data-testid="export-validation">
      <p className="flex min-h-5 flex-wrap items-center gap-x-2 text-sm text-stone-700">
        {checking ? (
          <>
            <Spinner className="size-3.5 text-ink-600" />
            <span>{exportTexts.checking}</span>
          </>
        ) : checkFailed ? (
          <span>{exportTexts.checkFailed}</span>
        ) : validation ? (
          <>
            <span className="font-semibold text-stone-900">
              {validation.printPageCount === null
                ? exportTexts.estimatedPages(validation.pageCount)
                : exportTexts.printPages(validation.printPageCount)}
            </span>
            {validation.spineWidthIn !== null && (
              <>
                <span aria-hidden="true">·</span>
                <span>{exportTexts.spine(validation.spineWidthIn)}</span>
              </>
            )}
          </>
        ) : null}
      </p>
      {validation && (invalid || warnings.length > 0 || suggestions.length > 0) && (
        <section
          aria-label={panelTitle}
          tabIndex={-1}
          data-testid={invalid ? 'export-warnings' : 'export-notes'}
          data-export-warnings={invalid || undefined}
          className={`scroll-mt-4 rounded-xl border px-4 py-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 ${invalid ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-stone-200 bg-stone-50 text-stone-800'}`}
        >
          <h3 className="flex items-center gap-2 font-semibold">
            {invalid && (
              <svg viewBox="0 0 20 20" className="size-4.5 shrink-0 text-amber-700" aria-hidden="true">
                <path d="M10 2.8 18 17H2L10 2.8Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <path d="M10 8v4M10 14.5h.01" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            )}
            {panelTitle}
          </h3>
          {warnings.length > 0 && (
            <ul className="mt-1.5 list-disc space-y-1 pl-5">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {suggestions.length > 0 && (
            <>
              {panelTitle !== exportTexts.suggestionsTitle && (
                <h4 className="mt-2.5 font-semibold">{exportTexts.suggestionsTitle}</h4>
              )}
              <ul className="mt-1.5 list-disc space-y-1 pl-5">
                {suggestions.map((suggestion) => (
                  <li key={suggestion}>{suggestion}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}

function BleedSwitch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-stone-300 bg-white px-3.5 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {exportTexts.bleed}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-stone-600">
          {exportTexts.bleedHint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-ink-800' : 'bg-stone-400'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}

/** The 'PDF Export Options' step (spec §2): live validation, the KDP requirements and the print options. */
export function PrintOptionsStep({
  print,
  onChange,
  hasCover,
  validation,
  checking,
  checkFailed,
  disabled,
}: {
  print: PrintChoice;
  onChange: (change: Partial<PrintChoice>) => void;
  hasCover: boolean;
  validation: ExportValidation | undefined;
  checking: boolean;
  checkFailed: boolean;
  disabled: boolean;
}) {
  return (
    <div className="space-y-5">
      <ValidationPanel validation={validation} checking={checking} checkFailed={checkFailed} />

      <section aria-labelledby="kdp-requirements" className="rounded-xl bg-ink-50/60 px-4 py-3">
        <h3 id="kdp-requirements" className="text-sm font-semibold text-ink-950">
          {exportTexts.requirementsTitle}
        </h3>
        <ul className="mt-1.5 flex flex-col gap-1 text-sm text-stone-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {exportTexts.requirements.map((requirement) => {
            // "Fonts embedded" is ticked only when every character of the book has a glyph (the check says which lack one).
            const missing = requirement === 'Fonts embedded' ? (validation?.missingGlyphs.length ?? 0) : 0;
            return (
              <li key={requirement} className="flex items-start gap-1.5">
                {missing > 0 ? (
                  <CloseIcon className="mt-0.5 size-4 shrink-0 text-amber-700" />
                ) : (
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                )}
                <span>{missing > 0 ? exportTexts.fontsMissing(missing) : requirement}</span>
              </li>
            );
          })}
        </ul>
      </section>

      <ChoiceCards
        legend={exportTexts.trimSize}
        name="trimSize"
        value={print.trimSize}
        onChange={(trimSize) => onChange({ trimSize })}
        choices={trimChoices}
        columns="grid-cols-2 sm:grid-cols-3"
        disabled={disabled}
      />
      <ChoiceCards
        legend={exportTexts.paper}
        name="paperColor"
        value={print.paperColor}
        onChange={(paperColor) => onChange({ paperColor })}
        choices={paperChoices}
        disabled={disabled}
      />
      <ChoiceCards
        legend={exportTexts.binding}
        name="binding"
        value={print.isPaperback ? 'paperback' : 'hardcover'}
        onChange={(binding) =>
          // A hardcover has no cover PDF: an export type that needs one falls back to the interior.
          onChange(
            binding === 'hardcover' && print.exportType !== 'interior'
              ? { isPaperback: false, exportType: 'interior' }
              : { isPaperback: binding === 'paperback' },
          )
        }
        choices={bindingChoices}
        disabled={disabled}
      />
      <BleedSwitch checked={print.bleed} onChange={(bleed) => onChange({ bleed })} disabled={disabled} />
      <ChoiceCards
        legend={exportTexts.exportType}
        name="exportType"
        value={print.exportType}
        onChange={(exportType) => onChange({ exportType })}
        choices={exportTypeChoices(hasCover, print.isPaperback)}
        columns="grid-cols-1"
        disabled={disabled}
      />
    </div>
  );
}
