/**
 * The distributed topology `npm run start:distributed` starts, and that compose.yaml mirrors (a test keeps
 * them in step). Order matters: owners of data start before the services that call them, and health ports
 * are handed out in this order from HEALTH_PORT_BASE, the first gateway first.
 */
export const topology = [
  { service: 'gateway', replicas: 2 },
  { service: 'user', replicas: 1 },
  { service: 'billing', replicas: 1 },
  { service: 'book', replicas: 1 },
  { service: 'planner', replicas: 1 },
  { service: 'writer', replicas: 2 },
  { service: 'cover', replicas: 1 },
  { service: 'export', replicas: 1 },
  // Live books (decision 0043): two replicas meeting in Redis; the gateways hand them /collab in turn.
  { service: 'collab', replicas: 2 },
  // Outgoing webhooks (decision 0046): its dispatcher leases each delivery, so more replicas may be added.
  { service: 'webhooks', replicas: 1 },
] as const satisfies readonly { service: string; replicas: number }[];

export type ServiceName = (typeof topology)[number]['service'];

export interface ProcessPlan {
  /** `gateway-1`, `user`, `writer-2`: what the logs are prefixed with. */
  name: string;
  service: ServiceName;
  replica: number;
  healthPort: number;
}

/**
 * The WebSocket ports of the collab replicas, from `collabPortBase` (COLLAB_PORT) up, and the COLLAB_URLS
 * the gateways hand `/collab` to.
 */
export function collabPorts(collabPortBase: number): number[] {
  const replicas = topology.find((entry) => entry.service === 'collab')?.replicas ?? 0;
  return Array.from({ length: replicas }, (_, index) => collabPortBase + index);
}

export const collabUrlsFor = (collabPortBase: number): string =>
  collabPorts(collabPortBase)
    .map((port) => `http://127.0.0.1:${port}`)
    .join(',');

/** One entry per process, with its health port. */
export function planProcesses(healthPortBase: number): ProcessPlan[] {
  const plans: ProcessPlan[] = [];
  for (const { service, replicas } of topology)
    for (let replica = 1; replica <= replicas; replica++)
      plans.push({
        name: replicas > 1 ? `${service}-${replica}` : service,
        service,
        replica,
        healthPort: healthPortBase + plans.length,
      });
  return plans;
}
