import { afterEach, describe, expect, it } from 'vitest';
import { membersRepository } from '../access/members.repository';
import { oneBook } from '../testing/one-book';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { getBook } from './get';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

async function setUp() {
  const world = await oneBook();
  cleanUps.push(world.close);
  return { ...world, get: () => getBook(world.deps)({ userId: 'u1', bookId: 'b1' }) };
}

describe('GET /book/{id}: live', () => {
  it('is false for a book nobody shares, true once someone is on it, false again when they leave', async () => {
    const { deps, get } = await setUp();
    expect((await get()).live).toBe(false);
    await membersRepository.addMember(deps.db, { bookId: 'b1', userId: 'u2', role: 'viewer', addedBy: 'u1' });
    expect((await get()).live).toBe(true);
    await membersRepository.removeMember(deps.db, 'b1', 'u2');
    expect((await get()).live).toBe(false);
  });

  it("is true for a team workspace's book once the workspace has another member", async () => {
    const { deps, get } = await setUp();
    const now = new Date('2026-06-30T09:00:00Z');
    await workspacesRepository.insert(deps.db, {
      id: 'w1',
      name: 'Team',
      owner_id: 'u1',
      seat_limit: 5,
      created_at: now,
    });
    await workspacesRepository.addMember(deps.db, {
      workspaceId: 'w1',
      userId: 'u1',
      role: 'owner',
      addedBy: 'u1',
      now,
    });
    await deps.db.updateTable('books').set({ workspace_id: 'w1' }).where('id', '=', 'b1').execute();
    expect((await get()).live).toBe(false);
    await workspacesRepository.addMember(deps.db, {
      workspaceId: 'w1',
      userId: 'u3',
      role: 'member',
      addedBy: 'u1',
      now,
    });
    expect((await get()).live).toBe(true);
  });
});
