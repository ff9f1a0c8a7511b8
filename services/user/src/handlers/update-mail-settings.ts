import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import type { UserHandlerDeps } from './deps';

type Def = (typeof requests.user)['updateMailSettings'];

/** PATCH /user/{id}/mail-settings: the account's mail switches (comment mail); answers the profile. */
export function updateMailSettings(deps: UserHandlerDeps) {
  return async ({ userId, settings }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const row = await usersRepository.setMailAboutComments(deps.db, userId, settings.mailAboutComments, deps.now());
    if (!row) throw new AppError(404, apiMessages.notFound);
    deps.logger.info({ userId, mailAboutComments: settings.mailAboutComments }, 'mail settings changed');
    return presentProfile(row);
  };
}
