import type { useStructure } from './useStructure';

/** Changes the structure with an immer recipe and saves it. */
export type Edit = ReturnType<typeof useStructure>['edit'];
