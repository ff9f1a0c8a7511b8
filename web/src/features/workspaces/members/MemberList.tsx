import { useNavigate } from 'react-router';
import {
  invitableWorkspaceRoles,
  workspaceRoleLabels,
  type InvitableWorkspaceRole,
  type WorkspaceMember,
} from '@bookwright/contracts';
import { errorMessage } from '../../../api/baseQuery';
import { controlClass } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { longDate } from '../../settings/tabs/longDate';
import { Panel } from '../../settings/tabs/Panel';
import { spentThisMonth, workspaceTexts as texts } from '../texts';
import { useChangeWorkspaceMemberRoleMutation, useRemoveWorkspaceMemberMutation } from '../workspacesApi';

/**
 * The workspace's people. An admin changes the others' roles and removes them (never the owner's); anyone
 * but the owner may leave.
 */
export function MemberList({
  workspaceId,
  members,
  meId,
  manages,
  description,
}: {
  workspaceId: string;
  members: WorkspaceMember[];
  meId: string | undefined;
  manages: boolean;
  description?: string | undefined;
}) {
  const me = members.find((member) => member.id === meId);
  return (
    <Panel title={texts.peopleTitle} description={description}>
      <ul className="divide-y divide-stone-200 border-y border-stone-200">
        {members.map((member) => (
          <li
            key={member.id}
            data-testid="workspace-member"
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3"
          >
            <MemberDetails member={member} isMe={member.id === meId} showSpent={manages} />
            {manages && member.role !== 'owner' && member.id !== meId ? (
              <MemberControls workspaceId={workspaceId} member={member} />
            ) : (
              <span className="text-sm text-stone-700">{workspaceRoleLabels[member.role]}</span>
            )}
          </li>
        ))}
      </ul>
      {me && me.role !== 'owner' && <LeaveWorkspace workspaceId={workspaceId} memberId={me.id} />}
    </Panel>
  );
}

/**
 * One person's name, email and joining date, which wrap on a narrow screen rather than lose the date; and,
 * for an admin, what they spent of the workspace's pool this month (nothing when they spent nothing).
 */
function MemberDetails({ member, isMe, showSpent }: { member: WorkspaceMember; isMe: boolean; showSpent: boolean }) {
  const spent = showSpent ? spentThisMonth(member.spentThisMonth) : undefined;
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold [overflow-wrap:anywhere] text-ink-950">
        {member.name} {isMe && <span className="font-normal">{texts.you}</span>}
      </p>
      <p className="text-xs text-stone-600">
        <span className="[overflow-wrap:anywhere]">{member.email}</span> ·{' '}
        <span className="whitespace-nowrap">{texts.joined(longDate(member.joinedAt))}</span>
      </p>
      {spent && (
        <p className="mt-0.5 text-xs text-stone-700" data-testid="member-spent">
          {spent}
        </p>
      )}
    </div>
  );
}

/** An admin's controls on one person: the role, and removing them. */
function MemberControls({ workspaceId, member }: { workspaceId: string; member: WorkspaceMember }) {
  const [changeRole, changing] = useChangeWorkspaceMemberRoleMutation();
  const [remove, removing] = useRemoveWorkspaceMemberMutation();
  async function onRole(role: InvitableWorkspaceRole) {
    try {
      await changeRole({ workspaceId, memberId: member.id, role }).unwrap();
      toast.success(texts.roleChanged(member.name, role));
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  async function onRemove() {
    try {
      await remove({ workspaceId, memberId: member.id }).unwrap();
      toast.success(texts.removed(member.name));
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={texts.roleOf(member.name)}
        value={member.role}
        disabled={changing.isLoading}
        onChange={(event) => void onRole(event.target.value as InvitableWorkspaceRole)}
        className={controlClass(false, '', 'compact')}
      >
        {invitableWorkspaceRoles.map((role) => (
          <option key={role} value={role}>
            {workspaceRoleLabels[role]}
          </option>
        ))}
      </select>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={texts.removeWho(member.name)}
        busy={removing.isLoading}
        disabled={removing.isLoading}
        onClick={() => void onRemove()}
      >
        {texts.remove}
      </Button>
    </div>
  );
}

/** A member (or admin) leaves: the workspace and its books leave their library; back to the personal one. */
function LeaveWorkspace({ workspaceId, memberId }: { workspaceId: string; memberId: string }) {
  const [remove, { isLoading }] = useRemoveWorkspaceMemberMutation();
  const navigate = useNavigate();
  async function onLeave() {
    try {
      await remove({ workspaceId, memberId }).unwrap();
      toast.success(texts.left);
      await navigate('/app');
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <Button
      type="button"
      variant="secondary"
      className="mt-4"
      busy={isLoading}
      disabled={isLoading}
      onClick={() => void onLeave()}
    >
      {texts.leave}
    </Button>
  );
}
