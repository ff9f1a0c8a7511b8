/**
 * No container engine runs here, so compose.yaml cannot be started in tests. These checks keep it in step
 * with what it builds and with the topology `npm run start:distributed` runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { topology } from '../scripts/distributed/topology';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string; args: Record<string, string> };
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  read_only?: boolean;
  ports?: string[];
  volumes?: string[];
}

const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gim)].map((m) => m[1]);

describe('compose.yaml', () => {
  it('runs NATS with JetStream, PostgreSQL and Redis, with health checks the services wait for', () => {
    const nats = compose.services.nats as ComposeService & { command?: string[] };
    expect(nats.command).toContain('-js');
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(compose.services.redis?.healthcheck?.test).toContain('ping');
    for (const { service } of topology) {
      expect(compose.services[service]?.depends_on, service).toEqual({
        nats: { condition: 'service_healthy' },
        postgres: { condition: 'service_healthy' },
        // The collab replicas meet in Redis (decision 0043).
        ...(service === 'collab' ? { redis: { condition: 'service_healthy' } } : {}),
      });
    }
  });

  it('sends /collab to the collab replicas (nginx and the gateways), with one token secret for both sides', () => {
    const nginx = readFileSync(join(root, 'deploy', 'compose', 'nginx.conf'), 'utf8');
    const port = compose.services.collab?.environment?.COLLAB_PORT;
    expect(nginx).toContain(`server collab:${port};`);
    expect(nginx).toMatch(/location \/collab \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
    expect(compose.services.gateway?.environment?.COLLAB_URLS).toBe(`http://collab:${port}`);
    expect(compose.services.collab?.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(compose.services.collab?.environment?.HOST).toBe('0.0.0.0');
    const secret = compose.services.gateway?.environment?.COLLAB_TOKEN_SECRET;
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    expect(compose.services.collab?.environment?.COLLAB_TOKEN_SECRET).toBe(secret);
  });

  it('has every service of the distributed topology, with the same replicas', () => {
    for (const { service, replicas } of topology) {
      const entry = compose.services[service];
      expect(entry, service).toBeDefined();
      expect(entry?.deploy?.replicas ?? 1, service).toBe(replicas);
    }
  });

  it('builds each service from deploy/Dockerfile with a target the Dockerfile has and a service that exists', () => {
    for (const { service } of topology) {
      const build = compose.services[service]?.build;
      expect(build?.dockerfile, service).toBe('deploy/Dockerfile');
      expect(build?.context, service).toBe('.');
      expect(stages, service).toContain(build?.target);
      expect(build?.args.SERVICE, service).toBe(service);
      expect(existsSync(join(root, 'services', service, 'src', 'main.ts')), service).toBe(true);
    }
  });

  it('points every service at the compose servers, hardened, with a readiness check on its health port', () => {
    for (const { service } of topology) {
      const entry = compose.services[service];
      expect(entry?.environment?.DATABASE_URL, service).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(entry?.environment?.NATS_URL, service).toBe('nats://nats:4222');
      expect(entry?.read_only, service).toBe(true);
      expect(entry?.healthcheck?.test.join(' '), service).toContain(
        `127.0.0.1:${entry?.environment?.HEALTH_PORT}/readyz`,
      );
    }
  });

  it('publishes one port, balanced over the gateways, which listen on every interface', () => {
    const gateway = compose.services.gateway;
    expect(gateway?.environment?.HOST).toBe('0.0.0.0');
    expect(gateway?.ports).toBeUndefined();
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.some((p) => p.startsWith('8080:')));
    expect(published.map(([name]) => name)).toEqual(['edge']);
    const nginx = readFileSync(join(root, 'deploy', 'compose', 'nginx.conf'), 'utf8');
    expect(nginx).toContain(`server gateway:${gateway?.environment?.PORT};`);
    expect(compose.services.edge?.volumes?.[0]).toContain('./deploy/compose/nginx.conf:');
  });
});
