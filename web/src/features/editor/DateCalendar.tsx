import ReactDatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

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
      calendarStartDay={0}
      useWeekdaysShort
      renderCustomDayName={({ shortName, fullName }) => <abbr title={fullName}>{shortName}</abbr>}
    />
  );
}
