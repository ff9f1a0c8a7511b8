import {
  invitableWorkspaceRoles,
  workspaceRoleDescriptions,
  workspaceRoleLabels,
  type InvitableWorkspaceRole,
} from '@bookwright/contracts/http';
import type { RoleChoices } from '../../sharing/people/roleChoices';

/** The roles an admin gives in a workspace (admin or member), with the contracts' words for each. */
export const workspaceRoles: RoleChoices<InvitableWorkspaceRole> = {
  roles: invitableWorkspaceRoles,
  labels: workspaceRoleLabels,
  descriptions: workspaceRoleDescriptions,
};
