import { z } from 'zod';

export const owned = { userId: z.string(), webhookId: z.string() };
