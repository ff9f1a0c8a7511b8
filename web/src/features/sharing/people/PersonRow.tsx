import type { ReactNode } from 'react';
import { sharingTexts as texts } from '../texts';

/** The list that holds people's (and invitations') rows, a line between each. */
export const rowListClass = 'divide-y divide-stone-200 border-y border-stone-200';

/**
 * One person on a book or a workspace: their name (with "(you)"), their email and what `since` adds to it (a
 * joining date, kept in one piece), what `note` says under it, and on the right their role or the controls
 * of it. Long names and emails wrap rather than lose their end.
 */
export function PersonRow({
  testId,
  person,
  isMe,
  since,
  note,
  children,
}: {
  testId: string;
  person: { name: string; email: string };
  isMe: boolean;
  since?: string | undefined;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold [overflow-wrap:anywhere] text-ink-950">
          {person.name} {isMe && <span className="font-normal">{texts.you}</span>}
        </p>
        <p className="text-xs text-stone-600">
          <span className="[overflow-wrap:anywhere]">{person.email}</span>
          {since && (
            <>
              {' · '}
              <span className="whitespace-nowrap">{since}</span>
            </>
          )}
        </p>
        {note}
      </div>
      {children}
    </li>
  );
}

/** Someone's role, when it is not the reader's to change. */
export function RoleLabel({ children }: { children: ReactNode }) {
  return <span className="text-sm text-stone-700">{children}</span>;
}
