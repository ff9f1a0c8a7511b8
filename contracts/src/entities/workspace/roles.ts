import { z } from 'zod';
import type { BookRole } from '../book/access';

/**
 * Who a person is in a team workspace (issue 43). `owner` is the Enterprise account that made it and pays
 * for it (its seats and its pool of allowances); there is one, and it can neither leave nor be demoted.
 * Admins have the owner's rights on the workspace's books and manage its people; members are co-authors
 * of its books unless a book gives them a narrower role.
 */
export const workspaceRoles = ['owner', 'admin', 'member'] as const;
export const WorkspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;

/** The roles an admin can give. */
export const invitableWorkspaceRoles = ['admin', 'member'] as const;
export const InvitableWorkspaceRoleSchema = z.enum(invitableWorkspaceRoles, {
  error: 'Choose a role: admin or member',
});
export type InvitableWorkspaceRole = z.infer<typeof InvitableWorkspaceRoleSchema>;

/** The role a workspace role gives on the workspace's books, before a book narrows it. */
export const bookRoleInWorkspace: Record<WorkspaceRole, BookRole> = {
  owner: 'owner',
  admin: 'owner',
  member: 'coauthor',
};

/** Who may manage the workspace's people, seats and audit log. */
export function managesWorkspace(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

export const workspaceRoleLabels: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const workspaceRoleDescriptions: Record<WorkspaceRole, string> = {
  owner: 'Pays for the workspace: everything an admin does, and cannot leave',
  admin: "Manages the workspace's people and seats, and owns every book in it",
  member: 'Sees every book of the workspace and writes them as a co-author',
};
