// Worker entry: the services run TypeScript through tsx without a build step (docs/decisions/0002), and a
// worker thread does not inherit the parent's module hooks, so it registers tsx itself before loading the
// TypeScript worker. Works under `node --import tsx`, plain `node` and vitest alike.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
