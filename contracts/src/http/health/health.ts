import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.enum(['embedded', 'distributed']),
  checks: z.record(z.string(), z.enum(['ok', 'down'])),
});
export type Health = z.infer<typeof HealthSchema>;
