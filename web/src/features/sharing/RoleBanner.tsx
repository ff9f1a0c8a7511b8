import { roleLabels } from '@bookwright/contracts/http';
import type { BookAccess } from './bookAccess';
import { sharingTexts as texts } from './texts';

/**
 * Over the editor of a book shared with a role that may not change its text: says which role, and what it
 * may do. Nothing on one's own book (the shell's no-plan banner speaks there) or for a co-author.
 */
export function RoleBanner({ access, ownerName }: { access: BookAccess; ownerName?: string | undefined }) {
  if (access.role === 'owner' || !access.readOnly) return null;
  return (
    <div
      role="region"
      aria-label={`${roleLabels[access.role]} access`}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-ink-100 bg-ink-50 px-4 py-2.5 text-sm text-ink-950 sm:px-6"
    >
      <p data-testid="role-banner">{texts.roleBannerFor(access.role)}</p>
      {ownerName && <p className="text-stone-700">{texts.sharedBy(ownerName)}</p>}
    </div>
  );
}
