import { bookStatusColors, type BookStatus } from '@bookwright/contracts/http';
import { statusLabels } from './texts';

/**
 * Tailwind classes for the spec's status colours (contracts' bookStatusColors: blue, amber, orange, green,
 * red), and violet for a translation in progress.
 */
const palette = {
  blue: { badge: 'bg-blue-50 text-blue-800 ring-blue-600/25', dot: 'bg-blue-500', bar: 'bg-blue-600' },
  amber: { badge: 'bg-amber-50 text-amber-900 ring-amber-600/35', dot: 'bg-amber-500', bar: 'bg-amber-500' },
  orange: { badge: 'bg-orange-50 text-orange-800 ring-orange-600/30', dot: 'bg-orange-500', bar: 'bg-orange-500' },
  green: { badge: 'bg-green-50 text-green-800 ring-green-600/25', dot: 'bg-green-600', bar: 'bg-green-600' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-600/25', dot: 'bg-red-600', bar: 'bg-red-600' },
  violet: { badge: 'bg-violet-50 text-violet-800 ring-violet-600/25', dot: 'bg-violet-500', bar: 'bg-violet-600' },
} as const;

type PaletteName = keyof typeof palette;

export function statusStyle(status: BookStatus) {
  const name = bookStatusColors[status] as PaletteName;
  return { color: name, ...(palette[name] ?? palette.blue) };
}

export function statusLabel(status: BookStatus): string {
  return statusLabels[status];
}

/** Spec §2: validation opens the structure review, ready opens the editor; other statuses open nothing. */
export function bookPath(book: { _id: string; status: BookStatus }): string | undefined {
  if (book.status === 'validation') return `/app/${book._id}`;
  if (book.status === 'ready') return `/app/edit/${book._id}`;
  return undefined;
}

export const isInProgress = (status: BookStatus) =>
  status === 'planning' || status === 'writing' || status === 'translating';
