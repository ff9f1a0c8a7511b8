import { randomUUID } from 'node:crypto';
import {
  AppError,
  accountMessages,
  apiMessages,
  avatarBlobKey,
  avatarBlobPrefix,
  avatarImageUrl,
  avatarSizePx,
  imageMaxInputPixelsDefault,
  imageMessages,
  imageUploadMaxBytes,
} from '@bookwright/contracts/http';
import { sameEmail } from '@bookwright/contracts/text';
import { type requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import { decodeImage } from '@bookwright/kit/images';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import { verifyPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';

type Def = typeof requests.user.updateAccount;

/** Where the gateway leaves uploads; anything else is not an upload of the gateway's. */
const uploadKey = /^uploads\/[A-Za-z0-9._-]+$/;

/**
 * PATCH /user/{id}: names, username, email and avatar. A new email needs the current password (whoever
 * holds a stolen session must not be able to move the account to their own mailbox). A taken email or
 * username is a 409. The avatar goes through the same image gate as covers and is stored re-encoded as
 * a square WebP; the upload is deleted whatever happens, and an older avatar once the new one is saved.
 */
export function updateAccount(deps: UserHandlerDeps) {
  return async (
    { userId, changes, avatarUploadKey }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    let newAvatarKey: string | undefined;
    try {
      const user = await usersRepository.findById(deps.db, userId);
      if (!user) throw new AppError(404, apiMessages.notFound);
      if (!sameEmail(changes.email, user.email_normalized)) {
        if (!changes.password) throw new AppError(400, accountMessages.passwordForEmail);
        if (!user.password_hash || !(await verifyPassword(user.password_hash, changes.password)))
          throw new AppError(400, accountMessages.wrongPassword);
      }

      let avatar = user.avatar;
      if (avatarUploadKey !== undefined) {
        const avatarId = randomUUID();
        newAvatarKey = avatarBlobKey(userId, avatarId);
        await deps.blobs.put(newAvatarKey, await avatarFromUpload(deps, avatarUploadKey), {
          contentType: 'image/webp',
        });
        avatar = avatarImageUrl(userId, avatarId);
      }

      const row = await deps.db.transaction().execute(async (trx) => {
        // Deleted meanwhile (another tab, while the avatar was made): 404, and the new avatar goes below.
        if (!(await usersRepository.findByIdForUpdate(trx, userId))) throw new AppError(404, apiMessages.notFound);
        // Usernames were never unique at sign-up (they are derived from the names), so this is checked
        // here rather than by a constraint: an author cannot take a name someone else already shows.
        if (
          changes.userName.toLowerCase() !== user.user_name.toLowerCase() &&
          (await usersRepository.findOtherByUserName(trx, changes.userName, userId))
        )
          throw new AppError(409, accountMessages.userNameTaken);
        const updated = await usersRepository
          .updateAccount(trx, userId, { ...changes, avatar })
          .catch((error: unknown) => {
            // Two accounts moving to one email at the same moment: the unique key decides.
            if ((error as { code?: string }).code === '23505') return undefined;
            throw error;
          });
        if (!updated) throw new AppError(409, accountMessages.emailTaken);
        return updated;
      });
      if (newAvatarKey) {
        const current = newAvatarKey;
        newAvatarKey = undefined;
        await removeAvatars(deps, userId, context, current);
      }
      context.logger.info({ userId, avatar: avatarUploadKey !== undefined }, 'account updated');
      return presentProfile(row);
    } finally {
      if (newAvatarKey) await deps.blobs.delete(newAvatarKey).catch(() => undefined);
      if (avatarUploadKey !== undefined && uploadKey.test(avatarUploadKey)) {
        await deps.blobs.delete(avatarUploadKey).catch((error: unknown) => {
          context.logger.warn({ err: error, avatarUploadKey }, 'could not delete the upload');
        });
      }
    }
  };
}

async function avatarFromUpload(deps: UserHandlerDeps, key: string): Promise<Buffer> {
  if (!uploadKey.test(key)) throw new AppError(400, imageMessages.noImage);
  const upload = await deps.blobs.get(key);
  if (!upload) throw new AppError(400, imageMessages.noImage);
  const image = await decodeImage(upload.data, {
    maxBytes: imageUploadMaxBytes,
    maxPixels: imageMaxInputPixelsDefault,
  });
  return image
    .pixels()
    .resize(avatarSizePx, avatarSizePx, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer();
}

/** Deletes every avatar blob of the user but `keep` (all of them without it). */
export async function removeAvatars(
  deps: Pick<UserHandlerDeps, 'blobs'>,
  userId: string,
  context: Pick<RequestContext, 'logger'>,
  keep?: string,
): Promise<void> {
  const keys = await deps.blobs.list(avatarBlobPrefix(userId));
  for (const key of keys) {
    if (key === keep) continue;
    await deps.blobs.delete(key).catch((error: unknown) => {
      context.logger.warn({ err: error, key }, 'could not delete an old avatar');
    });
  }
}
