import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import {
  LiveBookMoveSchema,
  liveBookEventNames,
  liveBookMoveEventNames,
  LiveBookUpdateSchema,
  LiveCommentChangeSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { createInProcessBus, silentLogger } from '@bookwright/kit';
import { BookEventsHub } from './book-events-hub';

/** An open stream as the hub sees it: what was written to it, frame by frame. */
function fakeStream() {
  const frames: { event: string; data: unknown }[] = [];
  const res = {
    write(chunk: string) {
      const event = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      if (event && data) frames.push({ event, data: JSON.parse(data) });
      return true;
    },
    end() {},
  } as unknown as ServerResponse;
  return { res, frames };
}

async function withHub(run: (hub: BookEventsHub, bus: ReturnType<typeof createInProcessBus>) => Promise<void>) {
  const bus = createInProcessBus({ logger: silentLogger() });
  const hub = new BookEventsHub(bus, silentLogger());
  await hub.start();
  try {
    await run(hub, bus);
  } finally {
    await hub.stop();
    await bus.close();
  }
}

describe('BookEventsHub and the people a book is shared with', () => {
  it("forwards a shared book's events to its members, and ends a removed member's streams", async () => {
    await withHub(async (hub, bus) => {
      const owner = fakeStream();
      const member = fakeStream();
      const stranger = fakeStream();
      let ended = 0;
      member.res.end = (() => ((ended += 1), member.res)) as ServerResponse['end'];
      hub.add('owner', owner.res);
      hub.add('member', member.res, ['b1']);
      hub.add('stranger', stranger.res);
      await bus.publish(events.bookUpdated, {
        bookId: 'b1',
        userId: 'owner',
        fields: ['bookContent'],
        status: 'ready',
      });
      await expect.poll(() => member.frames.length).toBe(1);
      expect(member.frames[0]).toEqual({
        event: 'book.updated',
        data: { bookId: 'b1', status: 'ready', fields: ['bookContent'] },
      });
      const about = { bookId: 'b1', ownerId: 'owner', memberId: 'member' };
      await bus.publish(events.bookMemberRemoved, { ...about, role: 'viewer', removedBy: 'owner' });
      await expect.poll(() => ended).toBe(1);
      expect(member.frames.at(-1)).toEqual({ event: 'book.member.removed', data: { bookId: 'b1', movedTo: 'gone' } });
      // A new stream of theirs hears nothing more of the book, until it is shared with them again.
      const again = fakeStream();
      hub.add('member', again.res, []);
      await bus.publish(events.bookUpdated, { bookId: 'b1', userId: 'owner', fields: ['title'], status: 'ready' });
      await expect.poll(() => owner.frames.length).toBe(2);
      expect(again.frames).toEqual([]);
      await bus.publish(events.bookMemberAdded, { ...about, role: 'coauthor', invitedBy: 'owner' });
      await expect.poll(() => again.frames.length).toBe(1);
      await bus.publish(events.bookUpdated, { bookId: 'b1', userId: 'owner', fields: ['title'], status: 'ready' });
      await expect.poll(() => again.frames.length).toBe(2);
      expect(again.frames.map((frame) => frame.event)).toEqual(['book.member.added', 'book.updated']);
      expect(stranger.frames).toEqual([]);
    });
  });
});

describe('BookEventsHub', () => {
  it('forwards a move to the trash, a restore and a deletion as book moves, to their owner only', async () => {
    await withHub(async (hub, bus) => {
      const alice = fakeStream();
      const bob = fakeStream();
      hub.add('alice', alice.res);
      hub.add('bob', bob.res);
      const deletedAt = '2026-11-25T10:00:00.000Z';
      await bus.publish(events.bookTrashed, { bookId: 'b1', userId: 'alice', deletedAt, attempt: 1 });
      await bus.publish(events.bookRestored, { bookId: 'b1', userId: 'alice' });
      await bus.publish(events.bookDeleted, { bookId: 'b2', userId: 'alice', deletedAt });
      await expect.poll(() => alice.frames.length).toBe(3);
      expect(alice.frames).toEqual([
        { event: 'book.trashed', data: { bookId: 'b1', movedTo: 'trash' } },
        { event: 'book.restored', data: { bookId: 'b1', movedTo: 'library' } },
        { event: 'book.deleted', data: { bookId: 'b2', movedTo: 'gone' } },
      ]);
      for (const frame of alice.frames) {
        expect(liveBookMoveEventNames).toContain(frame.event);
        expect(LiveBookMoveSchema.parse(frame.data)).toEqual(frame.data);
      }
      expect(bob.frames).toEqual([]);
    });
  });

  it('keeps the status messages as they were, on their own event names', async () => {
    await withHub(async (hub, bus) => {
      const alice = fakeStream();
      hub.add('alice', alice.res);
      await bus.publish(events.bookReady, { bookId: 'b1', userId: 'alice', words: 1000, pages: 4 });
      await bus.publish(events.bookTrashed, {
        bookId: 'b1',
        userId: 'alice',
        deletedAt: '2026-11-25T10:00:00.000Z',
        attempt: 1,
      });
      await expect.poll(() => alice.frames.length).toBe(2);
      const [ready, trashed] = alice.frames;
      expect(ready).toEqual({ event: 'book.ready', data: { bookId: 'b1', status: 'ready' } });
      expect(LiveBookUpdateSchema.safeParse(ready!.data).success).toBe(true);
      // A browser listening only to the status names never gets a move.
      expect(liveBookEventNames).not.toContain(trashed!.event);
    });
  });

  it("follows a workspace's new book for its members, and ends the streams of someone who joins or leaves", async () => {
    await withHub(async (hub, bus) => {
      const owner = fakeStream();
      const member = fakeStream();
      const outsider = fakeStream();
      let ended = 0;
      member.res.end = (() => ((ended += 1), member.res)) as ServerResponse['end'];
      hub.add('owner', owner.res, [], ['w1']);
      hub.add('member', member.res, [], ['w1']);
      hub.add('outsider', outsider.res);
      const created = {
        bookId: 'b9',
        userId: 'owner',
        title: 'Tides',
        genre: 'mystery',
        bookType: 'fiction',
        language: 'english',
        targetAudience: 'Adults',
        size: 'short',
        prompt: 'A tide table that lies.',
        workspaceId: 'w1',
        createdBy: 'member',
      } as const;
      await bus.publish(events.bookCreated, created);
      await expect.poll(() => member.frames.length).toBe(1);
      expect(member.frames[0]).toEqual({ event: 'book.created', data: { bookId: 'b9', status: 'planning' } });
      // From then on the member hears the book's progress like its owner.
      await bus.publish(events.bookPlanned, { bookId: 'b9', userId: 'owner' });
      await expect.poll(() => member.frames.length).toBe(2);
      expect(outsider.frames).toEqual([]);

      await bus.publish(events.workspaceMemberRemoved, {
        workspaceId: 'w1',
        ownerId: 'owner',
        memberId: 'member',
        role: 'member',
        removedBy: 'owner',
        seatsUsed: 1,
      });
      await expect.poll(() => ended).toBe(1);
      await bus.publish(events.bookPlanned, { bookId: 'b9', userId: 'owner' });
      await expect.poll(() => owner.frames.length).toBe(3);
      expect(member.frames).toHaveLength(2);

      const joining = fakeStream();
      let joinedEnded = 0;
      joining.res.end = (() => ((joinedEnded += 1), joining.res)) as ServerResponse['end'];
      hub.add('newcomer', joining.res);
      await bus.publish(events.workspaceMemberAdded, {
        workspaceId: 'w1',
        ownerId: 'owner',
        memberId: 'newcomer',
        role: 'member',
        invitedBy: 'owner',
        seatsUsed: 2,
      });
      await expect.poll(() => joinedEnded).toBe(1);
    });
  });
});

describe('BookEventsHub and comments', () => {
  it("sends a book's new comments and resolved threads to its owner and members, and to no one else", async () => {
    await withHub(async (hub, bus) => {
      // The book service's one rule: who owns b1; anyone asking about another book is refused.
      await bus.serve(requests.book.access, async ({ bookId }) => {
        if (bookId !== 'b1') throw Object.assign(new Error('not found'), { status: 404 });
        return { role: 'commenter' as const, ownerId: 'owner' };
      });
      const owner = fakeStream();
      const member = fakeStream();
      const stranger = fakeStream();
      hub.add('owner', owner.res);
      hub.add('member', member.res, ['b1']);
      hub.add('stranger', stranger.res, ['b2']);
      const at = new Date().toISOString();
      await bus.publish(events.commentCreated, {
        bookId: 'b1',
        commentId: 'r1',
        threadId: 't1',
        authorId: 'member',
        mentions: [],
        isReply: true,
        at,
      });
      await bus.publish(events.commentResolved, { bookId: 'b1', commentId: 't1', resolvedBy: 'owner', at });
      await expect.poll(() => [owner.frames.length, member.frames.length]).toEqual([2, 2]);
      for (const frames of [owner.frames, member.frames]) {
        expect(frames.map((frame) => frame.event)).toEqual(['comment.created', 'comment.resolved']);
        for (const frame of frames)
          expect(LiveCommentChangeSchema.parse(frame.data)).toEqual({ bookId: 'b1', threadId: 't1' });
      }
      // Another book's comment whose owner cannot be asked still reaches its members.
      await bus.publish(events.commentCreated, {
        bookId: 'b2',
        commentId: 't9',
        threadId: 't9',
        authorId: 'gone',
        mentions: [],
        isReply: false,
        at,
      });
      await expect.poll(() => stranger.frames.length).toBe(1);
      expect(owner.frames).toHaveLength(2);
      expect(member.frames).toHaveLength(2);
    });
  });
});
