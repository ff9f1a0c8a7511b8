import { z } from 'zod';

export const member = {
  workspaceId: z.string(),
  /** The workspace's owner, who pays for its seats. */
  ownerId: z.string(),
  /** The person who joined or left (a user id). */
  memberId: z.string(),
};
