import type { z } from 'zod';
import type { events } from '@bookwright/contracts';

/** The data of one of the registry's events, as a handler receives it. */
export type EventPayload<K extends keyof typeof events> = z.output<(typeof events)[K]['schema']>;
