import { Histogram } from 'prom-client';
import { processRegistry } from '@bookwright/kit';

/** Render time of exports that succeeded, by format and print export type (interior, cover, both). */
export const exportDuration = new Histogram({
  name: 'bookwright_export_duration_seconds',
  help: 'Time to render one export (EPUB, KDP interior/cover PDF or ZIP), queueing for a render slot included.',
  labelNames: ['format', 'export_type'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80],
  registers: [processRegistry],
});
