import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import type { UserHandlerDeps } from './deps';

export function getProfile(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.getProfile)['request']>) => {
    const user = await usersRepository.findById(deps.db, input.userId);
    if (!user) throw new AppError(404, apiMessages.notFound);
    return presentProfile(user);
  };
}
