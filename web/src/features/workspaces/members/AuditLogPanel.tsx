import type { AuditEntry } from '@bookwright/contracts/http';
import { ErrorBox } from '../../../components/ui';
import { Panel } from '../../settings/tabs/Panel';
import { auditAction, workspaceTexts as texts } from '../texts';
import { useWorkspaceAuditQuery } from '../workspacesApi';

const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The audit log, newest first: who did what, to whom or which book, and when. For admins only. */
export function AuditLogPanel({ workspaceId }: { workspaceId: string }) {
  const { data, isLoading, isError } = useWorkspaceAuditQuery(workspaceId);
  // Newest first, whatever order the page came in.
  const entries = [...(data?.entries ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Panel title={texts.auditTitle} description={texts.auditDescription}>
      {isLoading ? (
        <p className="text-sm text-stone-600" aria-busy="true">
          {texts.loading}
        </p>
      ) : isError ? (
        <ErrorBox>{texts.auditFailed}</ErrorBox>
      ) : entries.length === 0 ? (
        <p className="text-sm text-stone-600">{texts.auditEmpty}</p>
      ) : (
        <ol className="divide-y divide-stone-200 border-y border-stone-200" aria-label={texts.auditTitle}>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * One entry: on a narrow screen its time under the sentence, on a wider one on the right of it, however long
 * the sentence (it wraps beside the time rather than push the time under it on some rows only).
 */
function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li
      data-testid="audit-entry"
      className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
    >
      <p className="min-w-0 text-sm [overflow-wrap:anywhere] text-stone-800 sm:flex-1">
        <span className="font-semibold text-ink-950">{entry.actor.name}</span> {auditAction(entry)}
      </p>
      <time dateTime={entry.at} className="shrink-0 text-xs text-stone-600">
        {when.format(new Date(entry.at))}
      </time>
    </li>
  );
}
