import { useState } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { CopyLink } from '../CopyLink';
import { sharingTexts as texts } from '../texts';

/**
 * An invitation not answered yet: to whom, as what and until when; a new link to copy (the mailed one is
 * kept only as a hash), and a way to revoke it. `newLink` and `revoke` reject with the server's refusal.
 */
export function InvitationRow({
  testId,
  email,
  role,
  expires,
  newLink,
  revoke,
}: {
  testId: string;
  email: string;
  role: string;
  /** The day it expires, as the page words dates. */
  expires: string;
  newLink: () => Promise<string>;
  revoke: () => Promise<unknown>;
}) {
  const [revoking, setRevoking] = useState(false);
  async function onRevoke() {
    setRevoking(true);
    try {
      await revoke();
      toast.success(texts.revoked);
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    } finally {
      setRevoking(false);
    }
  }
  return (
    <li data-testid={testId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold [overflow-wrap:anywhere] text-ink-950">{email}</p>
        <p className="text-xs text-stone-600">
          {role} · {texts.expires(expires)}
        </p>
      </div>
      <div className="flex items-start gap-2">
        <CopyLink label={texts.copyLinkFor(email)} getLink={newLink} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-label={texts.revokeFor(email)}
          busy={revoking}
          disabled={revoking}
          onClick={() => void onRevoke()}
        >
          {texts.revoke}
        </Button>
      </div>
    </li>
  );
}
