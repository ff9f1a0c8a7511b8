import { useId, useRef, useState, type FormEvent } from 'react';
import type { Workspace } from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button, ErrorBox } from '../../components/ui';
import { workspaceTexts as texts } from './texts';
import { useMoveBookMutation } from './workspacesApi';

/**
 * "Move to workspace…" (issue 43): the owner of a personal book gives it to a team workspace they belong
 * to. It leaves the personal library for the workspace's, so focus goes where the caller says on success.
 */
export function MoveToWorkspaceDialog({
  book,
  workspaces,
  open,
  onClose,
  returnFocus,
}: {
  book: { _id: string; title: string };
  workspaces: Workspace[];
  open: boolean;
  onClose: () => void;
  returnFocus: (moved: boolean) => HTMLElement | null | undefined;
}) {
  const [move, { isLoading }] = useMoveBookMutation();
  const [chosen, setChosen] = useState(workspaces[0]?.id ?? '');
  const [error, setError] = useState<string>();
  const moved = useRef(false);
  const name = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    moved.current = false;
    try {
      await move({ bookId: book._id, workspaceId: chosen }).unwrap();
      const workspace = workspaces.find((w) => w.id === chosen);
      toast.success(texts.moved(book.title, workspace?.name ?? ''));
      moved.current = true;
      onClose();
    } catch (err) {
      setError(errorMessage(err, texts.moveFailed));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={texts.moveTitle(book.title)}
      description={texts.moveDescription}
      returnFocus={() => returnFocus(moved.current)}
    >
      <form onSubmit={(event) => void onSubmit(event)} aria-label={texts.moveTitle(book.title)} className="mt-6">
        {error && (
          <div className="mb-4">
            <ErrorBox>{error}</ErrorBox>
          </div>
        )}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-stone-800">{texts.moveTo}</legend>
          <div className="grid gap-2">
            {workspaces.map((workspace) => (
              <label
                key={workspace.id}
                className={`flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-semibold text-ink-950 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-300 ${chosen === workspace.id ? 'border-ink-600 bg-ink-50' : 'border-stone-300 hover:border-stone-400'}`}
              >
                <input
                  type="radio"
                  name={name}
                  value={workspace.id}
                  checked={chosen === workspace.id}
                  onChange={() => setChosen(workspace.id)}
                  className="accent-ink-800"
                />
                {workspace.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={isLoading} disabled={isLoading || !chosen}>
            {isLoading ? texts.moving : texts.moveSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
