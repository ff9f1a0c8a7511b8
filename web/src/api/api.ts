import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The one RTK Query slice of the app. Features add their endpoints with `api.injectEndpoints` in their own
 * `*Api.ts`, so a route's calls load with its chunk.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['CurrentUser', 'Books', 'Book', 'Trash', 'Members', 'Workspaces', 'WorkspaceMembers', 'WorkspaceAudit'],
  endpoints: () => ({}),
});
