import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type * as DateCalendarModule from './DateCalendar';
import { CalendarIcon } from '../../../components/icons';
import { controlClass } from '../../../components/fields';
import { metadataTexts } from './texts';

/** Full month names and weekdays Sun to Sat (spec §2). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const weekdays = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

interface Day {
  y: number;
  m: number; // 0-11
  d: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const toIso = ({ y, m, d }: Day) => `${y}-${pad(m + 1)}-${pad(d)}`;

export function fromIso(value: string): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(y, m, d);
  return date.getMonth() === m && date.getDate() === d ? { y, m, d } : undefined;
}

const today = (): Day => {
  const now = new Date();
  return { y: now.getFullYear(), m: now.getMonth(), d: now.getDate() };
};
type CalendarModule = typeof DateCalendarModule;
let calendarModule: CalendarModule | undefined;
const loadCalendar = () =>
  import('./DateCalendar').then((module) => {
    calendarModule = module;
    return module;
  });

const toDate = ({ y, m, d }: Day) => new Date(y, m, d);
const fromDate = (date: Date): Day => ({ y: date.getFullYear(), m: date.getMonth(), d: date.getDate() });

/** Day and long month in en-GB (spec §9), e.g. "1 March 2026". */
export const formatDay = ({ y, m, d }: Day) => `${d} ${monthNames[m]} ${y}`;

/**
 * The publication date picker (spec §2): a button showing the date or 'Select a date', opening
 * react-datepicker's month calendar (weekdays Sun to Sat, full month names) with a Today shortcut. The
 * calendar's keyboard: arrows move by day and week, Page Up/Down by month, Enter picks; Escape closes.
 */
export function DatePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  /** YYYY-MM-DD, or '' when unset. */
  value: string;
  onChange: (value: string) => void;
}) {
  const selected = fromIso(value);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const popupId = useId();

  // Fetch the calendar while the author fills the other fields, so it opens at once.
  useEffect(() => {
    void loadCalendar();
  }, []);

  useEffect(() => {
    if (!open) return;
    // The day the keyboard starts from (the selected one, else today) takes the focus.
    popupRef.current?.querySelector<HTMLElement>('.react-datepicker__day[tabindex="0"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }
  function pick(day: Day | '') {
    onChange(day ? toIso(day) : '');
    close();
  }

  return (
    <div className="relative">
      <p id={labelId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </p>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-labelledby={`${labelId} ${labelId}-value`}
        onClick={() => {
          if (open) setOpen(false);
          else if (calendarModule) setOpen(true);
          else void loadCalendar().then(() => setOpen(true));
        }}
        className={controlClass(false, 'flex items-center justify-between gap-2 text-left')}
      >
        <span id={`${labelId}-value`} className={selected ? 'text-stone-900' : 'text-stone-500'}>
          {selected ? formatDay(selected) : metadataTexts.datePlaceholder}
        </span>
        <CalendarIcon className="size-4.5 text-stone-500" />
      </button>

      {open && calendarModule && (
        <CalendarPopup
          popupRef={popupRef}
          id={popupId}
          label={label}
          selected={selected}
          Calendar={calendarModule.DateCalendar}
          onClose={close}
          onPick={pick}
        />
      )}
    </div>
  );
}

/** The open calendar, with Today and Clear; Escape closes it. */
function CalendarPopup({
  popupRef,
  id,
  label,
  selected,
  Calendar,
  onClose,
  onPick,
}: {
  popupRef: RefObject<HTMLDivElement | null>;
  id: string;
  label: string;
  selected: Day | undefined;
  Calendar: CalendarModule['DateCalendar'];
  onClose: () => void;
  onPick: (day: Day | '') => void;
}) {
  return (
    <div
      ref={popupRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
      className="bookwright-datepicker absolute right-0 bottom-full left-0 z-30 mb-2 w-fit rounded-xl border border-stone-200 bg-white p-2 shadow-xl shadow-stone-900/10"
    >
      <Calendar
        selected={selected ? toDate(selected) : null}
        openTo={toDate(selected ?? today())}
        onPick={(date) => onPick(date ? fromDate(date) : '')}
      />
      <div className="mt-1 flex items-center justify-between border-t border-stone-100 px-1 pt-2">
        <button
          type="button"
          onClick={() => onPick(today())}
          className="rounded-md px-2.5 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-50"
        >
          {metadataTexts.today}
        </button>
        {selected && (
          <button
            type="button"
            onClick={() => onPick('')}
            className="rounded-md px-2.5 py-1.5 text-sm font-medium text-stone-600 hover:bg-stone-100"
          >
            Clear
          </button>
        )}
      </div>
    </div>
  );
}
