import { ShieldCheck } from 'lucide-react';
import { trustLines } from '../content';

/** Spec §1's five trust lines. */
export function TrustLines() {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-stone-600 dark:text-stone-300">
      {trustLines.map((line) => (
        <li key={line} className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          {line}
        </li>
      ))}
    </ul>
  );
}
