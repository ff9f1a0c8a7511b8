import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.enum(['embedded', 'distributed']),
  checks: z.record(z.string(), z.enum(['ok', 'down'])),
  /** Who writes the books: a model (`openai`, any OpenAI-compatible server) or the offline demo writer. */
  llm: z.enum(['openai', 'offline']),
});
export type Health = z.infer<typeof HealthSchema>;
