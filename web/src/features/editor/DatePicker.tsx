import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { controlClass } from '../../components/fields';
import { metadataTexts } from '../../texts';

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
const shift = (day: Day, days: number): Day => {
  const date = new Date(day.y, day.m, day.d + days);
  return { y: date.getFullYear(), m: date.getMonth(), d: date.getDate() };
};
const shiftMonth = (day: Day, months: number): Day => {
  const first = new Date(day.y, day.m + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return { y: first.getFullYear(), m: first.getMonth(), d: Math.min(day.d, last) };
};
const same = (a: Day | undefined, b: Day | undefined) => !!a && !!b && a.y === b.y && a.m === b.m && a.d === b.d;

/** Day and long month in en-GB (spec §9), e.g. "1 March 2026". */
export const formatDay = ({ y, m, d }: Day) => `${d} ${monthNames[m]} ${y}`;
const longLabel = (day: Day) => `${weekdays[new Date(day.y, day.m, day.d).getDay()]!.long}, ${formatDay(day)}`;

/** The six weeks shown for a month, Sunday first. */
function monthGrid(y: number, m: number): Day[] {
  const first = new Date(y, m, 1);
  const start = shift({ y, m, d: 1 }, -first.getDay());
  return Array.from({ length: 42 }, (_, i) => shift(start, i));
}

/**
 * The publication date picker (spec §2): a button showing the date or 'Select a date', opening a month
 * calendar (weekdays Sun to Sat, full month names) with a Today shortcut. Keyboard: arrows move by day and
 * week, Page Up/Down by month, Home/End to the week's ends, Enter picks, Escape closes.
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
  const [focused, setFocused] = useState<Day>(() => selected ?? today());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const pendingFocus = useRef(false);
  const labelId = useId();
  const popupId = useId();
  const headingId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (open && pendingFocus.current) {
      pendingFocus.current = false;
      gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
    }
  }, [open, focused]);

  function openPicker() {
    setFocused(selected ?? today());
    setOpen(true);
    pendingFocus.current = true;
  }
  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }
  function pick(day: Day) {
    onChange(toIso(day));
    close();
  }
  function focusDay(day: Day) {
    pendingFocus.current = true;
    setFocused(day);
  }

  function onGridKeyDown(event: KeyboardEvent) {
    const weekday = new Date(focused.y, focused.m, focused.d).getDay();
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => shift(focused, -1),
      ArrowRight: () => shift(focused, 1),
      ArrowUp: () => shift(focused, -7),
      ArrowDown: () => shift(focused, 7),
      PageUp: () => shiftMonth(focused, -1),
      PageDown: () => shiftMonth(focused, 1),
      Home: () => shift(focused, -weekday),
      End: () => shift(focused, 6 - weekday),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(move());
  }

  const days = monthGrid(focused.y, focused.m);
  const now = today();

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
        onClick={() => (open ? setOpen(false) : openPicker())}
        className={controlClass(false, 'flex items-center justify-between gap-2 text-left')}
      >
        <span id={`${labelId}-value`} className={selected ? 'text-stone-900' : 'text-stone-500'}>
          {selected ? formatDay(selected) : metadataTexts.datePlaceholder}
        </span>
        <CalendarIcon className="size-4.5 text-stone-500" />
      </button>

      {open && (
        <div
          ref={popupRef}
          id={popupId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
          className="absolute right-0 bottom-full left-0 z-30 mb-2 max-w-[19rem] min-w-[17rem] rounded-xl border border-stone-200 bg-white p-3 shadow-xl shadow-stone-900/10"
        >
          <div className="mb-2 flex items-center justify-between">
            <button
              type="button"
              aria-label="Previous month"
              onClick={() => setFocused((f) => shiftMonth(f, -1))}
              className="rounded-md p-1.5 text-stone-600 hover:bg-stone-100"
            >
              <ChevronLeftIcon className="size-4.5" />
            </button>
            <h3 id={headingId} aria-live="polite" className="text-sm font-semibold text-ink-950">
              {monthNames[focused.m]} {focused.y}
            </h3>
            <button
              type="button"
              aria-label="Next month"
              onClick={() => setFocused((f) => shiftMonth(f, 1))}
              className="rounded-md p-1.5 text-stone-600 hover:bg-stone-100"
            >
              <ChevronRightIcon className="size-4.5" />
            </button>
          </div>
          <table ref={gridRef} className="w-full border-collapse text-center text-sm" onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w.short} scope="col" abbr={w.long} className="pb-1 text-xs font-medium text-stone-500">
                    {w.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 6 }, (_, week) => (
                <tr key={week}>
                  {days.slice(week * 7, week * 7 + 7).map((day) => {
                    const outside = day.m !== focused.m;
                    const isSelected = same(day, selected);
                    const isToday = same(day, now);
                    return (
                      <td key={toIso(day)} className="p-0.5">
                        <button
                          type="button"
                          tabIndex={same(day, focused) ? 0 : -1}
                          aria-label={longLabel(day)}
                          aria-pressed={isSelected}
                          aria-current={isToday ? 'date' : undefined}
                          onClick={() => pick(day)}
                          className={`size-9 rounded-md text-sm transition-colors ${isSelected ? 'bg-ink-900 font-semibold text-white' : outside ? 'text-stone-500 hover:bg-stone-100' : 'text-stone-800 hover:bg-ink-50'} ${isToday && !isSelected ? 'font-semibold text-brass-700 ring-1 ring-brass-500/60' : ''}`}
                        >
                          {day.d}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-2 flex items-center justify-between border-t border-stone-100 pt-2">
            <button
              type="button"
              onClick={() => pick(today())}
              className="rounded-md px-2.5 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-50"
            >
              {metadataTexts.today}
            </button>
            {selected && (
              <button
                type="button"
                onClick={() => {
                  onChange('');
                  close();
                }}
                className="rounded-md px-2.5 py-1.5 text-sm font-medium text-stone-600 hover:bg-stone-100"
              >
                Clear
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
