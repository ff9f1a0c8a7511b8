import { workspaceRoleLabels } from '@bookwright/contracts';
import { errorMessage } from '../../../api/baseQuery';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { longDate } from '../../settings/tabs/longDate';
import { Panel } from '../../settings/tabs/Panel';
import { CopyLink } from '../../sharing/CopyLink';
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
  if (invitations.length === 0) return null;
  return (
    <Panel title={texts.pendingTitle}>
      <ul className="divide-y divide-stone-200 border-y border-stone-200">
        {invitations.map((invitation) => (
          <PendingInvitationRow key={invitation.id} workspaceId={workspaceId} invitation={invitation} />
        ))}
      </ul>
    </Panel>
  );
}

function PendingInvitationRow({
  workspaceId,
  invitation,
}: {
  workspaceId: string;
  invitation: PendingWorkspaceInvitation;
}) {
  const [newLink] = useNewWorkspaceInvitationLinkMutation();
  const [revoke, revoking] = useRevokeWorkspaceInvitationMutation();
  async function onRevoke() {
    try {
      await revoke({ workspaceId, invitationId: invitation.id }).unwrap();
      toast.success(texts.revoked);
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <li data-testid="workspace-invitation" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-ink-950">{invitation.email}</p>
        <p className="text-xs text-stone-600">
          {workspaceRoleLabels[invitation.role]} · {texts.expires(longDate(invitation.expiresAt))}
        </p>
      </div>
      <div className="flex items-start gap-2">
        <CopyLink
          label={texts.copyLinkFor(invitation.email)}
          getLink={async () => (await newLink({ workspaceId, invitationId: invitation.id }).unwrap()).link}
        />
        <Button
          type="button"
          variant="ghost"
          className="mt-2 px-2.5 py-1.5"
          aria-label={texts.revokeFor(invitation.email)}
          busy={revoking.isLoading}
          disabled={revoking.isLoading}
          onClick={() => void onRevoke()}
        >
          {texts.revoke}
        </Button>
      </div>
    </li>
  );
}
