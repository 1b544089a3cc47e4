'use strict';
/**
 * The fan-out benchmark's figures (bench/fanout.js): every measured order's timestamps, gathered
 * from the database (order, outbox row, consumption, notification rows), BullMQ's job records in
 * Redis (added, started, finished) and the receivers (mail, push, broadcast arrival), all on the
 * machine's one wall clock; then throughput, per-stage latencies and CPU, as text and as the
 * generated fan-out block of docs/benchmarks.md.
 */
const fs = require('node:fs');
const Redis = require('ioredis');

const START = '<!-- bench:fanout:start -->';
const END = '<!-- bench:fanout:end -->';
const CONSUMER = 'OrderPlacedConsumer';

const time = (date) => (date ? new Date(date).getTime() : null);
const numberOrNull = (text) => (text === null || text === undefined ? null : Number(text));

/** BullMQ's record of each job id: { added, started, finished } in ms, null fields where unknown. */
async function jobTimes(redis, prefix, queue, ids) {
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hmget(`${prefix}:${queue}:${id}`, 'timestamp', 'processedOn', 'finishedOn');
  const results = await pipeline.exec();
  const times = new Map();
  results.forEach(([error, [added, started, finished]], index) => {
    if (!error) times.set(ids[index], { added: numberOrNull(added), started: numberOrNull(started), finished: numberOrNull(finished) });
  });
  return times;
}

/** One record per measured order with every timestamp the run left behind. */
async function collectTimeline({ db, redisUrl, prefix, placed, report, users }) {
  const ids = placed.map((p) => p.orderId);
  const { rows } = await db.query(
    `SELECT o.id AS order_id, o.created_at AS order_tx, e.id AS outbox_id, e.dispatched_at, e.processed_at, c.consumed_at,
            (SELECT min(n.created_at) FROM notifications n WHERE n.dedupe_key = 'order-placed.' || e.id) AS rows_tx,
            (SELECT count(*)::int FROM notifications n WHERE n.dedupe_key = 'order-placed.' || e.id) AS row_count
       FROM orders o
       JOIN outbox_events e ON e.event_type = 'OrderPlaced' AND (e.payload->>'order_id')::int = o.id
       LEFT JOIN outbox_consumptions c ON c.event_id = e.id AND c.handler = $2
      WHERE o.id = ANY($1::int[])`,
    [ids, CONSUMER],
  );
  const byOrder = new Map(rows.map((row) => [row.order_id, row]));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const outboxIds = rows.map((row) => String(row.outbox_id));
    const perUser = (kind) => outboxIds.flatMap((id) => users.map((u) => `${kind}-order-placed.${id}-${u.id}`));
    const [outboxJobs, mailJobs, pushJobs, broadcastJobs] = await Promise.all([
      jobTimes(
        redis,
        prefix,
        'outbox',
        outboxIds.map((id) => `outbox-${id}`),
      ),
      jobTimes(redis, prefix, 'messages', perUser('mail')),
      jobTimes(redis, prefix, 'push-delivery', perUser('push')),
      jobTimes(
        redis,
        prefix,
        'broadcast-delivery',
        outboxIds.map((id) => `broadcast-order-placed.${id}`),
      ),
    ]);
    const group = (items, key) => {
      const map = new Map();
      for (const item of items) {
        const k = key(item);
        if (!map.has(k)) map.set(k, []);
        map.get(k).push(item.at);
      }
      return map;
    };
    const mails = group(report.mails, (m) => m.orderNumber);
    const pushes = group(report.pushes, (p) => p.orderId);
    const broadcasts = group(
      report.broadcasts.filter((b) => b.event === 'order.created'),
      (b) => b.orderId,
    );
    return placed.map((order) => {
      const row = byOrder.get(order.orderId) ?? {};
      const outboxId = String(row.outbox_id);
      const jobs = (times, kind) => users.map((u) => times.get(`${kind}-order-placed.${outboxId}-${u.id}`) ?? {});
      return {
        ...order,
        outboxId,
        orderTx: time(row.order_tx),
        relayed: time(row.dispatched_at),
        outboxJob: outboxJobs.get(`outbox-${outboxId}`) ?? {},
        consumerTx: time(row.consumed_at),
        rowsTx: time(row.rows_tx),
        rowCount: row.row_count ?? 0,
        processed: time(row.processed_at),
        mail: { jobs: jobs(mailJobs, 'mail'), received: mails.get(order.orderNumber) ?? [] },
        push: { jobs: jobs(pushJobs, 'push'), received: pushes.get(order.orderId) ?? [] },
        broadcast: { jobs: [broadcastJobs.get(`broadcast-order-placed.${outboxId}`) ?? {}], received: broadcasts.get(order.orderId) ?? [] },
      };
    });
  } finally {
    redis.disconnect();
  }
}

/** p50, p95 and max of a list of numbers (nulls dropped); null when empty. */
function spread(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], count: sorted.length };
}

const diff = (a, b) => (a === null || a === undefined || b === null || b === undefined ? null : a - b);
const last = (list) => (list.length ? Math.max(...list) : null);

function analyse({ config, facts, placed, timeline, window, cpu, load, receiverErrors }) {
  const n = placed.length;
  const start = window.startedAt;
  const channelJobs = (t, channel) => t[channel].jobs;
  const fullyNotified = timeline.map((t) =>
    Math.max(
      t.processed ?? Infinity,
      last(t.mail.received) ?? Infinity,
      last(t.push.received) ?? Infinity,
      last(t.broadcast.received) ?? Infinity,
    ),
  );
  const complete = timeline.every(
    (t) => t.rowCount === 3 && t.mail.received.length === 3 && t.push.received.length === 3 && t.broadcast.received.length === 1,
  );
  const end = Math.max(...fullyNotified);
  // A stage's rate between its first and its last item, also in orders/s (`perOrder` items an order).
  const perStage = (name, times, perOrder = 1) => {
    const done = times.filter((v) => v !== null && v !== undefined && Number.isFinite(v));
    if (done.length === 0) return { name, lastAtS: null, perSecond: null, ordersPerSecond: null };
    const first = Math.min(...done);
    const lastDone = Math.max(...done);
    const perSecond = lastDone > first ? (done.length - 1) / ((lastDone - first) / 1000) : null;
    return { name, lastAtS: (lastDone - start) / 1000, perSecond, ordersPerSecond: perSecond === null ? null : perSecond / perOrder };
  };
  const stages = [
    perStage(
      'orders acknowledged (201)',
      timeline.map((t) => t.ackedAt),
    ),
    perStage(
      'outbox rows relayed to the queue',
      timeline.map((t) => t.relayed),
    ),
    perStage(
      'OrderPlaced consumed (3 rows committed, 7 jobs queued)',
      timeline.map((t) => t.processed),
    ),
    perStage(
      'mails received (3 an order)',
      timeline.flatMap((t) => t.mail.received),
      3,
    ),
    perStage(
      'pushes received (3 an order)',
      timeline.flatMap((t) => t.push.received),
      3,
    ),
    perStage(
      'broadcasts received (1 an order)',
      timeline.flatMap((t) => t.broadcast.received),
    ),
  ];
  const latency = (name, values) => ({ name, ...(spread(values) ?? {}) });
  // Per message for the queued jobs: how long each waited for a worker, how long delivering took,
  // then per order, from its 201 to the last of its messages on that channel.
  const jobLatencies = (channel, label) => [
    latency(
      `${label}: job queued → started`,
      timeline.flatMap((t) => channelJobs(t, channel).map((j) => diff(j.started, j.added))),
    ),
    latency(
      `${label}: job started → done (delivery)`,
      timeline.flatMap((t) => channelJobs(t, channel).map((j) => diff(j.finished, j.started))),
    ),
    latency(
      `${label}: 201 → last received`,
      timeline.map((t) => diff(last(t[channel].received), t.ackedAt)),
    ),
  ];
  const latencies = [
    latency(
      'order: POST sent → 201',
      timeline.map((t) => diff(t.ackedAt, t.sentAt)),
    ),
    latency(
      'outbox: 201 → relayed (relay polls every 500 ms)',
      timeline.map((t) => diff(t.relayed, t.ackedAt)),
    ),
    latency(
      'outbox: relayed → consumer job started',
      timeline.map((t) => diff(t.outboxJob.started, t.relayed)),
    ),
    latency(
      'consumer: job started → transaction begun',
      timeline.map((t) => diff(t.consumerTx, t.outboxJob.started)),
    ),
    latency(
      'consumer: job started → event marked processed',
      timeline.map((t) => diff(t.processed, t.outboxJob.started)),
    ),
    ...jobLatencies('mail', 'mail'),
    ...jobLatencies('push', 'push'),
    ...jobLatencies('broadcast', 'broadcast'),
    latency(
      'end to end: 201 → fully notified',
      timeline.map((t, i) => diff(fullyNotified[i], t.ackedAt)),
    ),
  ];
  const seconds = (end - start) / 1000;
  const cpuRows = Object.entries(cpu).map(([name, used]) => ({
    name,
    seconds: used.cpu,
    share: used.cpu === null ? null : used.cpu / seconds,
    msPerOrder: used.cpu === null ? null : (used.cpu * 1000) / n,
    waitSeconds: used.wait,
  }));
  return {
    config: {
      orders: config.orders,
      clients: config.clients,
      warmup: config.warmup,
      processes: config.processes,
      pushTrust: config.pushTrust,
    },
    facts,
    complete,
    receiverErrors: receiverErrors.slice(0, 10),
    ordersPerSecond: n / seconds,
    placedPerSecond: n / ((Math.max(...timeline.map((t) => t.ackedAt)) - start) / 1000),
    seconds,
    stages,
    latencies,
    cpu: cpuRows,
    load,
  };
}

const fmt = (v, digits = 0) =>
  v === null || v === undefined ? '—' : Number(v).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (v) => (v === null || v === undefined ? '—' : `${fmt(v)} ms`);

function consoleReport(o) {
  const lines = [
    `fan-out: ${fmt(o.ordersPerSecond, 1)} orders/s fully notified (${o.config.orders} orders in ${fmt(o.seconds, 1)} s; placed at ${fmt(o.placedPerSecond, 1)}/s)${o.complete ? '' : ' INCOMPLETE'}`,
    '',
    'stage                                                     last done at  rate while running',
    ...o.stages.map(
      (s) =>
        `${s.name.padEnd(58)}${`${fmt(s.lastAtS, 1)} s`.padStart(12)}  ${fmt(s.perSecond, 1)}/s (${fmt(s.ordersPerSecond, 1)} orders/s)`,
    ),
    '',
    'latency                                                   p50        p95        max',
    ...o.latencies.map((l) => `${l.name.padEnd(58)}${ms(l.p50).padEnd(11)}${ms(l.p95).padEnd(11)}${ms(l.max)}`),
    '',
    `load average ${o.load.map((l) => l.toFixed(1)).join(' → ')}; CPU over the run (and time waiting for a CPU): ` +
      o.cpu.map((c) => `${c.name} ${c.share === null ? '—' : `${Math.round(c.share * 100)} %`} (${fmt(c.waitSeconds, 1)} s)`).join(', '),
  ];
  if (o.receiverErrors.length) lines.push('', `receiver errors: ${o.receiverErrors.join('; ')}`);
  return lines.join('\n');
}

function markdown(o) {
  return [
    START,
    '<!-- Generated by `npm run bench:fanout` (bench/fanout.js): edits between these markers are overwritten. -->',
    '',
    '| figure | value |',
    '|---|---|',
    `| **orders/s fully notified** | **${fmt(o.ordersPerSecond, 1)}** (${fmt(o.config.orders)} orders, first POST to last arrival ${fmt(o.seconds, 1)} s)${o.complete ? '' : ' — **incomplete**'} |`,
    `| orders/s placed (201) | ${fmt(o.placedPerSecond, 1)} (${o.config.clients} clients) |`,
    `| service | ${o.config.processes === 'split' ? 'one `api` and one `worker` process' : 'one `APP_ROLE=all` process'} |`,
    `| warm-up | ${o.config.warmup} orders fully notified before measuring |`,
    `| push service's certificate trusted through | ${o.config.pushTrust === 'node' ? '`NODE_EXTRA_CA_CERTS` (the push agent keeps the default trust, as against public push services)' : '`PUSH_CA_FILE` (the push agent gets the system CAs plus that file)'} |`,
    `| date | ${o.facts.date} |`,
    `| node | ${o.facts.node} |`,
    `| machine | ${o.facts.machine} |`,
    `| commit | ${o.facts.commit} |`,
    '',
    'Each stage: when its last item was done (seconds after the first POST) and its rate between its first and last item.',
    '',
    '| stage | last done at | rate while running | in orders/s |',
    '|---|---:|---:|---:|',
    ...o.stages.map((s) => `| ${s.name} | ${fmt(s.lastAtS, 1)} s | ${fmt(s.perSecond, 1)}/s | ${fmt(s.ordersPerSecond, 1)} |`),
    '',
    'Per order (per message for the queued jobs): where the time went.',
    '',
    '| step | p50 | p95 | max |',
    '|---|---:|---:|---:|',
    ...o.latencies.map((l) => `| ${l.name} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.max)} |`),
    '',
    'CPU from the first POST until every order was notified, and the time each spent runnable but waiting for a CPU (the run queue, from `/proc/<pid>/task/*/schedstat`):',
    '',
    '| process | CPU s | share of one core | CPU ms per order | waited for a CPU, s |',
    '|---|---:|---:|---:|---:|',
    ...o.cpu.map(
      (c) =>
        `| ${c.name} | ${fmt(c.seconds, 1)} | ${c.share === null ? '—' : `${Math.round(c.share * 100)} %`} | ${fmt(c.msPerOrder, 1)} | ${fmt(c.waitSeconds, 1)} |`,
    ),
    `| machine load average (1 min) at the start / end | ${o.load.map((l) => l.toFixed(1)).join(' / ')} | | | |`,
    END,
  ].join('\n');
}

/** Replaces the fan-out block of docs/benchmarks.md (appended at the end when absent). */
function updateFanoutDocs(file, outcome) {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const block = markdown(outcome);
  if (start !== -1 && end > start) fs.writeFileSync(file, `${text.slice(0, start)}${block}${text.slice(end + END.length)}`);
  else if (start === -1 && end === -1) fs.writeFileSync(file, `${text.replace(/\n*$/, '\n\n')}${block}\n`);
  else throw new Error(`${file}: found only one of ${START} / ${END}; fix the markers by hand`);
}

module.exports = { collectTimeline, analyse, consoleReport, updateFanoutDocs };
