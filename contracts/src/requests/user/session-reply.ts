import { z } from 'zod';
import { UserProfileSchema } from '../../entities/user';
import { IssuedSessionSchema } from './session';

export const SessionReplySchema = z.object({ user: UserProfileSchema, session: IssuedSessionSchema });

/** The session the browser already had, if any: the new one replaces it (it is revoked). */
export const replacesToken = { replacesToken: z.string().optional() };
