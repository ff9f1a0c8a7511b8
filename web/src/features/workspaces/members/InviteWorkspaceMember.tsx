import { seatLimitReached, type Seats } from '@bookwright/contracts/http';
import { errorMessage, isApiError } from '../../../api/baseQuery';
import { Panel } from '../../settings/tabs/Panel';
import { InviteForm } from '../../sharing/people/InviteForm';
import { sharingTexts } from '../../sharing/texts';
import { workspaceTexts as texts } from '../texts';
import { useInviteWorkspaceMemberMutation } from '../workspacesApi';
import { workspaceRoles } from './roleChoices';

/** An admin invites an email as admin or member; past the seat limit the server's 402 names the limit. */
export function InviteWorkspaceMember({ workspaceId, seats }: { workspaceId: string; seats: Seats }) {
  const [invite] = useInviteWorkspaceMemberMutation();
  return (
    <Panel title={texts.inviteTitle} description={texts.inviteDescription}>
      <InviteForm
        choices={workspaceRoles}
        initialRole="member"
        invite={(email, role) => invite({ workspaceId, email, role }).unwrap()}
        refusal={(error) => {
          const full = isApiError(error) && error.status === 402;
          return errorMessage(error, full ? seatLimitReached(seats.limit) : sharingTexts.inviteFailed);
        }}
      />
    </Panel>
  );
}
