import { workspaceRoleLabels, type WorkspaceMember } from '@bookwright/contracts/http';
import { longDate } from '../../settings/tabs/longDate';
import { Panel } from '../../settings/tabs/Panel';
import { LeaveButton } from '../../sharing/people/LeaveButton';
import { MemberControls } from '../../sharing/people/MemberControls';
import { PersonRow, RoleLabel, rowListClass } from '../../sharing/people/PersonRow';
import { spentThisMonth, workspaceTexts as texts } from '../texts';
import { useChangeWorkspaceMemberRoleMutation, useRemoveWorkspaceMemberMutation } from '../workspacesApi';
import { workspaceRoles } from './roleChoices';

/**
 * The workspace's people, each with their joining date and, for an admin, what they spent of the workspace's
 * pool this month (nothing when they spent nothing). An admin changes the others' roles and removes them
 * (never the owner's); anyone but the owner may leave, back to their personal library.
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
  const [changeRole] = useChangeWorkspaceMemberRoleMutation();
  const [remove] = useRemoveWorkspaceMemberMutation();
  const me = members.find((member) => member.id === meId);
  return (
    <Panel title={texts.peopleTitle} description={description}>
      <ul className={rowListClass}>
        {members.map((member) => (
          <PersonRow
            key={member.id}
            testId="workspace-member"
            person={member}
            isMe={member.id === meId}
            since={texts.joined(longDate(member.joinedAt))}
            note={manages && <Spent member={member} />}
          >
            {manages && member.role !== 'owner' && member.id !== meId ? (
              <MemberControls
                name={member.name}
                role={member.role}
                choices={workspaceRoles}
                changeRole={(role) => changeRole({ workspaceId, memberId: member.id, role }).unwrap()}
                remove={() => remove({ workspaceId, memberId: member.id }).unwrap()}
                removed={texts.removed(member.name)}
              />
            ) : (
              <RoleLabel>{workspaceRoleLabels[member.role]}</RoleLabel>
            )}
          </PersonRow>
        ))}
      </ul>
      {me && me.role !== 'owner' && (
        <LeaveButton
          label={texts.leave}
          left={texts.left}
          leave={() => remove({ workspaceId, memberId: me.id }).unwrap()}
        />
      )}
    </Panel>
  );
}

/** What a member spent of the pool this month ("2 books · 1 cover this month"), when they spent anything. */
function Spent({ member }: { member: WorkspaceMember }) {
  const spent = spentThisMonth(member.spentThisMonth);
  if (!spent) return null;
  return (
    <p className="mt-0.5 text-xs text-stone-700" data-testid="member-spent">
      {spent}
    </p>
  );
}
