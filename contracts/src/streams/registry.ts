import type { AnyStreamDef } from '../bus/define-stream';
import { writerStreams } from '../requests/writer';

/** Every stream subject of the system, grouped by the service that answers them. */
export const streams = {
  writer: writerStreams,
} as const satisfies Record<string, Record<string, AnyStreamDef>>;
