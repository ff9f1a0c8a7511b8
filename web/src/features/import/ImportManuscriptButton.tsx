import { useState } from 'react';
import { UploadIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { ImportManuscriptDialog } from './ImportManuscriptDialog';
import { importTexts } from './importTexts';

/** "Import a manuscript", beside the creation of a book from an idea, and the dialog it opens. */
export function ImportManuscriptButton({
  workspaceId,
  className = '',
}: {
  workspaceId?: string | undefined;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" size="sm" className={className} onClick={() => setOpen(true)}>
        <UploadIcon className="size-4" />
        {importTexts.open}
      </Button>
      {open && <ImportManuscriptDialog open onClose={() => setOpen(false)} workspaceId={workspaceId} />}
    </>
  );
}
