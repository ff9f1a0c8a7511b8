import type { BookStatus } from '@bookwright/contracts/http';
import { isInProgress, statusLabel, statusStyle } from './status';

export function StatusBadge({ status, className = '' }: { status: BookStatus; className?: string }) {
  const style = statusStyle(status);
  return (
    <span
      data-status={status}
      data-color={style.color}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style.badge} ${className}`}
    >
      <span
        className={`size-1.5 rounded-full ${style.dot} ${isInProgress(status) ? 'animate-pulse' : ''}`}
        aria-hidden="true"
      />
      {statusLabel(status)}
    </span>
  );
}
