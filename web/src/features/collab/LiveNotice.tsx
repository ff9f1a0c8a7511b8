import { Button, Spinner } from '../../components/ui';
import { collabTexts } from './texts';
import { ConflictDialog } from '../editor/saving/ConflictDialog';
import type { MetadataSaves } from '../editor/metadata/useMetadataSaves';
import type { CollabState } from './collabSession';

/** Where the manuscript will be while the shared document comes from the server. */
export function OpeningEditor() {
  return (
    <div
      className="flex flex-1 items-center justify-center gap-3 bg-paper-dark/60 text-sm text-stone-700"
      aria-busy="true"
      data-testid="live-opening"
    >
      <Spinner className="size-5" />
      <p role="status">{collabTexts.opening}</p>
    </div>
  );
}

/**
 * What the live connection has to say beyond the save status: the server refused this page's changes (it
 * must be reloaded), or the copy kept on this device was of a book since replaced.
 */
export function LiveNotice({ state }: { state: CollabState }) {
  if (state.phase === 'refused') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900 sm:px-6"
      >
        <p>
          <strong className="font-semibold">{collabTexts.refusedTitle}.</strong> {collabTexts.refusedBody}
        </p>
        <Button type="button" variant="secondary" className="px-3" onClick={() => window.location.reload()}>
          {collabTexts.reload}
        </Button>
      </div>
    );
  }
  if (state.discardedLocalCopy) {
    return (
      <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 sm:px-6">
        {collabTexts.discardedLocalCopy}
      </p>
    );
  }
  return null;
}

/** The details changed elsewhere too: the author chooses, seeing both (the solo editor's dialog). */
export function MetadataConflict({ metadataSaves }: { metadataSaves: MetadataSaves }) {
  const conflict = metadataSaves.conflict;
  if (!conflict) return null;
  return (
    <ConflictDialog
      open
      title={conflict.title}
      description={conflict.description}
      mine={conflict.mine}
      other={conflict.other}
      busy={false}
      onKeepMine={conflict.keepMine}
      onUseOther={conflict.useOther}
      onClose={conflict.dismiss}
    />
  );
}
