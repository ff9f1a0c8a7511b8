import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { workspaceMessages } from '@bookwright/contracts/http';
import { errorMessage } from '../../api/baseQuery';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { Button, ErrorBox, TextField } from '../../components/ui';
import { libraryHeadingId } from '../library/LibraryGrid';
import { libraryPath } from './libraryScope';
import { workspaceTexts as texts } from './texts';
import { useCreateWorkspaceMutation } from './workspacesApi';

/** An Enterprise account names its team workspace; it opens on the new workspace's library. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create, { isLoading }] = useCreateWorkspaceMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const created = useRef(false);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 100) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setError(undefined);
    try {
      const workspace = await create({ name: trimmed }).unwrap();
      toast.success(texts.created(workspace.name));
      created.current = true;
      onClose();
      await navigate(libraryPath(workspace.id));
    } catch (err) {
      setError(errorMessage(err, texts.createFailed));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={texts.createTitle}
      description={texts.createDescription}
      size="sm"
      // The entry that opened it is gone once the workspace exists: focus goes to its library's heading.
      returnFocus={() => (created.current ? document.getElementById(libraryHeadingId) : undefined)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={texts.createTitle} className="mt-6">
        {error && (
          <div className="mb-4">
            <ErrorBox>{error}</ErrorBox>
          </div>
        )}
        <TextField
          label={texts.name}
          name="name"
          autoComplete="off"
          required
          maxLength={100}
          // The dialog's one field: it takes the focus when the dialog opens.
          autoFocus
          value={name}
          error={invalid ? workspaceMessages.name : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            {isLoading ? texts.creating : texts.createSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
