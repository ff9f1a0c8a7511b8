import { defineHealthRequest } from '../health';

/**
 * The collab service (decision 0043) answers little on the bus: it holds live documents and talks to
 * browsers over WebSockets. Every replica answers its health request (the gateway's /api/v1/health).
 */
export const collabRequests = {
  health: defineHealthRequest('collab'),
} as const;
