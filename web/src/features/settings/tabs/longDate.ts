/** Dates as day and long month in en-GB (spec §9), with the year: "23 November 2026". */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
