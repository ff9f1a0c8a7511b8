import { useState } from 'react';
import type { BookStatus } from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { toastWithAction } from '../../components/actionToast';
import { Dialog } from '../../components/Dialog';
import { TrashIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { isInProgress } from '../books/status';
import { trashApi, useMoveToTrashMutation } from './trashApi';
import { trashTexts } from './trashTexts';

interface TrashableBook {
  _id: string;
  title: string;
  status: BookStatus;
}

/**
 * The confirmation before a book goes to the trash, and the move itself. Once moved, a notification offers
 * Undo (a restore) for as long as it shows; the Trash view keeps the book 30 days after that.
 */
export function MoveToTrashDialog({
  book,
  open,
  onClose,
  onMoved,
  returnFocus,
}: {
  book: TrashableBook;
  open: boolean;
  onClose: () => void;
  /** After the move: the caller leaves a page the book no longer has (the editor) or nothing. */
  onMoved?: () => void;
  /**
   * Where focus goes on close: once moved, the card with the button that opened this is gone; kept, the
   * menu item that opened it is. Unset: back where it was.
   */
  returnFocus?: (moved: boolean) => HTMLElement | null | undefined;
}) {
  const [moveToTrash, { isLoading }] = useMoveToTrashMutation();
  const dispatch = useAppDispatch();
  const [moved, setMoved] = useState(false);

  // The notification outlives the card or page that started the move: Undo goes through the store.
  function undo() {
    dispatch(trashApi.endpoints.restoreBook.initiate(book._id))
      .unwrap()
      .then(
        (answer) => toast.success(answer.msg || trashTexts.restored),
        (error: unknown) => toast.error(errorMessage(error, trashTexts.restoreFailed)),
      );
  }

  async function confirm() {
    try {
      const answer = await moveToTrash(book._id).unwrap();
      setMoved(true);
      onClose();
      toastWithAction(answer.msg || trashTexts.moved, { label: trashTexts.undo, onAction: undo });
      onMoved?.();
    } catch (error) {
      toast.error(errorMessage(error, trashTexts.moveFailed));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={trashTexts.confirmTitle}
      returnFocus={returnFocus && (() => returnFocus(moved))}
      description={
        <>
          <p>{trashTexts.confirmBody(book.title)}</p>
          {isInProgress(book.status) && <p className="mt-2">{trashTexts.confirmInProgress}</p>}
        </>
      }
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={isLoading}>
            {trashTexts.cancel}
          </Button>
          <Button
            type="button"
            className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/70"
            onClick={() => void confirm()}
            disabled={isLoading}
            busy={isLoading}
          >
            {!isLoading && <TrashIcon className="size-4" />}
            {isLoading ? trashTexts.moving : trashTexts.move}
          </Button>
        </>
      }
    />
  );
}
