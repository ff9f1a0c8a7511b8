import { workspaceRoleLabels } from '@bookwright/contracts/http';
import { longDate } from '../../settings/tabs/longDate';
import { Panel } from '../../settings/tabs/Panel';
import { InvitationRow } from '../../sharing/people/InvitationRow';
import { rowListClass } from '../../sharing/people/PersonRow';
import { workspaceTexts as texts } from '../texts';
import {
  useNewWorkspaceInvitationLinkMutation,
  useRevokeWorkspaceInvitationMutation,
  type PendingWorkspaceInvitation,
} from '../workspacesApi';

/** The invitations still waiting, each with a new link to copy and a way to revoke it (freeing its seat). */
export function PendingInvitations({
  workspaceId,
  invitations,
}: {
  workspaceId: string;
  invitations: PendingWorkspaceInvitation[];
}) {
  const [newLink] = useNewWorkspaceInvitationLinkMutation();
  const [revoke] = useRevokeWorkspaceInvitationMutation();
  if (invitations.length === 0) return null;
  return (
    <Panel title={texts.pendingTitle}>
      <ul className={rowListClass}>
        {invitations.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            testId="workspace-invitation"
            email={invitation.email}
            role={workspaceRoleLabels[invitation.role]}
            expires={longDate(invitation.expiresAt)}
            newLink={async () => (await newLink({ workspaceId, invitationId: invitation.id }).unwrap()).link}
            revoke={() => revoke({ workspaceId, invitationId: invitation.id }).unwrap()}
          />
        ))}
      </ul>
    </Panel>
  );
}
