import { Dialog } from '../../components/Dialog';
import { Button } from '../../components/ui';
import { apiAccessTexts as texts } from './texts';

/**
 * "Are you sure?" before revoking, deleting or rotating: the action's button says what happens, red when it
 * cannot be undone. The caller runs the action and closes the dialog (it stays open, busy, meanwhile).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  body,
  action,
  busyLabel,
  busy,
  destructive = true,
  onConfirm,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: string;
  action: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close when not back to the opener (after a removal that takes the opener away). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      returnFocus={returnFocus}
      title={title}
      description={<p>{body}</p>}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button
            type="button"
            className={destructive ? 'bg-red-700 hover:bg-red-800 disabled:bg-red-700/70' : ''}
            onClick={onConfirm}
            busy={busy}
            disabled={busy}
          >
            {busy ? busyLabel : action}
          </Button>
        </>
      }
    />
  );
}
