import { afterAll, beforeAll, describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import {
  apiMessages,
  bookImageBlobKey,
  mayDo,
  refusalMessage,
  sharedRoles,
  type AcceptedInvitation,
  type Book,
  type BookAction,
  type BookRole,
  type CreatedInvitation,
  type SharedRole,
} from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, oneParagraph } from '../support/books';
import { SystemProbe } from '../support/system-probe';

/*
 * The access table of issue 43, checked over the gateway's own OpenAPI document: every operation about a
 * book is sent, well formed, by each kind of person: the owner, a co-author, an editor, a commenter, a
 * viewer, a co-author of another of the owner's books, a member of another team workspace, and a stranger
 * (the book itself is moved into the owner's workspace by the moveBook row on the way). Each answer must be what the table says: through the access
 * check where the role may (2xx, or a 4xx about the book's state, never 401/403/404), 403 naming what the
 * role may not do, and 404 for anyone with no role on the book. Never a 5xx. A new operation about a book
 * fails this test until it is given its row here.
 *
 * Unlike properties.test.ts (which checks that nothing of another user's changes), this checks the refusal
 * itself: a handler that served anyone's book would answer the stranger 200 here.
 */

/** The action each operation needs (contracts' bookActions), and a well-formed request for it. */
interface Row {
  action: BookAction;
  body?: (ctx: Context) => unknown;
  multipart?: () => Promise<FormData>;
  /** After a 2xx, what puts the book back as the next request expects it. */
  repair?: (ctx: Context, person: Person) => Promise<void>;
  /** The comment a request names as {commentId}, when it is not the owner's thread. */
  commentId?: (ctx: Context, person: Person) => string;
}

interface Context {
  bookId: string;
  coverId: string;
  revisionId: string;
  /** An image inside the book's chapters (stored as an import stores one). */
  imageId: string;
  invitationId: string;
  /** The person every "change a member" operation names: re-invited after a removal. */
  extraId: string;
  /** The owner's team workspace, which moveBook moves the book into (again: a retried move answers the same). */
  workspaceId: string;
  /** A passage of chapter 1 that every save of this test keeps, so comments on it can always be made. */
  quote: string;
  /** The owner's comment thread, which replies and resolving name. */
  threadId: string;
  /** A comment of each person who may comment, for them to delete (made again after each deletion). */
  ownComments: Map<Person, string>;
  serial: number;
}

const coverForm = async () => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await testImage(400, 600, 'png'))]), 'cover.png');
  return form;
};

/** A picture for a chapter, for POST /book/{id}/images. */
const chapterImageForm = async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await testImage(60, 40, 'png'))]), 'map.png');
  return form;
};

/**
 * A Markdown file for POST /book/{id}/import: who may edit is asked first, then the file is refused (415, a
 * book takes back only Word) — through for the roles that may, and the book's text stays as the test keeps it.
 */
const markdownForm = async () => {
  const form = new FormData();
  form.append('file', new Blob(['# Chapter 1\n\nNot Word.\n']), 'edited.md');
  return form;
};

const table: Record<string, Row> = {
  getBook: { action: 'read' },
  updateBook: { action: 'manage', body: () => ({ coverImage: null }) },
  trashBook: { action: 'delete', repair: () => restore() },
  saveContent: { action: 'edit', body: (ctx) => ({ bookContent: oneParagraph(`Edit ${ctx.serial}. ${ctx.quote}`) }) },
  saveMetadata: {
    action: 'manage',
    body: () => ({
      title: 'The Keeper of Letters',
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    }),
  },
  retryBook: { action: 'manage' },
  restoreBook: { action: 'delete' },
  deleteBookForever: { action: 'delete' },
  listMembers: { action: 'read' },
  createCollabToken: { action: 'read' },
  moveBook: { action: 'delete', body: (ctx) => ({ workspaceId: ctx.workspaceId }) },
  inviteMember: { action: 'share', body: (ctx) => ({ email: `guest.${ctx.serial}@example.com`, role: 'viewer' }) },
  changeMemberRole: { action: 'share', body: () => ({ role: 'commenter' }) },
  removeMember: { action: 'share', repair: (ctx) => shareExtra(ctx) },
  revokeInvitation: { action: 'share', repair: (ctx) => pendingInvitation(ctx) },
  createInvitationLink: { action: 'share' },
  confirmBook: { action: 'edit' },
  validateExport: { action: 'export', body: () => ({ format: 'epub' }) },
  exportBook: { action: 'export', body: () => ({ format: 'epub' }) },
  uploadCover: { action: 'manage', multipart: coverForm },
  reimportManuscript: { action: 'edit', multipart: markdownForm },
  generateCover: {
    action: 'manage',
    body: () => ({ style: 'minimalist', mood: 'peaceful', colorScheme: 'muted', dimensions: '1024x1536' }),
  },
  getCoverImage: { action: 'read' },
  getBookImage: { action: 'read' },
  uploadBookImage: { action: 'edit', multipart: chapterImageForm },
  listRevisions: { action: 'read' },
  saveRevision: { action: 'edit', body: (ctx) => ({ name: `Version ${ctx.serial}` }) },
  getRevision: { action: 'read' },
  restoreRevision: { action: 'edit' },
  suggestMetadata: { action: 'manage' },
  suggestTranslationTitle: { action: 'manage', body: () => ({ language: 'german' }) },
  translateBook: { action: 'manage', body: () => ({ language: 'german' }) },
  listComments: { action: 'read' },
  createComment: { action: 'comment', body: (ctx) => ({ anchor: { chapter: 1, quote: ctx.quote }, body: 'A note.' }) },
  createCommentReply: { action: 'comment', body: () => ({ body: 'A reply.' }) },
  // Resolving is the owner's and co-authors' (editing a body is its author's: tests/api/comments.test.ts).
  updateComment: { action: 'resolveComment', body: () => ({ resolved: true }) },
  // Each person deletes a comment of their own; those who may not comment name the owner's.
  deleteComment: {
    action: 'comment',
    commentId: (ctx, person) => ctx.ownComments.get(person) ?? ctx.threadId,
    repair: (ctx, person) => ownComment(ctx, person),
  },
  rewritePassage: {
    action: 'manage',
    body: () => ({ text: 'The lamp burned low.', instruction: 'Make it shorter' }),
  },
};

type Outsider = 'memberOfAnotherBook' | 'memberOfAnotherWorkspace' | 'stranger';
type Person = BookRole | Outsider;
const outsiders: readonly Outsider[] = ['memberOfAnotherBook', 'memberOfAnotherWorkspace', 'stranger'];
const isOutsider = (person: Person): person is Outsider => (outsiders as readonly Person[]).includes(person);
const people: Person[] = ['owner', ...sharedRoles, ...outsiders];

interface Operation {
  method: string;
  path: string;
  operationId: string;
}

let system: TestSystem;
reportSystemFailures(() => system);
let owner: HttpClient;
const clients = new Map<Person, HttpClient>();
let extra: HttpClient;
let operations: Operation[] = [];
const ctx: Context = {
  bookId: '',
  coverId: '',
  revisionId: '',
  imageId: '',
  invitationId: '',
  extraId: '',
  workspaceId: '',
  quote: '',
  threadId: '',
  ownComments: new Map(),
  serial: 0,
};

async function signedUp(): Promise<{ client: HttpClient; email: string; id: string }> {
  const client = system.client();
  const account = newAccount();
  expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
  const me = await client.get<{ _id: string }>('/api/v1/user/current-user');
  return { client, email: account.email, id: me.body._id };
}

async function shareWith(client: HttpClient, email: string, bookId: string, role: SharedRole): Promise<void> {
  const invited = await owner.post<CreatedInvitation>(`/api/v1/book/${bookId}/members`, { email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = invited.body.link.split('/').pop()!;
  const accepted = await client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

async function restore(): Promise<void> {
  expect((await owner.post(`/api/v1/book/${ctx.bookId}/restore`)).status).toBe(200);
}

/** A member of someone else's team workspace (the owner's book is moved into the owner's own). */
async function memberOfAnotherWorkspace(adminEnv: Record<string, string>): Promise<HttpClient> {
  const press = await signedUp();
  expect((await runAdmin(['set-plan', press.email, 'enterprise'], adminEnv, silentLogger())).exitCode).toBe(0);
  const workspace = await press.client.post<{ id: string }>('/api/v1/workspaces', { name: 'Another Press' });
  expect(workspace.status, JSON.stringify(workspace.body)).toBe(201);
  const member = await signedUp();
  const invited = await press.client.post<CreatedInvitation>(`/api/v1/workspaces/${workspace.body.id}/members`, {
    email: member.email,
    role: 'member',
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = invited.body.link.split('/').pop()!;
  expect((await member.client.post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
  return member.client;
}

let extraEmail = '';
async function shareExtra(context: Context): Promise<void> {
  await shareWith(extra, extraEmail, context.bookId, 'viewer');
}

/** A comment by `person` on the shared passage, theirs to delete. */
async function ownComment(context: Context, person: Person): Promise<void> {
  const created = await clients.get(person)!.post<{ id: string }>(`/api/v1/book/${context.bookId}/comments`, {
    anchor: { chapter: 1, quote: context.quote },
    body: `Mine, ${person}.`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  context.ownComments.set(person, created.body.id);
}

/**
 * An image of the book, put where an import puts one (not through the upload route, whose own row may be
 * refused): the route's answer depends on who asks, not on whether the manuscript still names it.
 */
async function storeBookImage(context: Context): Promise<void> {
  const probe = await SystemProbe.open(system);
  try {
    context.imageId = 'a'.repeat(32);
    await probe.blobs.put(bookImageBlobKey(context.bookId, context.imageId), await testImage(40, 30, 'png'), {
      contentType: 'image/png',
    });
  } finally {
    await probe.close();
  }
}

async function pendingInvitation(context: Context): Promise<void> {
  context.serial += 1;
  const invited = await owner.post<CreatedInvitation>(`/api/v1/book/${context.bookId}/members`, {
    email: `pending.${context.serial}@example.com`,
    role: 'viewer',
  });
  expect(invited.status).toBe(201);
  context.invitationId = invited.body.id;
}

beforeAll(async () => {
  system = await startTestSystem({
    GENERATION_RATE_LIMIT_PER_USER: '1000000',
    COVER_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
  });
  const { client, book } = await readyBook(system);
  owner = client;
  clients.set('owner', owner);
  ctx.bookId = book._id;
  // On Enterprise, with a team workspace to move the book into.
  const { email } = (await owner.get<{ email: string }>('/api/v1/user/current-user')).body;
  const adminEnv = {
    DATA_DIR: system.dataDir,
    DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  expect((await runAdmin(['set-plan', email, 'enterprise'], adminEnv, silentLogger())).exitCode).toBe(0);
  const workspace = await owner.post<{ id: string }>('/api/v1/workspaces', { name: 'Matrix Press' });
  expect(workspace.status, JSON.stringify(workspace.body)).toBe(201);
  ctx.workspaceId = workspace.body.id;
  for (const role of sharedRoles) {
    const member = await signedUp();
    await shareWith(member.client, member.email, book._id, role);
    clients.set(role, member.client);
  }
  // A co-author of another of the owner's books, and someone with nothing at all.
  const other = await owner.post<Book>('/api/v1/agent/plan', {
    prompt: 'A lighthouse keeper answers letters from ships.',
    title: 'Another Book',
    language: 'english',
    targetAudience: 'Adults',
    genre: 'mystery',
    size: 'short',
  });
  const elsewhere = await signedUp();
  await shareWith(elsewhere.client, elsewhere.email, other.body._id, 'coauthor');
  clients.set('memberOfAnotherBook', elsewhere.client);
  clients.set('memberOfAnotherWorkspace', await memberOfAnotherWorkspace(adminEnv));
  clients.set('stranger', (await signedUp()).client);
  const spare = await signedUp();
  extra = spare.client;
  extraEmail = spare.email;
  ctx.extraId = spare.id;
  await shareExtra(ctx);
  await pendingInvitation(ctx);

  const uploaded = await owner.request<{ imageUrl: string }>('POST', `/api/v1/book/upload-cover/${book._id}`, {
    multipart: await coverForm(),
  });
  expect(uploaded.status).toBe(200);
  expect((await owner.patch(`/api/v1/book/${book._id}`, { coverImage: uploaded.body.imageUrl })).status).toBe(200);
  ctx.coverId = /cover-image\/([^/]+)\//.exec(uploaded.body.imageUrl)![1]!;
  // Six words of chapter 1's first paragraph, kept by every save below (saveContent's text holds them).
  const chapterOne = JSON.parse(book.bookContent!) as { content: { type: string; content?: { text?: string }[] }[] };
  const paragraph = chapterOne.content.find((node) => node.type === 'paragraph')!;
  ctx.quote = (paragraph.content ?? [])
    .map((part) => part.text ?? '')
    .join('')
    .split(/\s+/)
    .slice(0, 6)
    .join(' ');
  for (const person of people.filter((p) => !isOutsider(p) && mayDo(p, 'comment'))) await ownComment(ctx, person);
  const thread = await owner.post<{ id: string }>(`/api/v1/book/${book._id}/comments`, {
    anchor: { chapter: 1, quote: ctx.quote },
    body: 'The thread everyone answers.',
  });
  expect(thread.status, JSON.stringify(thread.body)).toBe(201);
  ctx.threadId = thread.body.id;
  await storeBookImage(ctx);
  const version = await owner.post<{ id: string }>(`/api/v1/book/${book._id}/revisions`, { name: 'Kept' });
  expect(version.status).toBe(201);
  ctx.revisionId = version.body.id;

  const openapi = (await (await fetch(`${system.url}/api/v1/docs/json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(() => path.includes('{bookId}'))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId })),
  );
}, 300_000);

afterAll(async () => {
  await system?.stop();
});

async function send(operation: Operation, person: Person) {
  const row = table[operation.operationId]!;
  const path = operation.path
    .replace('{bookId}', ctx.bookId)
    .replace('{memberId}', ctx.extraId)
    .replace('{invitationId}', ctx.invitationId)
    .replace('{coverId}', ctx.coverId)
    .replace('{variant}', 'master')
    .replace('{revisionId}', ctx.revisionId)
    .replace('{imageId}', ctx.imageId)
    .replace('{commentId}', row.commentId?.(ctx, person) ?? ctx.threadId);
  ctx.serial += 1;
  const client = clients.get(person)!;
  const answer = row.multipart
    ? await client.request(operation.method, path, { multipart: await row.multipart() })
    : await client.request(operation.method, path, row.body ? { json: row.body(ctx) } : {});
  return { ...answer, row };
}

describe('who may do what to a book (issue 43), over every operation of the OpenAPI document', () => {
  it('has a row for every operation about a book, and no row for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(table).sort());
  });

  it.prop([fc.constant(null).chain(() => fc.shuffledSubarray(pairs(), { minLength: pairs().length }))], {
    numRuns: Number(process.env.ACCESS_MATRIX_RUNS ?? 1),
    endOnFailure: true,
  })(
    'answers each person as the table says: through where the role may, 403 where it may not, 404 without a role',
    async (sequence) => {
      for (const [operation, person] of sequence) {
        const { status, body, row } = await send(operation, person);
        const what = `${operation.method} ${operation.path} as ${person}: ${status} ${JSON.stringify(body).slice(0, 200)}`;
        expect(status, what).toBeLessThan(500);
        if (isOutsider(person)) {
          expect(status, what).toBe(404);
          expect(body, what).toMatchObject({ msg: apiMessages.notFound });
        } else if (mayDo(person, row.action)) {
          expect([401, 403, 404], what).not.toContain(status);
          if (status < 300 && row.repair) await row.repair(ctx, person);
        } else {
          expect(status, what).toBe(403);
          expect(body, what).toMatchObject({ msg: refusalMessage(person, row.action) });
        }
      }
    },
    900_000,
  );
});

/** Every (operation, person) pair, each once. */
function pairs(): [Operation, Person][] {
  return operations.flatMap((operation) => people.map((person): [Operation, Person] => [operation, person]));
}
