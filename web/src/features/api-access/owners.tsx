import { managesWorkspace, type Workspace } from '@bookwright/contracts/http';
import { SelectField } from '../../components/fields';
import { useListWorkspacesQuery } from '../workspaces/workspacesApi';
import { apiAccessTexts as texts } from './texts';

/** The team workspaces the person administers: those that may own a token or a webhook. */
export function useAdministeredWorkspaces(): Workspace[] {
  const { data } = useListWorkspacesQuery();
  return (data ?? []).filter((workspace) => managesWorkspace(workspace.role));
}

/** "Workspace: Lighthouse Press" for what a workspace owns; undefined for the person's own. */
export function useOwnerLabel(): (workspaceId: string | null | undefined) => string | undefined {
  const { data } = useListWorkspacesQuery();
  return (workspaceId) => {
    if (!workspaceId) return undefined;
    const name = data?.find((workspace) => workspace.id === workspaceId)?.name;
    return texts.workspaceOwned(name ?? texts.unknownWorkspace);
  };
}

/**
 * Who will own what is being made: the person ('') or one of the workspaces they administer. Shown only when
 * there is such a workspace; otherwise everything made here is the person's.
 */
export function OwnerSelect({
  workspaces,
  value,
  onChange,
}: {
  workspaces: Workspace[];
  value: string;
  onChange: (workspaceId: string) => void;
}) {
  if (workspaces.length === 0) return null;
  return (
    <SelectField
      label={texts.owner}
      name="owner"
      hint={texts.ownerHint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{texts.ownerYou}</option>
      {workspaces.map((workspace) => (
        <option key={workspace.id} value={workspace.id}>
          {workspace.name}
        </option>
      ))}
    </SelectField>
  );
}
