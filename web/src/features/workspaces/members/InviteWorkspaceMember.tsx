import { useState, type FormEvent } from 'react';
import { seatLimitReached, type InvitableWorkspaceRole, type Seats } from '@bookwright/contracts';
import { errorMessage, isApiError } from '../../../api/baseQuery';
import { Button, ErrorBox, TextField } from '../../../components/ui';
import { Panel } from '../../settings/tabs/Panel';
import { CopyLink } from '../../sharing/CopyLink';
import { workspaceTexts as texts } from '../texts';
import { useInviteWorkspaceMemberMutation } from '../workspacesApi';
import { WorkspaceRolePicker } from './WorkspaceRolePicker';

/** An admin invites an email as admin or member; past the seat limit the server's 402 names the limit. */
export function InviteWorkspaceMember({ workspaceId, seats }: { workspaceId: string; seats: Seats }) {
  const [invite, { isLoading }] = useInviteWorkspaceMemberMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableWorkspaceRole>('member');
  const [refusal, setRefusal] = useState<string>();
  const [sent, setSent] = useState<{ email: string; link: string }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    setSent(undefined);
    try {
      const created = await invite({ workspaceId, email: email.trim(), role }).unwrap();
      setSent({ email: created.email, link: created.link });
      setEmail('');
    } catch (error) {
      const full = isApiError(error) && error.status === 402;
      setRefusal(errorMessage(error, full ? seatLimitReached(seats.limit) : texts.inviteFailed));
    }
  }

  return (
    <Panel title={texts.inviteTitle} description={texts.inviteDescription}>
      <form onSubmit={(event) => void onSubmit(event)} aria-label={texts.inviteTitle} className="space-y-4">
        {refusal && <ErrorBox>{refusal}</ErrorBox>}
        <TextField
          label={texts.email}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <WorkspaceRolePicker value={role} onChange={setRole} />
        <Button type="submit" className="w-full sm:w-auto" busy={isLoading} disabled={isLoading}>
          {isLoading ? texts.inviting : texts.invite}
        </Button>
        {sent && (
          <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm">
            <p className="text-emerald-900">{texts.invitedTo(sent.email)}</p>
            <CopyLink label={texts.copyLinkFor(sent.email)} getLink={() => Promise.resolve(sent.link)} />
          </div>
        )}
      </form>
    </Panel>
  );
}
