import type * as OpenAiSdk from 'openai';

// The `openai` SDK is loaded by the first request of an OpenAI-compatible adapter (the LLM's or the
// images'), so a process configured without one (the embedded default is offline) never loads it.
let sdk: Promise<typeof OpenAiSdk> | undefined;

/** The `openai` SDK, loaded on first use and kept (its error classes classify what a request threw). */
export function loadOpenAiSdk(): Promise<typeof OpenAiSdk> {
  return (sdk ??= import('openai'));
}

/** A client with these options, made (and the SDK loaded) on the first call. */
export function lazyOpenAiClient(options: OpenAiSdk.ClientOptions): () => Promise<OpenAiSdk.OpenAI> {
  let client: Promise<OpenAiSdk.OpenAI> | undefined;
  return () => (client ??= loadOpenAiSdk().then(({ OpenAI }) => new OpenAI(options)));
}
