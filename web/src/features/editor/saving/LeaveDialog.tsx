import { Dialog } from '../../../components/Dialog';
import { Button } from '../../../components/ui';
import { editorTexts } from '../texts';
import type { LeaveGuard } from './useLeaveGuard';

/** Asks before leaving the editor with changes that could not be saved. */
export function LeaveDialog({ guard }: { guard: LeaveGuard }) {
  return (
    <Dialog
      open={guard.asking}
      onClose={guard.stay}
      title={editorTexts.leaveTitle}
      description={guard.signingOut ? editorTexts.signOutBody : editorTexts.leaveBody}
      size="sm"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={guard.leave}>
            {editorTexts.leave}
          </Button>
          <Button type="button" onClick={guard.stay}>
            {editorTexts.stay}
          </Button>
        </>
      }
    />
  );
}
