import type { Health } from '@bookwright/contracts/http';
import { api } from '../../api/api';

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Which writer the server runs (`llm`), once per visit: it only changes when the server restarts.
    health: build.query<Health, void>({ query: () => '/health', keepUnusedDataFor: 3600 }),
  }),
});

export const { useHealthQuery } = systemApi;
