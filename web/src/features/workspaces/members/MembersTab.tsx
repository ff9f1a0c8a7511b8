import { useSearchParams } from 'react-router';
import { managesWorkspace, type Workspace } from '@bookwright/contracts/http';
import { controlClass } from '../../../components/fields';
import { ErrorBox } from '../../../components/ui';
import { useCurrentUserQuery } from '../../auth/authApi';
import { workspaceParam } from '../libraryScope';
import { workspaceTexts as texts } from '../texts';
import { useListWorkspaceMembersQuery } from '../workspacesApi';
import { AuditLogPanel } from './AuditLogPanel';
import { InviteWorkspaceMember } from './InviteWorkspaceMember';
import { MemberList } from './MemberList';
import { PendingInvitations } from './PendingInvitations';
import { SeatsPanel } from './SeatsPanel';

/**
 * Settings › Members (issue 43), for everyone in a team workspace. Its owner and admins manage it: the
 * seats, invitations, roles, removals and the audit log. A member sees the seats and the people read-only,
 * and may leave. Someone in several workspaces picks one (`&workspace=<id>`); the first they manage leads.
 */
export function MembersTab({ workspaces }: { workspaces: Workspace[] }) {
  const [params, setParams] = useSearchParams();
  const requested = workspaces.find((workspace) => workspace.id === params.get(workspaceParam));
  const workspace = requested ?? workspaces.find((w) => managesWorkspace(w.role)) ?? workspaces[0];
  if (!workspace) return null;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(workspaceParam, id);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="space-y-6">
      {workspaces.length > 1 && (
        <label className="block max-w-sm text-sm font-medium text-stone-800">
          {texts.chooseWorkspace}
          <select
            value={workspace.id}
            onChange={(event) => choose(event.target.value)}
            className={controlClass(false, 'mt-1.5')}
          >
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <WorkspaceMembers key={workspace.id} workspace={workspace} />
    </div>
  );
}

function WorkspaceMembers({ workspace }: { workspace: Workspace }) {
  const { data: user } = useCurrentUserQuery();
  const { data, isLoading, isError } = useListWorkspaceMembersQuery(workspace.id);
  const manages = managesWorkspace(workspace.role);
  if (isLoading)
    return (
      <p className="text-sm text-stone-600" aria-busy="true">
        {texts.loading}
      </p>
    );
  if (isError || !data) return <ErrorBox>{texts.loadFailed}</ErrorBox>;
  return (
    <>
      <h2 className="font-display text-2xl font-semibold text-ink-950">{texts.membersTitle(workspace.name)}</h2>
      <SeatsPanel workspaceId={workspace.id} seats={data.seats} manages={manages} />
      {manages && <InviteWorkspaceMember workspaceId={workspace.id} seats={data.seats} />}
      <MemberList
        workspaceId={workspace.id}
        members={data.members}
        meId={user?._id}
        manages={manages}
        description={manages ? undefined : texts.readOnly}
      />
      {manages && <PendingInvitations workspaceId={workspace.id} invitations={data.invitations} />}
      {manages && <AuditLogPanel workspaceId={workspace.id} />}
    </>
  );
}
