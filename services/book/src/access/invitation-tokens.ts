import { createHash, randomBytes } from 'node:crypto';

/** A new invitation link's secret: 256 random bits, URL-safe. */
export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a link: its SHA-256, so a copy of the database holds no working link. */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The web page an invitation's link opens. */
export const invitationPath = (token: string): string => `/invite/${token}`;
