import type { AuditEntry, Workspace, WorkspaceMembers } from '@bookwright/contracts/http';
import { starterUser } from '../../test/books';

/** The fixtures of the workspace tests: Ada (the signed-in person) owns "Lighthouse Press". */
export const press: Workspace = {
  id: 'w1',
  name: 'Lighthouse Press',
  role: 'owner',
  ownerId: starterUser._id,
  seats: { used: 3, limit: 5 },
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const guild: Workspace = {
  id: 'w2',
  name: 'Writers Guild',
  role: 'member',
  ownerId: 'u-grace',
  seats: { used: 2, limit: 10 },
  createdAt: '2026-11-02T10:00:00.000Z',
};

export const enterpriseUser = { ...starterUser, accountType: 'enterprise', booksLeftThisMonth: null } as const;

export const pressMembers: WorkspaceMembers = {
  members: [
    {
      id: starterUser._id,
      name: 'Ada Lovelace',
      email: starterUser.email,
      role: 'owner',
      joinedAt: '2026-11-01T10:00:00.000Z',
    },
    {
      id: 'u-grace',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'member',
      joinedAt: '2026-11-03T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'i1',
      email: 'mary@example.com',
      role: 'admin',
      expiresAt: '2026-12-05T10:00:00.000Z',
      createdAt: '2026-11-28T10:00:00.000Z',
    },
  ],
  seats: { used: 3, limit: 5 },
};

export const pressAudit: AuditEntry[] = [
  {
    id: 'a1',
    at: '2026-11-01T10:00:00.000Z',
    action: 'workspace.created',
    actor: { id: starterUser._id, name: 'Ada Lovelace' },
  },
  {
    id: 'a3',
    at: '2026-11-20T09:30:00.000Z',
    action: 'book.moved-in',
    actor: { id: starterUser._id, name: 'Ada Lovelace' },
    book: { id: 'b1', title: 'The Keeper of Letters' },
  },
  {
    id: 'a2',
    at: '2026-11-03T10:00:00.000Z',
    action: 'member.invited',
    actor: { id: starterUser._id, name: 'Ada Lovelace' },
    subject: { email: 'grace@example.com' },
    role: 'member',
  },
];
