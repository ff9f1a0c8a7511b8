import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  accountMessages,
  apiMessages,
  avatarBlobKey,
  DeleteAccountRequestSchema,
  imageMessages,
  MailSettingsSchema,
  MessageSchema,
  UpdateAccountRequestSchema,
  UserSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { imageBytes, imageFormParts } from '../http/image-part';
import { sendOwnedImage } from '../http/owned-image';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { loadCurrentUser } from './current-user';

const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });
/** Decoding and re-encoding a 10 MB image takes a few seconds on a busy machine. */
const updateTimeoutMs = 60_000;

const updateAccountSchema = {
  operationId: 'updateAccount',
  tags: ['user'],
  summary: 'Update the account (multipart; optional "image" file becomes the avatar)',
  params: UserParamsSchema,
  consumes: ['multipart/form-data'],
  response: { 200: z.object({ msg: z.string(), user: UserSchema }) },
};

const deleteAccountSchema = {
  operationId: 'deleteAccount',
  tags: ['user'],
  summary: 'Delete the account and everything of it ({password}, or {email} without a password)',
  params: UserParamsSchema,
  body: DeleteAccountRequestSchema,
  response: { 200: MessageSchema },
};

const updateMailSettingsSchema = {
  operationId: 'updateMailSettings',
  tags: ['user'],
  summary: 'Which mails the account gets: mailAboutComments (mentions and replies, on by default)',
  params: UserParamsSchema,
  body: MailSettingsSchema,
  response: { 200: z.object({ msg: z.string(), user: UserSchema }) },
};

const getAvatarSchema = {
  operationId: 'getAvatar',
  tags: ['user'],
  summary: "The signed-in user's avatar",
  produces: ['image/png', 'image/jpeg', 'image/webp'],
  params: UserParamsSchema.extend({ avatarId: z.string().regex(/^[\w-]{1,100}$/) }),
};

/**
 * PATCH /user/{id} (multipart: firstName, lastName, userName, email, password when the email changes,
 * optional file `image`), PATCH /user/{id}/mail-settings, DELETE /user/{id} ({password} or {email}),
 * GET /user/{id}/avatar/{avatarId}.
 * Only the signed-in user's own id: any other is as absent as an unknown one (404).
 */
export function accountRoutes(deps: RouteDeps) {
  const { bus, ask, blobs, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  const { signedIn, perIpLimit } = routePresets(deps);
  const ownId = (request: FastifyRequest, id: string): string => {
    const userId = request.userId;
    if (id !== userId) throw new AppError(404, apiMessages.notFound);
    return userId;
  };

  async function updateAccount(request: RouteRequest<typeof updateAccountSchema>) {
    const userId = ownId(request, request.params.id);
    if (!request.isMultipart()) throw new AppError(400, 'The account form must be sent as multipart/form-data');
    const fields: Record<string, string> = {};
    let image: Buffer | undefined;
    for await (const part of imageFormParts(request, imageMessages.tooLarge)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      image = await imageBytes(part, imageMessages.tooLarge);
    }
    const parsed = UpdateAccountRequestSchema.safeParse({ ...fields, password: fields.password || undefined });
    if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Invalid request');
    if (image && image.length === 0) throw new AppError(400, imageMessages.noImage);
    // The bytes travel to the user service through the blob store, never as one bus message.
    let avatarUploadKey: string | undefined;
    if (image) {
      avatarUploadKey = `uploads/${randomUUID()}`;
      await blobs.put(avatarUploadKey, image, { contentType: 'application/octet-stream' });
    }
    await ask(
      request,
      requests.user.updateAccount,
      { userId, changes: parsed.data, ...(avatarUploadKey ? { avatarUploadKey } : {}) },
      { timeoutMs: updateTimeoutMs },
    );
    return { msg: accountMessages.updated, user: await loadCurrentUser(bus, userId, request.id, timeoutMs) };
  }

  async function updateMailSettings(request: RouteRequest<typeof updateMailSettingsSchema>) {
    const userId = ownId(request, request.params.id);
    await ask(request, requests.user.updateMailSettings, { userId, settings: request.body });
    return { msg: accountMessages.mailSettingsSaved, user: await loadCurrentUser(bus, userId, request.id, timeoutMs) };
  }

  async function deleteAccount(
    request: RouteRequest<typeof deleteAccountSchema>,
    reply: RouteReply<typeof deleteAccountSchema>,
  ) {
    const userId = ownId(request, request.params.id);
    await ask(request, requests.user.deleteAccount, { userId, confirmation: request.body });
    sessions.forgetUser(userId);
    sessions.clearSessionCookie(reply);
    return reply.send({ msg: accountMessages.deleted });
  }

  async function getAvatar(request: RouteRequest<typeof getAvatarSchema>, reply: RouteReply<typeof getAvatarSchema>) {
    const userId = ownId(request, request.params.id);
    const image = await blobs.get(avatarBlobKey(userId, request.params.avatarId));
    if (!image) throw new AppError(404, apiMessages.notFound);
    return sendOwnedImage(request, reply, image);
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.patch('/user/:id', { schema: updateAccountSchema, ...perIpLimit, ...signedIn }, updateAccount);
    app.patch('/user/:id/mail-settings', { schema: updateMailSettingsSchema, ...signedIn }, updateMailSettings);
    app.delete('/user/:id', { schema: deleteAccountSchema, ...perIpLimit, ...signedIn }, deleteAccount);
    app.get('/user/:id/avatar/:avatarId', { schema: getAvatarSchema, ...signedIn }, getAvatar);
  };
}
