import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { validateEnv } from '@config/env.validation';

const DIR = join(__dirname, '..', '..', '..', 'deploy', 'kubernetes');
/** Seconds Kubernetes should leave beyond the service's own shutdown budget. */
const GRACE_MARGIN_SECONDS = 5;

interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name?: string; containerPort: number; hostPort?: number }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: unknown };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    type?: string;
    ports?: Array<{ name?: string; port: number; targetPort?: string | number; nodePort?: number }>;
    template?: { spec: { terminationGracePeriodSeconds?: number; containers: Container[] } };
  };
}

function loadManifests(): Array<Manifest & { file: string }> {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((document) => {
        expect({ file, errors: document.errors.map(String) }).toEqual({ file, errors: [] });
        return { ...(document.toJS() as Manifest), file };
      }),
    );
}

const minimalSecrets = { APP_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://u@db:5432/x', GRPC_AUTH_TOKEN: 't'.repeat(32) };

describe('deploy/kubernetes (decisions §13)', () => {
  const manifests = loadManifests();
  const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const deployment = (role: string) => {
    const found = ofKind('Deployment').find((candidate) =>
      candidate.spec?.template?.spec.containers.some((container) => container.env?.some((v) => v.name === 'APP_ROLE' && v.value === role)),
    );
    if (!found) throw new Error(`no Deployment with APP_ROLE=${role}`);
    return found;
  };
  const configMap = ofKind('ConfigMap')[0];
  const secret = ofKind('Secret')[0];

  it('parses, every document a named Kubernetes object', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(5);
    for (const manifest of manifests) {
      expect(manifest).toEqual(
        expect.objectContaining({
          apiVersion: expect.any(String),
          kind: expect.any(String),
          metadata: expect.objectContaining({ name: expect.any(String) }),
        }),
      );
    }
  });

  it('configures only variables the service reads, valid together with the Secret', () => {
    const env = { ...configMap.data, ...secret.stringData, ...minimalSecrets };
    const known = Object.keys(validateEnv(minimalSecrets));
    for (const name of [...Object.keys(configMap.data ?? {}), ...Object.keys(secret.stringData ?? {})]) expect(known).toContain(name);
    expect(() => validateEnv({ ...env, APP_ROLE: 'api' })).not.toThrow();
  });

  it.each(['api', 'worker'])('runs the %s role from the ConfigMap and the Secret, with resources', (role) => {
    for (const container of deployment(role).spec!.template!.spec.containers) {
      expect(container.envFrom).toEqual(
        expect.arrayContaining([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]),
      );
      expect(container.resources?.requests).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
      expect(container.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
    }
  });

  it.each(['api', 'worker'])('gives the %s role a grace period longer than the shutdown drain plus timeout', (role) => {
    // The ConfigMap's values, else the service's defaults.
    const env = validateEnv({ ...configMap.data, ...minimalSecrets });
    const needed = (env.SHUTDOWN_DRAIN_MS + env.SHUTDOWN_TIMEOUT_MS) / 1000 + GRACE_MARGIN_SECONDS;
    const spec = deployment(role).spec!.template!.spec;
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(needed);
    // The process drains by itself; a preStop sleep would only eat into the grace period.
    for (const container of spec.containers) expect(container.lifecycle?.preStop).toBeUndefined();
  });

  it('probes the api: liveness /health/live, readiness /health/ready, on its HTTP port', () => {
    const [container] = deployment('api').spec!.template!.spec.containers;
    const http = container.ports?.find((port) => port.name === 'http');
    const env = validateEnv({ ...configMap.data, ...minimalSecrets });
    expect(http?.containerPort).toBe(env.PORT);
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
  });

  it('keeps gRPC inside the cluster: no node or load-balancer port, no host port', () => {
    const grpcPort = Number(
      validateEnv({ ...configMap.data, ...minimalSecrets })
        .GRPC_URL.split(':')
        .pop(),
    );
    const services = ofKind('Service');
    expect(services.length).toBeGreaterThanOrEqual(1);
    for (const service of services) {
      expect(service.spec?.type ?? 'ClusterIP').toBe('ClusterIP');
      for (const port of service.spec?.ports ?? []) expect(port.nodePort).toBeUndefined();
    }
    for (const manifest of ofKind('Deployment')) {
      for (const container of manifest.spec!.template!.spec.containers) {
        for (const port of container.ports ?? []) expect(port.hostPort).toBeUndefined();
      }
    }
    const apiService = services.find((service) => service.spec?.ports?.some((port) => port.targetPort === 'http'));
    expect(apiService).toBeDefined();
    expect(deployment('api').spec!.template!.spec.containers[0].ports).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'grpc', containerPort: grpcPort })]),
    );
  });
});
