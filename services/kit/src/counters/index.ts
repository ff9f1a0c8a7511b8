export type { WindowCount, WindowCounters } from './window-counters';
export { createMemoryWindowCounters } from './memory-window-counters';
export { createWindowCounters } from './create-window-counters';
