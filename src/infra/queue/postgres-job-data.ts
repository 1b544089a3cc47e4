import { BackendFactory, createPostgresBackend, JobJson, PostgresConnectionOptions, PostgresQueueBackend } from 'bullmq';
import { failAddsWhenClosing } from './postgres-closing-adds';
import { PostgresQueuePool } from './postgres-queue-pool';

/**
 * BullMQ's PostgreSQL backend keeps a job's data in a jsonb column, and jsonb cannot hold U+0000
 * nor a lone UTF-16 surrogate, which Redis (a string) holds as it is: a job accepted on Redis would
 * be refused on PostgreSQL. So that accepted = stored holds the same in both modes (decisions §14),
 * the data of such a job is kept as `{"$sf:json":"<base64 of its JSON text>"}` and turned back
 * into the original on every read, before BullMQ or a processor sees it. Every queue gets this
 * through the backend factory: producers and processors see their own data only.
 */
const MARKER = '$sf:json';
const ENCODED_PREFIX = `{"${MARKER}":"`;

/**
 * JSON.stringify writes U+0000 and a lone surrogate as `\u0000` and `\udXXX` escapes, the only
 * forms jsonb refuses. An escaped backslash before `u0000` matches too: such data is encoded
 * needlessly, never wrongly. Data that looks like the encoded form itself is encoded as well, so
 * that decoding is the exact inverse.
 */
const UNSTORABLE = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** The JSON text of a job's data as jsonb can hold it. */
export function encodeJobData(json: string): string {
  if (!UNSTORABLE.test(json) && !json.startsWith(ENCODED_PREFIX)) return json;
  return JSON.stringify({ [MARKER]: Buffer.from(json, 'utf8').toString('base64') });
}

/** The original JSON text of a job's data read back from jsonb. */
export function decodeJobData(json: string): string {
  if (!json.startsWith(ENCODED_PREFIX)) return json;
  const encoded = (JSON.parse(json) as Record<string, unknown>)[MARKER];
  return typeof encoded === 'string' ? Buffer.from(encoded, 'base64').toString('utf8') : json;
}

type NextJob = [JobJson | null, ...unknown[]];

/** The backend's own methods this wraps; some are private in BullMQ's typings. */
interface JobDataPaths {
  addJob(job: JobJson, ...rest: unknown[]): Promise<string>;
  toBatchEntry(queueName: string, data: Partial<JobJson>, ...rest: unknown[]): { data: string };
  updateData(job: unknown, data: unknown): Promise<void>;
  buildNextJobResult(...args: unknown[]): Promise<NextJob>;
  getJobData(jobId: string): Promise<JobJson | undefined>;
  paginate(key: string, opts: unknown): Promise<{ jobs?: JobJson[] }>;
}

const WRAPPED: Array<keyof JobDataPaths> = ['addJob', 'toBatchEntry', 'updateData', 'buildNextJobResult', 'getJobData', 'paginate'];

function decoded<T extends JobJson | null | undefined>(job: T): T {
  if (job && typeof job.data === 'string') job.data = decodeJobData(job.data);
  return job;
}

/** Encodes on every write of job data and decodes on every read of a job, in place. */
function encodeJobDataOf(backend: PostgresQueueBackend): PostgresQueueBackend {
  const paths = backend as unknown as JobDataPaths;
  for (const name of WRAPPED) {
    // A BullMQ version without one of these would store or read some data unencoded: fail loudly.
    if (typeof paths[name] !== 'function') throw new Error(`BullMQ's PostgreSQL backend has no ${name}(): update postgres-job-data.ts`);
  }
  const original = {
    addJob: paths.addJob.bind(backend),
    toBatchEntry: paths.toBatchEntry.bind(backend),
    updateData: paths.updateData.bind(backend),
    buildNextJobResult: paths.buildNextJobResult.bind(backend),
    getJobData: paths.getJobData.bind(backend),
    paginate: paths.paginate.bind(backend),
  };
  const wrapped: JobDataPaths = {
    addJob: (job, ...rest) => original.addJob(job.data === undefined ? job : { ...job, data: encodeJobData(job.data) }, ...rest),
    // Both bulk paths (addJobs, addFlow) build their entries here.
    toBatchEntry: (queueName, data, ...rest) => {
      const entry = original.toBatchEntry(queueName, data, ...rest);
      return { ...entry, data: encodeJobData(entry.data) };
    },
    updateData: (job, data) => {
      const json = JSON.stringify(data ?? {});
      const safe = encodeJobData(json);
      return original.updateData(job, safe === json ? data : JSON.parse(safe));
    },
    buildNextJobResult: async (...args) => {
      const result = await original.buildNextJobResult(...args);
      decoded(result[0]);
      return result;
    },
    getJobData: async (jobId) => decoded(await original.getJobData(jobId)),
    paginate: async (key, opts) => {
      const page = await original.paginate(key, opts);
      page.jobs?.forEach((job) => decoded(job));
      return page;
    },
  };
  Object.assign(backend, wrapped);
  return backend;
}

/**
 * BullMQ's PostgreSQL backend with job data any string can be part of, and adds that fail instead
 * of hanging once the queue is closing (postgres-closing-adds.ts). A backend on the process's
 * shared queue pool (postgres-queue-pool.ts) holds it open until the backend closes.
 */
export const createJobDataSafePostgresBackend: BackendFactory<PostgresQueueBackend, PostgresConnectionOptions> = (...args) => {
  const backend = createPostgresBackend(...args);
  const pool = args[1].connection as unknown;
  if (pool instanceof PostgresQueuePool) pool.lease(backend.connection);
  return failAddsWhenClosing(encodeJobDataOf(backend));
};
