import { z } from 'zod';

/** Who writes the books: a model (`openai`, any OpenAI-compatible server) or the offline demo writer. */
export const LlmNameSchema = z.enum(['openai', 'offline']);

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.enum(['embedded', 'distributed']),
  checks: z.record(z.string(), z.enum(['ok', 'down'])),
  /** Who writes the books: a model (`openai`, any OpenAI-compatible server) or the offline demo writer. */
  llm: LlmNameSchema,
  /** For the operator, only while `llm` is `offline`: that no model writes, and how to configure one. */
  llmSetup: z.string().optional(),
});

/** GET /health's `llmSetup` (the app's demo banner speaks to authors; this is the operator's side). */
export const offlineLlmSetup =
  'The LLM is offline: plans, books and rewrites are deterministic demo texts. To write with a model, set OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible server, such as Ollama), choose the model with LLM_MODEL, and restart the server (see the README).';
export type Health = z.infer<typeof HealthSchema>;
