import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PLACEHOLDER_MARK } from '@config/env.rules';
import { validateEnv } from '@config/validate-env';

const DIR = join(__dirname, '..', '..', '..', 'deploy', 'kubernetes');
/** Seconds Kubernetes should leave beyond the service's own shutdown budget. */
const GRACE_MARGIN_SECONDS = 5;

interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
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
  command?: string[];
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  securityContext?: { readOnlyRootFilesystem?: boolean };
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
    template?: {
      spec: { terminationGracePeriodSeconds?: number; containers: Container[]; volumes?: Array<{ name: string; emptyDir?: object }> };
    };
  };
}

/** Every manifest under deploy/kubernetes, with its file relative to it (`examples/secret.example.yaml`). */
function loadManifests(): Array<Manifest & { file: string }> {
  return readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((document) => {
        expect({ file, errors: document.errors.map(String) }).toEqual({ file, errors: [] });
        return { ...(document.toJS() as Manifest), file: relative(DIR, join(DIR, file)) };
      }),
    );
}

/** What `kubectl apply -f deploy/kubernetes/` applies: the folder's own files, not its subfolders. */
const applied = (manifest: { file: string }) => !manifest.file.includes('/');

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
  const job = ofKind('Job')[0];

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
    // The Secret as an operator fills it in: every placeholder replaced.
    const filled = Object.fromEntries(
      Object.entries(secret.stringData ?? {}).map(([name, value]) => [name, value.replaceAll(PLACEHOLDER_MARK, 'filled-')]),
    );
    const env = { ...configMap.data, ...filled, ...minimalSecrets };
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

  it('keeps the example Secret out of what `kubectl apply -f deploy/kubernetes/` applies', () => {
    expect(secret.file).toBe('examples/secret.example.yaml');
    expect(manifests.filter(applied).filter((manifest) => manifest.kind === 'Secret')).toEqual([]);
  });

  it('marks every value of the example Secret to fill in, and production refuses each one left as it is', () => {
    const placeholders = Object.entries(secret.stringData ?? {}).filter(([, value]) => value.includes(PLACEHOLDER_MARK));
    expect(placeholders.map(([name]) => name)).toEqual(expect.arrayContaining(['APP_KEY', 'GRPC_AUTH_TOKEN', 'DATABASE_URL', 'REDIS_URL']));
    let refusal = '';
    try {
      validateEnv({ ...configMap.data, ...secret.stringData });
    } catch (error) {
      refusal = (error as Error).message;
    }
    for (const [name] of placeholders) expect(refusal).toContain(`${name} still holds an example placeholder`);
    // Outside production the same values are only examples.
    expect(() => validateEnv({ ...configMap.data, ...secret.stringData, NODE_ENV: 'development' })).not.toThrow();
  });

  it('migrates in a Job of its own, with the configuration of the pods, which then never migrate', () => {
    expect(job.file).toBe('migrate/job.yaml');
    const [container] = (job as unknown as { spec: { template: { spec: { containers: Container[] } } } }).spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'dist/src/migrate.js']);
    expect(existsSync(join(DIR, '..', '..', 'src', 'migrate.ts'))).toBe(true);
    expect(container.envFrom).toEqual(
      expect.arrayContaining([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]),
    );
    expect(validateEnv({ ...configMap.data, ...minimalSecrets }).MIGRATIONS_RUN).toBe(false);
  });

  it('probes the worker through its heartbeat file, on a volume it can write', () => {
    const spec = deployment('worker').spec!.template!.spec;
    const [container] = spec.containers;
    expect(container.livenessProbe?.exec?.command).toEqual(['node', 'dist/src/liveness-probe.js']);
    expect(existsSync(join(DIR, '..', '..', 'src', 'liveness-probe.ts'))).toBe(true);
    const file = container.env?.find((variable) => variable.name === 'WORKER_HEARTBEAT_FILE')?.value ?? '';
    expect(file).not.toBe('');
    const mount = container.volumeMounts?.find((candidate) => file.startsWith(`${candidate.mountPath}/`));
    expect(mount).toBeDefined();
    expect(spec.volumes?.find((volume) => volume.name === mount!.name)?.emptyDir).toBeDefined();
  });
});
