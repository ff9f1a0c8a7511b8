import { z } from 'zod';

export const owned = { userId: z.string(), bookId: z.string() };
