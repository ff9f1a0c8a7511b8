import ReactDatePicker, { registerLocale } from 'react-datepicker';
import { enGB } from 'date-fns/locale/en-GB';
import 'react-datepicker/dist/react-datepicker.css';

// en-GB: days read "Monday, 23 November 2026" to screen readers (the visible number is part of the name).
registerLocale('en-GB', enGB);

/**
 * react-datepicker's month calendar (weekdays Sun to Sat, full month names), inline in DatePicker's popup.
 * Its own chunk: the library and date-fns load when the metadata form does, not with the editor.
 */
export function DateCalendar({
  selected,
  openTo,
  onPick,
}: {
  selected: Date | null;
  openTo: Date;
  onPick: (date: Date | null) => void;
}) {
  return (
    <ReactDatePicker
      inline
      selected={selected}
      openToDate={openTo}
      onChange={onPick}
      locale="en-GB"
      calendarStartDay={0}
      useWeekdaysShort
      renderCustomDayName={({ shortName, fullName }) => <abbr title={fullName}>{shortName}</abbr>}
    />
  );
}
