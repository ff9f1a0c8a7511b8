import { z } from 'zod';

/** Body of every answer that only carries a message. */
export const MessageSchema = z.object({ msg: z.string() });
export type Message = z.infer<typeof MessageSchema>;
