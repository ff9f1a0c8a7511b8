import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  accountMessages,
  apiMessages,
  avatarSizePx,
  changePasswordMessages,
  imageMessages,
  passwordMessages,
  type Book,
  type User,
} from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { elevenMegabytePng, phoneJpeg } from '@bookwright/kit/images/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { SystemProbe } from '../support/system-probe';

let system: TestSystem;
reportSystemFailures(() => system);
let probe: SystemProbe;
beforeAll(async () => {
  system = await startTestSystem();
  probe = await SystemProbe.open(system);
});
afterAll(async () => {
  await probe?.close();
  await system?.stop();
});

async function signedUp(overrides: Parameters<typeof newAccount>[0] = {}) {
  const client = system.client();
  const account = newAccount(overrides);
  const res = await client.post<{ user: User }>('/api/v1/auth/sign-up', account);
  expect(res.status).toBe(201);
  return { client, account, user: res.body.user };
}

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** PATCH /user/{id} as the settings form sends it: multipart fields and an optional `image` file. */
async function updateAccount(
  client: HttpClient,
  id: string,
  fields: Record<string, string>,
  image?: Buffer,
): Promise<{ status: number; body: { msg: string; user: User } }> {
  await client.get('/api/v1/health/live');
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', new Blob([new Uint8Array(image)]), 'avatar.jpg');
  const response = await fetch(`${system.url}/api/v1/user/${id}`, {
    method: 'PATCH',
    headers: { cookie: cookieOf(client), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { msg: string; user: User } };
}

const fieldsOf = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  userName: user.userName,
  email: user.email,
});

describe('PATCH /user/{id}', () => {
  it('changes names and username, and answers the updated user', async () => {
    const { client, user } = await signedUp();
    const res = await updateAccount(client, user._id, {
      ...fieldsOf(user),
      firstName: 'Augusta',
      lastName: 'King',
      userName: `augusta.${user._id.slice(0, 8)}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(accountMessages.updated);
    expect(res.body.user).toMatchObject({ firstName: 'Augusta', lastName: 'King', email: user.email });
    const me = await client.get<User>('/api/v1/user/current-user');
    expect(me.body.userName).toBe(`augusta.${user._id.slice(0, 8)}`);
    expect(me.body.accountType).toBe('null');
  });

  it('stores the avatar re-encoded, upright and without metadata, served to its owner only', async () => {
    const { client, user } = await signedUp();
    const res = await updateAccount(client, user._id, fieldsOf(user), await phoneJpeg());
    expect(res.status).toBe(200);
    const avatar = res.body.user.avatar!;
    expect(avatar).toMatch(new RegExp(`^/api/v1/user/${user._id}/avatar/[\\w-]+$`));
    const image = await fetch(`${system.url}${avatar}`, { headers: { cookie: cookieOf(client) } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toMatch(/private/);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: avatarSizePx, height: avatarSizePx });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);

    const again = await fetch(`${system.url}${avatar}`, {
      headers: { cookie: cookieOf(client), 'if-none-match': image.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const { client: stranger } = await signedUp();
    expect((await fetch(`${system.url}${avatar}`, { headers: { cookie: cookieOf(stranger) } })).status).toBe(404);
    expect((await fetch(`${system.url}${avatar}`)).status).toBe(401);

    // A second avatar replaces the first, whose blob goes.
    const second = await updateAccount(client, user._id, fieldsOf(user), await testImage(300, 200, 'png'));
    expect(second.body.user.avatar).not.toBe(avatar);
    expect(await probe.blobs.list(`avatars/${user._id}`)).toHaveLength(1);
    expect((await fetch(`${system.url}${avatar}`, { headers: { cookie: cookieOf(client) } })).status).toBe(404);
  });

  it('refuses what is not an image, an image over 10 MB, and changes nothing', async () => {
    const { client, user } = await signedUp();
    const notImage = await updateAccount(
      client,
      user._id,
      { ...fieldsOf(user), firstName: 'Changed' },
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(notImage).toMatchObject({ status: 400, body: { msg: imageMessages.notAnImage } });
    const truncated = (await testImage(200, 200, 'png')).subarray(0, 300);
    expect((await updateAccount(client, user._id, fieldsOf(user), truncated)).body.msg).toBe(imageMessages.notAnImage);
    const big = await updateAccount(client, user._id, fieldsOf(user), await elevenMegabytePng());
    expect(big).toMatchObject({ status: 400, body: { msg: imageMessages.tooLarge } });
    const me = await client.get<User>('/api/v1/user/current-user');
    expect(me.body).toMatchObject({ firstName: user.firstName, avatar: null });
    expect(await probe.blobs.list(`avatars/${user._id}`)).toEqual([]);
  });

  it('needs the current password to change the email, and refuses a taken email or username', async () => {
    const { client, account, user } = await signedUp();
    const { user: other } = await signedUp({ firstName: 'Charles', lastName: 'Babbage' });
    const newEmail = `moved.${account.email}`;

    const noPassword = await updateAccount(client, user._id, { ...fieldsOf(user), email: newEmail });
    expect(noPassword).toMatchObject({ status: 400, body: { msg: accountMessages.passwordForEmail } });
    const wrong = await updateAccount(client, user._id, {
      ...fieldsOf(user),
      email: newEmail,
      password: 'not-my-password-1',
    });
    expect(wrong).toMatchObject({ status: 400, body: { msg: accountMessages.wrongPassword } });
    const taken = await updateAccount(client, user._id, {
      ...fieldsOf(user),
      email: other.email.toUpperCase(),
      password: account.password,
    });
    expect(taken).toMatchObject({ status: 409, body: { msg: accountMessages.emailTaken } });
    const takenName = await updateAccount(client, user._id, { ...fieldsOf(user), userName: other.userName });
    expect(takenName).toMatchObject({ status: 409, body: { msg: accountMessages.userNameTaken } });
    const badEmail = await updateAccount(client, user._id, { ...fieldsOf(user), email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    const blankName = await updateAccount(client, user._id, { ...fieldsOf(user), firstName: '  ' });
    expect(blankName.status).toBe(400);

    const moved = await updateAccount(client, user._id, {
      ...fieldsOf(user),
      email: newEmail,
      password: account.password,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.user.email).toBe(newEmail);
    const login = await system.client().post('/api/v1/auth/login', { email: newEmail, password: account.password });
    expect(login.status).toBe(200);
  });

  it("answers 404 for another user's id and 401 without a session", async () => {
    const { client, user } = await signedUp();
    const { user: other } = await signedUp();
    const res = await updateAccount(client, other._id, { ...fieldsOf(other), firstName: 'Hijacked' });
    expect(res).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
    expect((await updateAccount(system.client(), user._id, fieldsOf(user))).status).toBe(401);
  });
});

describe('PATCH /user/password', () => {
  it('applies the sign-up strength rules and keeps only the current session', async () => {
    const { client, account } = await signedUp();
    const other = system.client();
    await other.post('/api/v1/auth/login', { email: account.email, password: account.password });
    const change = (newPassword: string, password = account.password) =>
      client.patch('/api/v1/user/password', { password, newPassword, confirmPassword: newPassword });

    expect((await change('short1')).body.msg).toBe(passwordMessages.tooShort);
    expect((await change('password123')).body.msg).toBe(passwordMessages.tooCommon);
    expect((await change(account.email)).body.msg).toBe(passwordMessages.tooCommon);
    expect((await change('a-new-secret-42', 'wrong-current-1')).body.msg).toBe(changePasswordMessages.wrongCurrent);
    const sid = client.cookies.get('sid');
    const ok = await change('a-new-secret-42');
    expect(ok.status).toBe(200);
    expect(client.cookies.get('sid')).toBe(sid);
    expect((await client.get('/api/v1/user/current-user')).status).toBe(200);
    expect((await other.get('/api/v1/user/current-user')).status).toBe(401);
  });
});

async function readyBookWithCover(client: HttpClient): Promise<Book> {
  await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
  const created = await client.post<Book>('/api/v1/agent/plan', {
    prompt: 'A lighthouse keeper writes letters to the sea.',
    title: 'Letters to the Sea',
    language: 'english',
    targetAudience: 'Adult readers',
    genre: 'fiction',
    size: 'short',
  });
  const id = created.body._id;
  const waitFor = async (status: string) => {
    let book = created.body;
    for (let i = 0; i < 1200 && book.status !== status; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      book = (await client.get<Book>(`/api/v1/book/${id}`)).body;
    }
    expect(book.status).toBe(status);
    return book;
  };
  await waitFor('validation');
  await client.patch(`/api/v1/agent/write/${id}`);
  await waitFor('ready');
  await client.get('/api/v1/health/live');
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await testImage(800, 1200, 'png'))]), 'cover.png');
  const uploaded = await fetch(`${system.url}/api/v1/book/upload-cover/${id}`, {
    method: 'POST',
    headers: { cookie: cookieOf(client), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  return (await client.get<Book>(`/api/v1/book/${id}`)).body;
}

/**
 * What each service holds of a user, by table: `user` rows are keyed by the user's id, `book` rows by the
 * ids of the user's books. A service that starts keeping user data adds its line here (billing's
 * accounts, for instance, once billing handles `user.deleted`).
 */
const holdings: { service: string; table: string; column: string; by: 'user' | 'book' }[] = [
  { service: 'user', table: 'users', column: 'id', by: 'user' },
  { service: 'user', table: 'sessions', column: 'user_id', by: 'user' },
  { service: 'user', table: 'password_reset_tokens', column: 'user_id', by: 'user' },
  { service: 'user', table: 'identity_links', column: 'user_id', by: 'user' },
  { service: 'billing', table: 'billing_accounts', column: 'user_id', by: 'user' },
  { service: 'billing', table: 'allowance_consumptions', column: 'user_id', by: 'user' },
  { service: 'user', table: 'outbox', column: "payload->>'userId'", by: 'user' },
  { service: 'book', table: 'books', column: 'user_id', by: 'user' },
  { service: 'cover', table: 'cover_generations', column: 'user_id', by: 'user' },
  { service: 'writer', table: 'writing_jobs', column: 'user_id', by: 'user' },
  { service: 'writer', table: 'writing_attempts', column: 'book_id', by: 'book' },
];
/** Blob folders per user (avatars) and per book (covers, exports, manuscripts, a translation's original). */
const blobFolders = {
  user: (userId: string) => [`avatars/${userId}`],
  book: (bookId: string) => [
    `covers/${bookId}`,
    `exports/${bookId}`,
    `manuscripts/${bookId}`,
    `translation-sources/${bookId}`,
  ],
};

async function leftovers(userId: string, bookIds: string[]) {
  const rows: Record<string, number> = {};
  for (const h of holdings) {
    const n = await probe.count(h.service, h.table, h.column, h.by === 'user' ? [userId] : bookIds);
    if (n > 0) rows[`${h.service}.${h.table}`] = n;
  }
  // Published events about the user are forgotten; only the deletion notices themselves may wait to go out.
  const blobs: string[] = [];
  for (const prefix of [...blobFolders.user(userId), ...bookIds.flatMap(blobFolders.book)])
    blobs.push(...(await probe.blobs.list(prefix)));
  return { rows, blobs };
}

describe('DELETE /user/{id}', () => {
  it('removes the account and everything of it from every service and the blob store', async () => {
    const { client, account, user } = await signedUp();
    const book = await readyBookWithCover(client);
    // A translation, one finished and one still waiting for the writer: both go with the account.
    const translate = async (language: string) =>
      (await client.post<{ data: { bookId: string } }>(`/api/v1/book/${book._id}/translate`, { language })).body.data
        .bookId;
    const french = await translate('french');
    for (let i = 0; i < 600 && (await client.get<Book>(`/api/v1/book/${french}`)).body.status !== 'ready'; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const polish = await translate('polish');
    const bookIds = [book._id, french, polish];
    await updateAccount(client, user._id, fieldsOf(user), await testImage(120, 120, 'jpeg'));
    // What a download cut short leaves behind in the export service's folder.
    await probe.blobs.put(`exports/${book._id}/left/over.epub`, Buffer.from('epub'), {
      contentType: 'application/epub+zip',
    });
    const second = system.client();
    await second.post('/api/v1/auth/login', { email: account.email, password: account.password });
    // In use, so the gateway has it cached when the deletion revokes it.
    expect((await second.get('/api/v1/user/current-user')).status).toBe(200);
    const before = await leftovers(user._id, bookIds);
    expect(Object.keys(before.rows)).toEqual(
      expect.arrayContaining(['user.users', 'billing.billing_accounts', 'book.books', 'writer.writing_jobs']),
    );
    expect(before.blobs.some((key) => key.startsWith('covers/'))).toBe(true);
    expect(before.blobs.some((key) => key.startsWith('manuscripts/'))).toBe(true);
    expect(before.blobs.some((key) => key.startsWith('avatars/'))).toBe(true);

    const wrong = await client.request('DELETE', `/api/v1/user/${user._id}`, { json: { password: 'nope-nope-1' } });
    expect(wrong).toMatchObject({ status: 400, body: { msg: accountMessages.wrongPassword } });
    const byEmail = await client.request('DELETE', `/api/v1/user/${user._id}`, { json: { email: user.email } });
    expect(byEmail).toMatchObject({ status: 400, body: { msg: accountMessages.deleteConfirmation } });
    const { client: stranger } = await signedUp();
    const notMine = await stranger.request('DELETE', `/api/v1/user/${user._id}`, {
      json: { password: account.password },
    });
    expect(notMine.status).toBe(404);
    expect((await client.get('/api/v1/user/current-user')).status).toBe(200);

    const deleted = await client.request('DELETE', `/api/v1/user/${user._id}`, {
      json: { password: account.password },
    });
    expect(deleted).toMatchObject({ status: 200, body: { msg: accountMessages.deleted } });
    expect(client.cookies.has('sid')).toBe(false);
    expect((await second.get('/api/v1/user/current-user')).status).toBe(401);
    const login = await system
      .client()
      .post('/api/v1/auth/login', { email: account.email, password: account.password });
    expect(login.status).toBe(401);

    // The services work through their events: polled until they are done, and a failure names what stayed.
    await expect
      .poll(() => leftovers(user._id, bookIds), { timeout: 60_000, interval: 100 })
      .toEqual({ rows: {}, blobs: [] });
  }, 120_000);
});
