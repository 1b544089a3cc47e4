'use strict';
/**
 * The bench database and Redis DB. Both are scratch space: the database is dropped and created
 * again at every run (the service's start-up then applies the migrations), Redis DB is flushed.
 * Refuses any database or Redis DB that does not look like a bench one, since it destroys them.
 */
const { Client } = require('pg');

function databaseName(databaseUrl) {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
}

function adminUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

function assertBenchDatabase(databaseUrl) {
  const name = databaseName(databaseUrl);
  if (!/bench/i.test(name)) {
    throw new Error(`Refusing to drop database "${name}": the bench database's name must contain "bench" (BENCH_DATABASE_URL)`);
  }
  return name;
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

async function withAdmin(databaseUrl, fn) {
  const client = new Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot reach PostgreSQL at ${redact(adminUrl(databaseUrl))}: ${error.message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops the bench database if it exists (closing any leftover connections) and creates it empty. */
async function recreateDatabase(databaseUrl) {
  const name = assertBenchDatabase(databaseUrl);
  await withAdmin(databaseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
}

async function dropDatabase(databaseUrl) {
  const name = assertBenchDatabase(databaseUrl);
  await withAdmin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** A connected pg Client on the bench database, for scenario set-up (seeding rows). Caller ends it. */
async function connectDatabase(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
}

async function flushRedis(redisUrl) {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.replace(/^\//, '') || '0');
  if (db === 0 && !process.env.BENCH_ALLOW_REDIS_DB0) {
    throw new Error(`Refusing to flush Redis DB 0 (${redisUrl}): point BENCH_REDIS_URL at a scratch DB such as /6`);
  }
  const Redis = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000, retryStrategy: () => null });
  let connectionError;
  redis.on('error', (error) => {
    connectionError = error;
  });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch (error) {
    throw new Error(`Cannot flush Redis at ${redisUrl}: ${(connectionError ?? error).message}`);
  } finally {
    redis.disconnect();
  }
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

module.exports = { recreateDatabase, dropDatabase, connectDatabase, flushRedis, databaseName, redact };
