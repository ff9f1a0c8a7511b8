import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import {
  apiMessages,
  chapterNodes,
  chaptersOf,
  commentLimits,
  commentMessages,
  documentText,
  noSuchChapterMessage,
  quoteNotFoundMessage,
  refusalMessage,
  type AcceptedInvitation,
  type Book,
  type CommentAnchor,
  type CommentReply,
  type CommentThread,
  type CreatedInvitation,
  type SharedRole,
  type TiptapDocument,
  type TiptapNode,
  type User,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';
import { SystemProbe } from '../support/system-probe';
import { unzip } from '../support/unzip';

/*
 * Comments on a book (issue 44) over HTTP, through the gateway to the book service and back: threads on a
 * quote of a chapter, replies, edits and deletions by their authors, resolving by the owner and co-authors,
 * "on deleted text" after a save, the mail they send (mentions, replies, the 10-minute throttle, the
 * Settings switch), their events, and the takeout's comments.json. Both modes.
 */

interface Member {
  client: HttpClient;
  id: string;
  email: string;
  name: string;
}

let system: TestSystem;
reportSystemFailures(() => system);
let probe: SystemProbe;
let book: Book;
let owner: Member;
const members = {} as Record<SharedRole, Member>;
let stranger: HttpClient;
/** Three passages of chapter 1 that each occur once in it, in different paragraphs. */
let quotes: string[] = [];

const names: Record<SharedRole, [string, string]> = {
  coauthor: ['Cora', 'Coauthor'],
  editor: ['Emma', 'Editor'],
  commenter: ['Carl', 'Commenter'],
  viewer: ['Vera', 'Viewer'],
};

async function signUp(firstName: string, lastName: string): Promise<Member> {
  const client = system.client();
  const account = newAccount({ firstName, lastName });
  expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
  const me = await client.get<User>('/api/v1/user/current-user');
  return { client, id: me.body._id, email: account.email, name: `${firstName} ${lastName}` };
}

async function share(person: Member, role: SharedRole): Promise<void> {
  const invited = await owner.client.post<CreatedInvitation>(`/api/v1/book/${book._id}/members`, {
    email: person.email,
    role,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = invited.body.link.split('/').pop()!;
  const accepted = await person.client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** The texts of a manuscript's chapters, as the book service reads them for anchors. */
function chapterTextsOf(content: string): string[] {
  const document = JSON.parse(content) as TiptapDocument;
  return chaptersOf(document).map((chapter) => documentText({ type: 'doc', content: chapterNodes(chapter) }));
}

/** Six words from each paragraph of chapter 1 that occur once in it. */
function uniquePassages(content: string): string[] {
  const document = JSON.parse(content) as TiptapDocument;
  const [first] = chaptersOf(document);
  const chapter = chapterTextsOf(content)[0]!;
  return first!.blocks
    .map((block) => documentText(block).split(/\s+/).slice(1, 7).join(' '))
    .filter((passage) => passage.split(' ').length === 6 && chapter.split(passage).length === 2);
}

const anchorOn = (quote: string, chapter = 1): CommentAnchor => ({ chapter, quote });
const commentsPath = (bookId = book._id) => `/api/v1/book/${bookId}/comments`;

async function comment(person: Member, body: string, quote = quotes[0]!) {
  const created = await person.client.post<CommentThread>(commentsPath(), { anchor: anchorOn(quote), body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function reply(person: Member, commentId: string, body: string) {
  const created = await person.client.post<CommentReply>(`${commentsPath()}/${commentId}/replies`, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const threads = async (client = owner.client) => {
  const listed = await client.get<CommentThread[]>(commentsPath());
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body;
};

/** Every comment mail in the outbox to this address (invitations left out). */
async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const dir = join(system.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter(
    (f) => f.endsWith('.json') && !f.startsWith('.'),
  );
  const mails = await Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; subject: string; text: string },
    ),
  );
  return mails.filter(
    (mail) => mail.to.toLowerCase() === address.toLowerCase() && / (mentioned you|replied) on “/.test(mail.subject),
  );
}

/** What the book service's consumer of comment.created did about a comment, once it has (its log line). */
async function mailDecision(commentId: string): Promise<{ asked: string[]; mailed: string[] }> {
  let line: Record<string, unknown> | undefined;
  await expect
    .poll(() => (line = system.logs.find((l) => l.msg === 'comment mail handed over' && l.commentId === commentId)), {
      timeout: 20_000,
    })
    .toBeDefined();
  return line as unknown as { asked: string[]; mailed: string[] };
}

beforeAll(async () => {
  system = await startTestSystem();
  probe = await SystemProbe.open(system);
  const ready = await readyBook(system);
  book = ready.book;
  const me = await ready.client.get<User>('/api/v1/user/current-user');
  owner = { client: ready.client, id: me.body._id, email: me.body.email, name: 'Ada Lovelace' };
  for (const role of ['coauthor', 'editor', 'commenter', 'viewer'] as const) {
    members[role] = await signUp(...names[role]);
    await share(members[role], role);
  }
  stranger = (await signUp('Sam', 'Stranger')).client;
  quotes = uniquePassages(book.bookContent!);
  expect(quotes.length).toBeGreaterThanOrEqual(3);
}, 300_000);

afterAll(async () => {
  await probe?.close();
  await system?.stop();
});

describe('comment threads', () => {
  it('opens a thread on a quote for every role that may comment, and lists them to everyone on the book', async () => {
    const before = (await threads()).length;
    const first = await comment(owner, '  Is this the right word?  ');
    expect(first).toEqual({
      id: expect.any(String),
      author: { id: owner.id, name: owner.name },
      body: 'Is this the right word?',
      anchor: { chapter: 1, quote: quotes[0] },
      createdAt: expect.any(String),
      resolved: false,
      onDeletedText: false,
      replies: [],
    });
    const others = [];
    for (const role of ['coauthor', 'editor', 'commenter'] as const)
      others.push(await comment(members[role], `A note from the ${role}.`, quotes[1]));
    expect(others.map((thread) => thread.author.name)).toEqual(['Cora Coauthor', 'Emma Editor', 'Carl Commenter']);

    // A viewer reads them but may not write one.
    const listed = await threads(members.viewer.client);
    expect(listed.slice(before).map((thread) => thread.id)).toEqual([first.id, ...others.map((thread) => thread.id)]);
    const refused = await members.viewer.client.post(commentsPath(), { anchor: anchorOn(quotes[0]!), body: 'Hi' });
    expect(refused).toMatchObject({ status: 403, body: { msg: "Viewers can't comment" } });
    expect(refusalMessage('viewer', 'comment')).toBe("Viewers can't comment");
    const viewerReply = await members.viewer.client.post(`${commentsPath()}/${first.id}/replies`, { body: 'Hi' });
    expect(viewerReply).toMatchObject({ status: 403, body: { msg: "Viewers can't comment" } });
  });

  it('answers a stranger 404 on every route, as for a book that does not exist', async () => {
    const thread = await comment(owner, 'Private.');
    const asked = [
      () => stranger.get(commentsPath()),
      () => stranger.post(commentsPath(), { anchor: anchorOn(quotes[0]!), body: 'Hello' }),
      () => stranger.post(`${commentsPath()}/${thread.id}/replies`, { body: 'Hello' }),
      () => stranger.patch(`${commentsPath()}/${thread.id}`, { resolved: true }),
      () => stranger.request('DELETE', `${commentsPath()}/${thread.id}`),
      () => owner.client.get(commentsPath('no-such-book')),
    ];
    for (const ask of asked) expect(await ask()).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
    expect((await threads()).find((t) => t.id === thread.id)?.replies).toEqual([]);
  });

  it('refuses a quote that is not in the chapter, and a chapter the book does not have', async () => {
    const chapters = chapterTextsOf(book.bookContent!).length;
    const missing = await owner.client.post(commentsPath(), {
      anchor: anchorOn('A sentence nobody wrote.'),
      body: 'x',
    });
    expect(missing).toMatchObject({ status: 400, body: { msg: quoteNotFoundMessage(1) } });
    const elsewhere = await owner.client.post(commentsPath(), { anchor: anchorOn(quotes[0]!, 2), body: 'x' });
    expect(elsewhere).toMatchObject({ status: 400, body: { msg: quoteNotFoundMessage(2) } });
    const beyond = await owner.client.post(commentsPath(), { anchor: anchorOn(quotes[0]!, chapters + 1), body: 'x' });
    expect(beyond).toMatchObject({ status: 400, body: { msg: noSuchChapterMessage(chapters + 1) } });
    // Whitespace is not compared: a selection across a line break still finds its words.
    const spaced = await owner.client.post<CommentThread>(commentsPath(), {
      anchor: { chapter: 1, quote: quotes[0]!.replace(' ', '\n  '), prefix: 'not what precedes it', suffix: '' },
      body: 'Across a break.',
    });
    expect(spaced.status, JSON.stringify(spaced.body)).toBe(201);
    expect(spaced.body.onDeletedText).toBe(false);
  });

  const badBody = fc.oneof(
    fc.constantFrom('', '   ', '\n\t'),
    fc
      .string({ minLength: commentLimits.body + 1, maxLength: commentLimits.body + 50 })
      .filter((s) => s.trim().length > commentLimits.body),
    fc.constantFrom(null, 42, ['text'], { text: 'x' }),
  );
  const badAnchor = fc.oneof(
    fc.record({
      chapter: fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 1.1, max: 9.9, noInteger: true })),
      quote: fc.constant('word'),
    }),
    fc.record({ chapter: fc.constant(1), quote: fc.constantFrom('', '   ', '\n') }),
    fc.record({
      chapter: fc.constant(1),
      quote: fc.string({ minLength: commentLimits.quote + 1, maxLength: commentLimits.quote + 9 }),
    }),
    fc.record({
      chapter: fc.constant(1),
      quote: fc.constant('word'),
      prefix: fc.string({ minLength: commentLimits.context + 1, maxLength: 100 }),
    }),
    fc.constantFrom(undefined, null, 'chapter 1', { quote: 'word' }, { chapter: '1', quote: 'word' }),
  );

  it.prop([badBody, fc.boolean()], { numRuns: 25 })(
    'refuses a body that is empty, too long or not text (400), and stores nothing',
    async (body, asReply) => {
      const target = (await threads())[0]!;
      const path = asReply ? `${commentsPath()}/${target.id}/replies` : commentsPath();
      const sent = await owner.client.post<{ msg: string }>(
        path,
        asReply ? { body } : { anchor: anchorOn(quotes[0]!), body },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(400);
      expect(typeof sent.body.msg).toBe('string');
    },
  );

  it.prop([badAnchor], { numRuns: 25 })('refuses an anchor that is not well formed (400)', async (anchor) => {
    const sent = await owner.client.post<{ msg: string }>(commentsPath(), { anchor, body: 'A fine body.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(400);
    expect(typeof sent.body.msg).toBe('string');
  });

  it.prop(
    [
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 300 })
        .filter((s) => s.trim().length > 0 && !/[\p{Cc}\p{Cs}]/u.test(s.replace(/[\n\t]/g, ''))),
    ],
    { numRuns: 15 },
  )('stores any plain text body trimmed, exactly as sent', async (body) => {
    const created = await owner.client.post<CommentThread>(commentsPath(), { anchor: anchorOn(quotes[2]!), body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.body).toBe(body.trim());
  });
});

describe('mail about comments', () => {
  it('mails a mentioned member and the writers of a thread, once per 10 minutes, never the author or someone who turned it off', async () => {
    const { commenter: carl, editor: emma, coauthor: cora, viewer: vera } = members;
    const first = await comment(owner, 'What do you think, @Carl Commenter?');
    expect(await mailDecision(first.id)).toMatchObject({ asked: [carl.id], mailed: [carl.id] });
    const [mail] = await mailsTo(carl.email);
    expect(mail!.subject).toBe(`Ada Lovelace mentioned you on “${book.title}”`);
    expect(mail!.text).toContain('What do you think, @Carl Commenter?');
    expect(mail!.text).toContain(`On “${quotes[0]}”`);
    expect(mail!.text).toContain(`${system.url}/app/edit/${book._id}?comment=${first.id}`);

    // Within 10 minutes Carl hears nothing more about this book; Emma, mentioned for the first time, does.
    const second = await comment(owner, `@${carl.email.split('@')[0]} and @emma editor, see this.`);
    expect(await mailDecision(second.id)).toMatchObject({ asked: [carl.id, emma.id], mailed: [emma.id] });
    expect(await mailsTo(carl.email)).toHaveLength(1);
    expect(await mailsTo(emma.email)).toHaveLength(1);

    // "Mail me about comments" off: Cora is not mailed; the author never is, even mentioning herself.
    const off = await cora.client.patch<{ user: User }>(`/api/v1/user/${cora.id}/mail-settings`, {
      mailAboutComments: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.user.mailAboutComments).toBe(false);
    expect((await cora.client.get<User>('/api/v1/user/current-user')).body.mailAboutComments).toBe(false);
    const third = await comment(owner, '@Ada Lovelace notes for @Cora Coauthor and @Vera Viewer. ada@example.com');
    expect(await mailDecision(third.id)).toMatchObject({ asked: [cora.id, vera.id], mailed: [vera.id] });
    expect(await mailsTo(cora.email)).toHaveLength(0);
    expect(await mailsTo(owner.email)).toHaveLength(0);

    // A reply mails the thread's other writers (the owner wrote it): not Carl, who replies.
    const answer = await reply(carl, first.id, 'I think it reads well.');
    expect(await mailDecision(answer.id)).toMatchObject({ asked: [owner.id], mailed: [owner.id] });
    const [replied] = await mailsTo(owner.email);
    expect(replied!.subject).toBe(`Carl Commenter replied on “${book.title}”`);
    expect(replied!.text).toContain('I think it reads well.');
  });

  it('mails only people still on the book, and keeps a removed member’s comments under their name', async () => {
    const rita = await signUp('Rita', 'Removed');
    await share(rita, 'commenter');
    const thread = await comment(rita, 'Before I go.');
    const ritaReply = await reply(rita, thread.id, 'And one more thing.');
    const removed = await owner.client.request('DELETE', `/api/v1/book/${book._id}/members/${rita.id}`);
    expect(removed.status).toBe(200);
    const answer = await reply(members.editor, thread.id, '@Rita Removed is gone.');
    // Rita wrote in the thread but has no role any more (and is no member to mention): nobody to mail.
    expect(await mailDecision(answer.id)).toMatchObject({ asked: [], mailed: [] });
    expect(await mailsTo(rita.email)).toHaveLength(0);
    const kept = (await threads()).find((t) => t.id === thread.id)!;
    expect(kept.author).toEqual({ id: rita.id, name: 'Rita Removed' });
    expect(kept.replies[0]).toMatchObject({ id: ritaReply.id, author: { id: rita.id, name: 'Rita Removed' } });
    expect(await rita.client.get(commentsPath())).toMatchObject({ status: 404 });
  });
});

describe('replies, edits, resolving and deleting', () => {
  it('replies in a thread (a reply to a reply joins it), and lets only the author change a comment', async () => {
    const thread = await comment(members.commenter, 'Too long?');
    const answer = await reply(members.editor, thread.id, 'A little.');
    expect(answer).toEqual({
      id: expect.any(String),
      author: { id: members.editor.id, name: 'Emma Editor' },
      body: 'A little.',
      createdAt: expect.any(String),
    });
    const nested = await reply(owner, answer.id, 'I agree.');
    const shown = (await threads()).find((t) => t.id === thread.id)!;
    expect(shown.replies.map((r) => r.id)).toEqual([answer.id, nested.id]);

    const path = `${commentsPath()}/${thread.id}`;
    expect(await owner.client.patch(path, { body: 'Changed by the owner' })).toMatchObject({
      status: 403,
      body: { msg: commentMessages.onlyAuthorEdits },
    });
    const edited = await members.commenter.client.patch<CommentThread>(path, { body: ' Far too long. ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: thread.id, body: 'Far too long.', editedAt: expect.any(String) });
    // A reply is edited by the same route, with its own id; the answer is its thread.
    const replyEdited = await members.editor.client.patch<CommentThread>(`${commentsPath()}/${answer.id}`, {
      body: 'Only a little.',
    });
    expect(replyEdited.status).toBe(200);
    expect(replyEdited.body.replies[0]).toMatchObject({
      id: answer.id,
      body: 'Only a little.',
      editedAt: expect.any(String),
    });
    expect(await members.viewer.client.patch(path, { body: 'Mine now' })).toMatchObject({
      status: 403,
      body: { msg: "Viewers can't comment" },
    });
    expect(await members.commenter.client.patch(path, {})).toMatchObject({
      status: 400,
      body: { msg: commentMessages.nothingToChange },
    });
    expect(await owner.client.patch(`${commentsPath()}/no-such-comment`, { resolved: true })).toMatchObject({
      status: 404,
      body: { msg: commentMessages.notFound },
    });
  });

  it('is resolved and reopened by the owner and co-authors only', async () => {
    const thread = await comment(members.editor, 'Resolve me.');
    const answer = await reply(members.commenter, thread.id, 'Noted.');
    const path = `${commentsPath()}/${thread.id}`;
    for (const role of ['editor', 'commenter', 'viewer'] as const)
      expect(await members[role].client.patch(path, { resolved: true })).toMatchObject({
        status: 403,
        body: { msg: refusalMessage(role, 'resolveComment') },
      });
    expect(refusalMessage('commenter', 'resolveComment')).toBe("Commenters can't resolve comments");

    const resolved = await members.coauthor.client.patch<CommentThread>(path, { resolved: true });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      resolved: true,
      resolvedBy: { id: members.coauthor.id, name: 'Cora Coauthor' },
      resolvedAt: expect.any(String),
    });
    const reopened = await owner.client.patch<CommentThread>(path, { resolved: false });
    expect(reopened.body.resolved).toBe(false);
    expect(reopened.body).not.toHaveProperty('resolvedBy');
    expect(reopened.body).not.toHaveProperty('resolvedAt');
    expect(await owner.client.patch(`${commentsPath()}/${answer.id}`, { resolved: true })).toMatchObject({
      status: 400,
      body: { msg: commentMessages.replyNotResolvable },
    });
    // Its own author, an editor, may change its text but not its state.
    expect(await members.editor.client.patch(path, { body: 'Resolve me, please.', resolved: true })).toMatchObject({
      status: 403,
      body: { msg: "Editors can't resolve comments" },
    });
    expect((await threads()).find((t) => t.id === thread.id)!.body).toBe('Resolve me.');

    // The events go out through the book service's outbox: comment.resolved once (reopening sends none).
    const published = "event_name || case when published_at is null then '' else ':published' end";
    await expect
      .poll(() => probe.count('book', 'outbox', published, ['comment.resolved:published']), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => probe.count('book', 'outbox', published, ['comment.created:published']), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await probe.count('book', 'outbox', "payload->>'commentId'", [thread.id])).toBe(2);
  });

  it('deletes a comment by its author only: a thread with its replies, a reply alone', async () => {
    const thread = await comment(members.commenter, 'Delete me later.');
    const first = await reply(members.editor, thread.id, 'First.');
    const second = await reply(members.coauthor, thread.id, 'Second.');
    const path = (id: string) => `${commentsPath()}/${id}`;
    expect(await owner.client.request('DELETE', path(thread.id))).toMatchObject({
      status: 403,
      body: { msg: commentMessages.onlyAuthorDeletes },
    });
    expect(await members.viewer.client.request('DELETE', path(thread.id))).toMatchObject({
      status: 403,
      body: { msg: "Viewers can't comment" },
    });
    expect(await members.editor.client.request('DELETE', path(first.id))).toMatchObject({
      status: 200,
      body: { msg: commentMessages.deleted },
    });
    expect((await threads()).find((t) => t.id === thread.id)!.replies.map((r) => r.id)).toEqual([second.id]);
    expect(await members.commenter.client.request('DELETE', path(thread.id))).toMatchObject({ status: 200 });
    expect((await threads()).some((t) => t.id === thread.id)).toBe(false);
    expect(await probe.count('book', 'book_comments', 'id', [thread.id, second.id])).toBe(0);
    expect(await members.coauthor.client.patch(path(second.id), { body: 'Still here?' })).toMatchObject({
      status: 404,
      body: { msg: commentMessages.notFound },
    });
  });
});

describe('comments and the text', () => {
  it('keeps a thread on its text as the text around it changes, and marks it on deleted text when it goes', async () => {
    const gone = await comment(members.coauthor, 'This sentence will go.', quotes[1]);
    const stays = await comment(members.coauthor, 'This one stays.', quotes[2]);
    const document = JSON.parse(book.bookContent!) as TiptapDocument;
    const holds = (node: TiptapNode, quote: string) => documentText(node).includes(quote);
    const content = (document.content ?? []).map((node): TiptapNode => {
      if (holds(node, quotes[1]!)) return { type: 'paragraph', content: [{ type: 'text', text: 'Rewritten.' }] };
      if (holds(node, quotes[2]!))
        return { ...node, content: [{ type: 'text', text: 'Suddenly, ' }, ...(node.content ?? [])] };
      return node;
    });
    const saved = await owner.client.patch(`/api/v1/book/content/${book._id}`, {
      bookContent: JSON.stringify({ type: 'doc', content }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await threads();
    expect(after.find((t) => t.id === gone.id)).toMatchObject({ onDeletedText: true, body: 'This sentence will go.' });
    expect(after.find((t) => t.id === stays.id)).toMatchObject({ onDeletedText: false });
  });

  it('lists every thread in the takeout’s comments.json, and none of them in its manuscript', async () => {
    const marker = `Marginal note ${Date.now().toString(36)}`;
    const thread = await comment(members.commenter, marker, quotes[2]);
    await reply(owner, thread.id, `${marker}, answered`);
    for (const person of [owner, members.coauthor]) {
      const download = await person.client.binary('GET', '/api/v1/user/export');
      expect(download.status).toBe(200);
      const entries = await unzip(download.bytes);
      const folder = [...entries.keys()]
        .find((name) => name.endsWith(`-${book._id}/book.json`))!
        .replace('book.json', '');
      expect(folder.startsWith(person === owner ? 'books/' : 'shared/')).toBe(true);
      const listed = JSON.parse(entries.get(`${folder}comments.json`)!.toString('utf8')) as CommentThread[];
      expect(listed).toEqual(await threads());
      expect(listed.find((t) => t.id === thread.id)?.replies[0]?.body).toBe(`${marker}, answered`);
      for (const name of ['manuscript.md', 'manuscript.json'])
        expect(entries.get(`${folder}${name}`)!.toString('utf8')).not.toContain(marker);
    }
  });

  it('goes with the book when it is deleted for good', async () => {
    const all = await threads();
    expect(all.length).toBeGreaterThan(5);
    expect(await probe.count('book', 'book_comments', 'book_id', [book._id])).toBeGreaterThan(all.length);
    expect((await owner.client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect(await owner.client.get(commentsPath())).toMatchObject({ status: 404 });
    expect((await owner.client.request('DELETE', `/api/v1/book/${book._id}/permanent`)).status).toBe(200);
    expect(await probe.count('book', 'book_comments', 'book_id', [book._id])).toBe(0);
    await expect.poll(() => probe.count('user', 'comment_mails', 'book_id', [book._id]), { timeout: 10_000 }).toBe(0);
  });
});
