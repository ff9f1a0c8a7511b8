import { z } from 'zod';

export const base = { bookId: z.string(), userId: z.string(), attempt: z.number().int().positive() };
