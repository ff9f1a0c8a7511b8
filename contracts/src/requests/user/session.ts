import { z } from 'zod';

/** A session as the user service hands it to the gateway: the raw token is only ever in this reply and the cookie. */
export const IssuedSessionSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type IssuedSession = z.infer<typeof IssuedSessionSchema>;

export const ResolvedSessionSchema = z.object({ userId: z.string(), sessionId: z.string(), expiresAt: z.string() });
export type ResolvedSession = z.infer<typeof ResolvedSessionSchema>;

/** Sessions last 30 days from login. */
export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;
