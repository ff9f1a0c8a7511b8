import type { ReactNode } from 'react';
import { PlusIcon, TrashIcon } from '../../components/icons';

/**
 * What only changes the plan: hidden where it cannot be used, inside the disabled fieldset of someone who only
 * reads it (a viewer, commenter or editor), rather than shown as buttons that do nothing.
 */
export const editOnly = 'in-[fieldset:disabled]:hidden';

export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-lg border border-dashed border-ink-300 bg-white px-3.5 py-2 text-sm font-semibold text-ink-800 hover:border-ink-500 hover:bg-ink-50 ${editOnly}`}
    >
      <PlusIcon className="size-4" />
      {children}
    </button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`rounded-lg p-2 text-stone-500 hover:bg-red-50 hover:text-red-700 ${editOnly}`}
    >
      <TrashIcon className="size-4.5" />
    </button>
  );
}
