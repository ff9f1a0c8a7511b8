import { rewriteMessages, type RewriteRequest } from '@bookwright/contracts/http';
import { apiFetch } from '../../api/apiFetch';

export class RewriteError extends Error {}

/**
 * POST /book/{id}/rewrite and read its Server-Sent Events (`delta`…, then `done` or `error`). EventSource
 * cannot POST, so the stream is read from fetch. Resolves with the whole replacement.
 */
export async function streamRewrite(
  bookId: string,
  request: RewriteRequest & { chapterTitle?: string },
  onText: (soFar: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const response = await apiFetch(`/book/${encodeURIComponent(bookId)}/rewrite`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new RewriteError(body.msg ?? rewriteMessages.failed);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as { text?: string; msg?: string };
      if (event === 'delta') {
        text += data.text ?? '';
        onText(text);
      } else if (event === 'done') {
        return data.text ?? text;
      } else if (event === 'error') {
        throw new RewriteError(data.msg ?? rewriteMessages.failed);
      }
    }
  }
  throw new RewriteError(rewriteMessages.failed);
}
