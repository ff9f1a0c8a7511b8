import { useId, useState } from 'react';
import { Link, useMatch } from 'react-router';
import type { User } from '@bookwright/contracts/http';
import { BookIcon, PeopleIcon, PlusIcon } from '../../components/icons';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog';
import { libraryPath } from './libraryScope';
import { workspaceTexts as texts } from './texts';
import { useSelectedWorkspace } from './useSelectedWorkspace';

const itemClass = (active: boolean) =>
  `flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors ${active ? 'bg-white/10 text-white' : 'text-ink-100 hover:bg-white/5 hover:text-white'}`;

/**
 * The sidebar's workspace switcher (issue 43): "Personal" and each team workspace the person belongs to;
 * choosing one shows its library (`/app?workspace=<id>`). An Enterprise account that owns none yet may
 * create one. Nothing shows for someone with no workspace and no way to make one.
 */
export function WorkspaceSwitcher({
  user,
  wideOnly,
  onNavigate,
}: {
  user: User;
  wideOnly: string;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const { workspaceId, workspaces } = useSelectedWorkspace();
  const [creating, setCreating] = useState(false);
  // The current scope is marked on the library's page only (elsewhere there is no ?workspace= to read).
  const onLibrary = useMatch('/app') !== null;
  const isCurrent = (id: string | undefined) => onLibrary && workspaceId === id;
  const canCreate = user.accountType === 'enterprise' && !workspaces.some((w) => w.role === 'owner');
  if (workspaces.length === 0 && !canCreate) return null;

  return (
    <div role="group" aria-labelledby={headingId} className={`mt-5 px-3 ${wideOnly}`}>
      <h2 id={headingId} className="px-3 pb-2 text-[11px] font-semibold tracking-[0.14em] text-ink-300 uppercase">
        {texts.switcher}
      </h2>
      <ul className="space-y-0.5">
        <li>
          <Link
            to={libraryPath()}
            onClick={onNavigate}
            aria-current={isCurrent(undefined) ? 'true' : undefined}
            className={itemClass(isCurrent(undefined))}
          >
            <BookIcon className="size-4.5" />
            {texts.personal}
          </Link>
        </li>
        {workspaces.map((workspace) => (
          <li key={workspace.id}>
            <Link
              to={libraryPath(workspace.id)}
              onClick={onNavigate}
              aria-current={isCurrent(workspace.id) ? 'true' : undefined}
              className={itemClass(isCurrent(workspace.id))}
            >
              <PeopleIcon className="size-4.5" />
              <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
            </Link>
          </li>
        ))}
        {canCreate && (
          <li>
            <button type="button" onClick={() => setCreating(true)} className={itemClass(false)}>
              <PlusIcon className="size-4.5" />
              {texts.create}
            </button>
          </li>
        )}
      </ul>
      {creating && <CreateWorkspaceDialog open onClose={() => setCreating(false)} />}
    </div>
  );
}
