import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import {
  AppError,
  accountMessages,
  apiMessages,
  avatarBlobPrefix,
  changePasswordMessages,
  imageMessages,
  passwordMessages,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { silentLogger, type BlobStore, type OutboxDatabase, type Mailer, hashToken } from '@bookwright/kit';
import { testEventMeta } from '@bookwright/kit/testing';
import { elevenMegabytePng, phoneJpeg, photo } from '@bookwright/kit/images/testing';
import { openUserHandlerWorld, type UserHandlerWorld } from '../testing/handler-world';
import type { UserHandlerDeps } from './deps';
import { signUp } from './sign-up';
import { login } from './login';
import { resolveSession } from './resolve-session';
import { changePassword } from './change-password';
import { updateAccount } from './update-account';
import { deleteAccount } from './delete-account';
import { onUserDeleted } from './on-user-deleted';

let world: UserHandlerWorld;
let database: UserHandlerWorld['database'];
/** The outbox lives in the user schema too; the kit types it separately. */
const outbox = () => database.db as unknown as Kysely<OutboxDatabase>;
let blobs: BlobStore;
let deps: UserHandlerDeps;
const logger = silentLogger();
const context = { requestId: 'r1', logger };
const noMail: Mailer = { send: async () => undefined, close: async () => undefined } as unknown as Mailer;

beforeEach(async () => {
  world = await openUserHandlerWorld({ mailer: noMail });
  ({ database, blobs, deps } = world);
});
afterEach(() => world.close());

let n = 0;
async function account(firstName = 'Ada', lastName = 'Lovelace') {
  n += 1;
  const input = { firstName, lastName, email: `ada${n}.${Date.now()}@example.com`, password: 'analytical engine 1843' };
  const { user, session } = await signUp(deps)(input);
  const resolved = await resolveSession(deps)({ token: session.token });
  return { ...input, user, session, sessionId: resolved.sessionId };
}

const fields = (a: Awaited<ReturnType<typeof account>>) => ({
  firstName: a.user.firstName,
  lastName: a.user.lastName,
  userName: a.user.userName,
  email: a.user.email,
});

async function upload(data: Buffer): Promise<string> {
  const key = `uploads/${Math.random().toString(36).slice(2)}`;
  await blobs.put(key, data, { contentType: 'application/octet-stream' });
  return key;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? { status: error.status, msg: error.message } : error),
  );

describe('updateAccount', () => {
  it('stores a square, upright WebP avatar without metadata and deletes the upload', async () => {
    const a = await account();
    const key = await upload(await phoneJpeg());
    const profile = await updateAccount(deps)(
      { userId: a.user._id, changes: fields(a), avatarUploadKey: key },
      context,
    );
    expect(profile.avatar).toMatch(new RegExp(`^/api/v1/user/${a.user._id}/avatar/[\\w-]+$`));
    const stored = await blobs.list(avatarBlobPrefix(a.user._id));
    expect(stored).toHaveLength(1);
    const blob = await blobs.get(stored[0]!);
    const meta = await sharp(blob!.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(await blobs.get(key)).toBeNull();
  });

  it('refuses unusable images with the cover texts, stores nothing and keeps the profile', async () => {
    const a = await account();
    const cases: [Buffer, string][] = [
      [Buffer.from('GIF89a not really'), imageMessages.notAnImage],
      [(await photo(300, 300, 'png')).subarray(0, 200), imageMessages.notAnImage],
      [await elevenMegabytePng(), imageMessages.tooLarge],
      [Buffer.alloc(0), imageMessages.noImage],
    ];
    for (const [bytes, msg] of cases) {
      const key = await upload(bytes);
      const changes = { ...fields(a), firstName: 'Changed' };
      expect(
        await refusal(updateAccount(deps)({ userId: a.user._id, changes, avatarUploadKey: key }, context)),
      ).toEqual({ status: 400, msg });
      expect(await blobs.get(key)).toBeNull();
    }
    expect(
      await refusal(
        updateAccount(deps)({ userId: a.user._id, changes: fields(a), avatarUploadKey: 'covers/x' }, context),
      ),
    ).toEqual({ status: 400, msg: imageMessages.noImage });
    expect(await blobs.list(avatarBlobPrefix(a.user._id))).toEqual([]);
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', a.user._id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Ada');
  });

  it('keeps only the newest avatar', async () => {
    const a = await account();
    await updateAccount(deps)(
      { userId: a.user._id, changes: fields(a), avatarUploadKey: await upload(await photo(64, 64, 'png')) },
      context,
    );
    const second = await updateAccount(deps)(
      { userId: a.user._id, changes: fields(a), avatarUploadKey: await upload(await photo(64, 64, 'webp')) },
      context,
    );
    const keys = await blobs.list(avatarBlobPrefix(a.user._id));
    expect(keys).toHaveLength(1);
    expect(second.avatar).toContain(keys[0]!.split('/').pop()!);
  });

  it('needs the right current password for a new email and refuses taken emails and usernames', async () => {
    const a = await account();
    const b = await account('Charles', 'Babbage');
    const run = (changes: Record<string, string>) =>
      refusal(updateAccount(deps)({ userId: a.user._id, changes: { ...fields(a), ...changes } }, context));
    expect(await run({ email: 'new@example.com' })).toEqual({ status: 400, msg: accountMessages.passwordForEmail });
    expect(await run({ email: 'new@example.com', password: 'wrong' })).toEqual({
      status: 400,
      msg: accountMessages.wrongPassword,
    });
    expect(await run({ email: b.email.toUpperCase(), password: a.password })).toEqual({
      status: 409,
      msg: accountMessages.emailTaken,
    });
    expect(await run({ userName: b.user.userName.toUpperCase() })).toEqual({
      status: 409,
      msg: accountMessages.userNameTaken,
    });
    // The same email in other letter case is not a change and needs no password.
    const recased = await updateAccount(deps)(
      { userId: a.user._id, changes: { ...fields(a), email: a.email.toUpperCase() } },
      context,
    );
    expect(recased.email).toBe(a.email.toUpperCase());
    const moved = await updateAccount(deps)(
      { userId: a.user._id, changes: { ...fields(a), email: 'Moved@Example.com', password: a.password } },
      context,
    );
    expect(moved.email).toBe('Moved@Example.com');
    await expect(login(deps)({ email: 'moved@example.com', password: a.password })).resolves.toMatchObject({
      user: { _id: a.user._id },
    });
  });

  it('answers 404 for an unknown user', async () => {
    const a = await account();
    expect(await refusal(updateAccount(deps)({ userId: 'nobody', changes: fields(a) }, context))).toMatchObject({
      status: 404,
    });
  });

  it('answers 404 and keeps no avatar for an account deleted while its avatar was stored', async () => {
    const a = await account();
    // The account is deleted (in another tab) as the new avatar is written.
    const racing: UserHandlerDeps = {
      ...deps,
      blobs: {
        ...blobs,
        put: async (...args: Parameters<BlobStore['put']>) => {
          await deleteAccount(deps)({ userId: a.user._id, confirmation: { password: a.password } });
          await blobs.put(...args);
        },
      },
    };
    const update = updateAccount(racing)(
      { userId: a.user._id, changes: fields(a), avatarUploadKey: await upload(await photo(300, 300, 'jpeg')) },
      context,
    );
    expect(await refusal(update)).toEqual({ status: 404, msg: apiMessages.notFound });
    expect(await blobs.list(avatarBlobPrefix(a.user._id))).toEqual([]);
  });
});

describe('changePassword', () => {
  it('applies the sign-up rules and revokes every other session but the caller’s', async () => {
    const a = await account();
    const other = await login(deps)({ email: a.email, password: a.password });
    const change = (newPassword: string, password = a.password) =>
      refusal(
        changePassword(deps)({
          userId: a.user._id,
          sessionId: a.sessionId,
          change: { password, newPassword, confirmPassword: newPassword },
        }),
      );
    expect(await change('password123')).toEqual({ status: 400, msg: passwordMessages.tooCommon });
    expect(await change(a.email)).toEqual({ status: 400, msg: passwordMessages.tooCommon });
    expect(await change('new secret words', 'wrong')).toEqual({
      status: 400,
      msg: changePasswordMessages.wrongCurrent,
    });
    expect(await change(a.password)).toEqual({ status: 400, msg: changePasswordMessages.sameAsOld });
    expect(await change('new secret words')).toBeUndefined();
    await expect(resolveSession(deps)({ token: a.session.token })).resolves.toMatchObject({ sessionId: a.sessionId });
    expect(await refusal(resolveSession(deps)({ token: other.session.token }))).toMatchObject({ status: 401 });
    const rows = await outbox().selectFrom('outbox').select(['event_name', 'payload']).execute();
    expect(rows.filter((r) => r.event_name === events.userPasswordChanged.name)).toHaveLength(1);
  });
});

describe('deleteAccount', () => {
  it('checks the password, deletes the user with sessions and reset tokens, and records user.deleted', async () => {
    const a = await account();
    const b = await account();
    await database.db
      .insertInto('password_reset_tokens')
      .values({
        id: 't1',
        user_id: a.user._id,
        token_hash: hashToken('x'),
        expires_at: new Date(Date.now() + 60_000),
        used_at: null,
      })
      .execute();
    expect(await refusal(deleteAccount(deps)({ userId: a.user._id, confirmation: { password: 'wrong' } }))).toEqual({
      status: 400,
      msg: accountMessages.wrongPassword,
    });
    expect(await refusal(deleteAccount(deps)({ userId: a.user._id, confirmation: { email: a.email } }))).toEqual({
      status: 400,
      msg: accountMessages.deleteConfirmation,
    });
    await deleteAccount(deps)({ userId: a.user._id, confirmation: { password: a.password } });

    for (const table of ['sessions', 'password_reset_tokens'] as const)
      expect(await database.db.selectFrom(table).select('id').where('user_id', '=', a.user._id).execute()).toEqual([]);
    expect(await database.db.selectFrom('users').select('id').where('id', '=', a.user._id).execute()).toEqual([]);
    expect(await database.db.selectFrom('users').select('id').where('id', '=', b.user._id).execute()).toHaveLength(1);
    const deleted = await outbox()
      .selectFrom('outbox')
      .select('payload')
      .where('event_name', '=', events.userDeleted.name)
      .execute();
    expect(deleted.map((r) => (r.payload as { userId: string }).userId)).toEqual([a.user._id]);
    expect(
      await refusal(deleteAccount(deps)({ userId: a.user._id, confirmation: { password: a.password } })),
    ).toMatchObject({ status: 404 });
  });

  it('confirms an account without a password by its email', async () => {
    const a = await account();
    await database.db.updateTable('users').set({ password_hash: '' }).where('id', '=', a.user._id).execute();
    expect(
      await refusal(deleteAccount(deps)({ userId: a.user._id, confirmation: { email: 'someone@else.com' } })),
    ).toEqual({ status: 400, msg: accountMessages.deleteEmailMismatch });
    expect(await refusal(deleteAccount(deps)({ userId: a.user._id, confirmation: { password: 'anything' } }))).toEqual({
      status: 400,
      msg: accountMessages.deleteEmailMismatch,
    });
    await deleteAccount(deps)({ userId: a.user._id, confirmation: { email: a.email.toUpperCase() } });
    expect(await database.db.selectFrom('users').select('id').where('id', '=', a.user._id).execute()).toEqual([]);
  });

  it('accepts " Author@Example.com " for author@example.com, as sign-up and login count them the same', async () => {
    const local = `author.${Date.now()}`;
    const { user } = await signUp(deps)({
      firstName: 'Ann',
      lastName: 'Author',
      email: `${local}@example.com`,
      password: 'analytical engine 1843',
    });
    await database.db.updateTable('users').set({ password_hash: '' }).where('id', '=', user._id).execute();
    const typed = ` ${local.charAt(0).toUpperCase()}${local.slice(1)}@Example.com `;
    await deleteAccount(deps)({ userId: user._id, confirmation: { email: typed } });
    expect(await database.db.selectFrom('users').select('id').where('id', '=', user._id).execute()).toEqual([]);
  });

  it('on user.deleted removes the avatars and the published events about the user, idempotently', async () => {
    const a = await account();
    const b = await account();
    await updateAccount(deps)(
      { userId: a.user._id, changes: fields(a), avatarUploadKey: await upload(await photo(64, 64, 'png')) },
      context,
    );
    await updateAccount(deps)(
      { userId: b.user._id, changes: fields(b), avatarUploadKey: await upload(await photo(64, 64, 'png')) },
      context,
    );
    await outbox().updateTable('outbox').set({ published_at: new Date() }).execute();
    await deleteAccount(deps)({ userId: a.user._id, confirmation: { password: a.password } });
    const meta = testEventMeta(events.userDeleted, { logger });
    await onUserDeleted(deps)({ userId: a.user._id, deletedAt: new Date().toISOString() }, meta);
    await onUserDeleted(deps)({ userId: a.user._id, deletedAt: new Date().toISOString() }, meta);
    expect(await blobs.list(avatarBlobPrefix(a.user._id))).toEqual([]);
    expect(await blobs.list(avatarBlobPrefix(b.user._id))).toHaveLength(1);
    const left = await outbox().selectFrom('outbox').select(['event_name', 'payload']).execute();
    const aboutA = left.filter((r) => (r.payload as { userId?: string }).userId === a.user._id);
    // Only the deletion notice, still waiting to be published.
    expect(aboutA.map((r) => r.event_name)).toEqual([events.userDeleted.name]);
    expect(left.some((r) => (r.payload as { userId?: string }).userId === b.user._id)).toBe(true);
  });
});
