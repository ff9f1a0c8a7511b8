import { useId, type ReactNode } from 'react';
import { BookIcon, ChevronRightIcon } from '../../components/icons';
import { Spinner } from '../../components/ui';
import { exportTexts } from './texts';
import type { ExportFormat } from './exportErrors';

export function Tag({ children, tone }: { children: ReactNode; tone: 'green' | 'brass' | 'stone' }) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    brass: 'bg-amber-50 text-brass-700 ring-amber-200',
    stone: 'bg-stone-100 text-stone-600 ring-stone-200',
  };
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide whitespace-nowrap uppercase ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

function PrinterIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      aria-hidden="true"
    >
      <path d="M7 8V3.5h10V8" strokeLinejoin="round" />
      <rect x="3.5" y="8" width="17" height="8.5" rx="2" />
      <path d="M7 13.5h10v7H7z" strokeLinejoin="round" />
      <path d="M17 11h.01" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function GlobeIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.2 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.2-3.5-8.5s1.1-6.1 3.5-8.5Z" />
    </svg>
  );
}

/** A page with lines of text and a folded corner: the Word document. */
function DocumentIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      aria-hidden="true"
    >
      <path d="M14 3.5H7a1.5 1.5 0 0 0-1.5 1.5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8L14 3.5Z" />
      <path d="M14 3.5V8h4.5M9 12.5h6M9 16h6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One option of a dialog's first step: a card with an icon, a title, tags and a hint. The button holds the
 * title only (its accessible name is the visible title) and stretches over the whole card; the tags and the
 * hint are its description.
 */
export function OptionButton({
  icon,
  title,
  hint,
  tags,
  onClick,
  disabled,
  inactive,
  busy,
  busyHint = hint,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  tags?: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  /** Another export is running: the option stays focusable (the focus may be on it) but does nothing. */
  inactive?: boolean;
  busy?: boolean;
  /** Said in place of the hint while busy. */
  busyHint?: string;
}) {
  const id = useId();
  return (
    <li
      className={`group relative flex items-center gap-3.5 rounded-xl border px-4 py-3.5 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ink-400 has-focus-visible:ring-offset-1 ${disabled ? 'border-dashed border-stone-300 bg-stone-50' : 'border-stone-300 bg-white hover:border-ink-400 hover:bg-ink-50/40'}`}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${disabled ? 'bg-stone-200 text-stone-500' : 'bg-ink-50 text-ink-800'}`}
      >
        {busy ? <Spinner className="size-5" /> : icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={inactive ? undefined : onClick}
            disabled={disabled}
            aria-disabled={inactive || undefined}
            aria-describedby={tags ? `${id}-tags ${id}-hint` : `${id}-hint`}
            aria-busy={busy || undefined}
            className={`text-left font-semibold outline-none after:absolute after:inset-0 after:rounded-xl disabled:cursor-not-allowed ${disabled ? 'text-stone-500' : 'text-stone-900'}`}
          >
            {title}
          </button>
          {tags && (
            <span id={`${id}-tags`} className="flex gap-1.5">
              {tags}
            </span>
          )}
        </span>
        <span id={`${id}-hint`} className="mt-0.5 block text-sm text-stone-600">
          {busy ? busyHint : hint}
        </span>
      </span>
      {!disabled && (
        <ChevronRightIcon className="size-4.5 shrink-0 text-stone-400 transition-transform group-hover:translate-x-0.5" />
      )}
    </li>
  );
}

/**
 * The first step of the export dialog (spec §2): EPUB, PDF for Amazon KDP, Word (issue 46), and other
 * platforms to come, last as before.
 * The author's default format (Settings → Preferences) comes first, where the focus lands, and says so.
 */
export function FormatList({
  busy,
  onEpub,
  onPdf,
  onWord,
  preferred = 'epub',
}: {
  busy: ExportFormat | undefined;
  onEpub: () => void;
  onPdf: () => void;
  onWord: () => void;
  preferred?: ExportFormat;
}) {
  const defaultTag = <Tag tone="stone">{exportTexts.defaultFormat}</Tag>;
  const epub = (
    <OptionButton
      key="epub"
      icon={<BookIcon className="size-5" />}
      title={exportTexts.epub}
      hint={exportTexts.epubHint}
      tags={preferred === 'epub' ? defaultTag : undefined}
      onClick={onEpub}
      inactive={busy !== undefined}
      busy={busy === 'epub'}
      busyHint={exportTexts.exporting}
    />
  );
  const pdf = (
    <OptionButton
      key="pdf"
      icon={<PrinterIcon />}
      title={exportTexts.kdp}
      hint={exportTexts.kdpHint}
      tags={
        <>
          {preferred === 'pdf' && <>{defaultTag} </>}
          <Tag tone="green">{exportTexts.podReady}</Tag> <Tag tone="brass">{exportTexts.new}</Tag>
        </>
      }
      onClick={onPdf}
      inactive={busy !== undefined}
    />
  );
  return (
    <ul aria-label={exportTexts.formatsLabel} className="space-y-2.5">
      {preferred === 'pdf' ? [pdf, epub] : [epub, pdf]}
      <OptionButton
        icon={<DocumentIcon />}
        title={exportTexts.word}
        hint={exportTexts.wordHint}
        tags={<Tag tone="brass">{exportTexts.new}</Tag>}
        onClick={onWord}
        inactive={busy !== undefined}
      />
      <OptionButton
        icon={<GlobeIcon />}
        title={exportTexts.otherPlatforms}
        hint={exportTexts.otherPlatformsHint}
        tags={<Tag tone="stone">{exportTexts.comingSoon}</Tag>}
        disabled
      />
    </ul>
  );
}
