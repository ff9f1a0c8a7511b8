import { ConflictDialog } from './ConflictDialog';
import type { ManuscriptSaves } from './useManuscriptSaves';
import type { MetadataSaves } from '../metadata/useMetadataSaves';

/** The manuscript's and the metadata's save conflicts, each settled by the author seeing both versions. */
export function SaveConflicts({ saves, metadataSaves }: { saves: ManuscriptSaves; metadataSaves: MetadataSaves }) {
  return (
    <>
      {saves.conflict && (
        <ConflictDialog
          open={saves.conflictOpen}
          mine={saves.conflict.mine}
          other={saves.conflict.other}
          passages={saves.conflict.passages}
          busy={saves.resolving}
          onKeepMine={saves.keepMine}
          onUseOther={saves.useOther}
          onClose={saves.closeConflict}
        />
      )}
      {metadataSaves.conflict && (
        <ConflictDialog
          open
          title={metadataSaves.conflict.title}
          description={metadataSaves.conflict.description}
          mine={metadataSaves.conflict.mine}
          other={metadataSaves.conflict.other}
          busy={false}
          onKeepMine={metadataSaves.conflict.keepMine}
          onUseOther={metadataSaves.conflict.useOther}
          onClose={metadataSaves.conflict.dismiss}
        />
      )}
    </>
  );
}
