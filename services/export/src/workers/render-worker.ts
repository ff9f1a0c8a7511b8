import { parentPort } from 'node:worker_threads';
import { runTask, serializeError, transferables, type RenderTask } from './tasks';

/**
 * The render worker: receives tasks from the pool, runs them one at a time and posts the result back,
 * transferring the output bytes rather than copying them.
 */
export interface TaskMessage {
  id: number;
  task: RenderTask;
}

export type ResultMessage =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ReturnType<typeof serializeError> };

const port = parentPort;
if (!port) throw new Error('render-worker.ts must run in a worker thread');

port.on('message', (message: TaskMessage) => {
  void (async () => {
    let reply: ResultMessage;
    try {
      const result = await runTask(message.task);
      reply = { id: message.id, ok: true, result };
      port.postMessage(reply, transferables(result));
    } catch (error) {
      reply = { id: message.id, ok: false, error: serializeError(error) };
      port.postMessage(reply);
    }
  })();
});
port.postMessage({ ready: true });
