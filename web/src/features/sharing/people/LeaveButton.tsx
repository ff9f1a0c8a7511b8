import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { sharingTexts as texts } from '../texts';

/**
 * Leaving a book or a workspace: what it held leaves the reader's library, so they go back to the personal
 * one (after `onLeft`, e.g. closing the dialog it was in). `leave` rejects with the server's refusal.
 */
export function LeaveButton({
  label,
  left,
  leave,
  onLeft,
}: {
  label: string;
  /** The toast once left. */
  left: string;
  leave: () => Promise<unknown>;
  onLeft?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  async function onLeave() {
    setBusy(true);
    try {
      await leave();
      toast.success(left);
      onLeft?.();
      await navigate('/app');
    } catch (error) {
      setBusy(false);
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <Button
      type="button"
      variant="secondary"
      className="mt-4 w-full sm:w-auto"
      busy={busy}
      disabled={busy}
      onClick={() => void onLeave()}
    >
      {busy ? texts.leaving : label}
    </Button>
  );
}
