'use strict';
/**
 * Ceiling "a bare node:http server that does one Queue.add per request": reads the body, parses
 * it as JSON, adds one job to a BullMQ queue (the job options of the analytics intake, a fresh job
 * id per request) and answers a fixed response once the queue's datastore has acknowledged the job.
 * No framework, no validation, no tenant check.
 *
 * The queue is on the backend the service would use with the same settings: the bench Redis, or
 * (`backend: 'postgres'`) BullMQ's PostgreSQL backend on the bench database. The connection
 * settings come from the built service's own `useQueueBackend` (dist/), so they cannot drift
 * from the service's (for PostgreSQL: its pool per queue, schema `bullmq`, no migration at start).
 *
 * argv[2]: JSON { backend ('redis' | 'postgres', default redis), redisUrl, databaseUrl, prefix, queue,
 * status, body }. Reports { port } over IPC.
 */
const http = require('node:http');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { Queue } = require('bullmq');

const { useQueueBackend } = require(path.resolve(__dirname, '..', '..', 'dist', 'src', 'infra', 'queue', 'queue-backend'));

const {
  backend = 'redis',
  redisUrl,
  databaseUrl,
  prefix,
  queue: queueName,
  status = 202,
  body = '{"success":true,"message":"Event accepted."}',
} = JSON.parse(process.argv[2]);
const payload = Buffer.from(body);
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(payload.length) };
// As AnalyticsIntakeService adds its jobs.
const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

// The service reads these settings through its ConfigService; the same names, with its defaults.
const settings = {
  QUEUE_BACKEND: backend,
  REDIS_URL: redisUrl,
  DATABASE_URL: databaseUrl,
  DATABASE_CONNECT_TIMEOUT_MS: 1000,
};
const connection = useQueueBackend({ get: (name) => settings[name] });
const queue = new Queue(queueName, { connection, prefix });

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let data;
    try {
      data = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      data = {};
    }
    const eventId = randomUUID();
    queue.add('track', { kind: 'track', eventId, data, occurredAt: new Date().toISOString() }, { ...JOB_OPTIONS, jobId: eventId }).then(
      () => {
        res.writeHead(status, headers);
        res.end(payload);
      },
      (error) => {
        res.writeHead(503, { 'Content-Type': 'text/plain' });
        res.end(String(error && error.message));
      },
    );
  });
});

queue.waitUntilReady().then(() => server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => queue.close().finally(() => process.exit(0))));
