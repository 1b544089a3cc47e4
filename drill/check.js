'use strict';
/**
 * The fault drill's assertions (docs/operations.md, "Fault drill"): a pure function over a recorded
 * run, so that each can be shown to fail on a bad run (drill/check.spec.ts, `npm run drill --
 * --mutant`). `drill/run.js` records the run and calls `checkRun`; nothing here touches a process,
 * a socket or a clock.
 *
 * A recorded run (`drill/run.js --record FILE` writes one):
 *   marks      epoch ms of each step: workerKilled, workerBack, redisDown, redisBack, postgresDown,
 *              postgresBack, postgresFrozen, postgresThawed, redisFrozen, redisThawed (SIGSTOP and
 *              SIGCONT; absent in runs recorded before those steps), rollingStart, rollingEnd (the
 *              rolling restart), sigterm, exited (the last api's SIGTERM and exit)
 *   apis       the first api processes' names; `terminated` the one that got SIGTERM under load last
 *   rolling    [{ old, new, started, ready, sigterm, exited, code, signal }]: each api replaced in
 *              turn under load (epoch ms; code, signal: how the old one exited)
 *   requests   every answer a client got: { kind: order|event|webhook, api, phase, at, ms, status,
 *              retryAfter, error } (status 0: no HTTP answer, `error` its code; `retriedElsewhere`:
 *              refused by an api told to stop, sent again to another), plus for an order { ref, keyed, product,
 *              quantity, orderId }, an event { marker }, a webhook { eventId, orderId }. An order's
 *              `ref` is its Idempotency-Key (or, unkeyed, the one request's own reference), also
 *              written in its customer_notes; retries and deliberate resends share it.
 *   readiness  { api, sent, at, status } probes of GET /health/ready, one sent every 100 ms per api
 *              (without waiting for the earlier ones); `at` is when its answer came
 *   dashboard  { bannerMs, crashed, recoveredMs, sameWindow, ordersPlaced, ordersShown, error } of the
 *              dashboard cut off from its api (or { skipped }: no Chromium; absent in older runs)
 *   shutdown   { code, signal, ms } of the api that got SIGTERM
 *   stored     what PostgreSQL holds afterwards: orders [{ id, ref }], products { name: { initial,
 *              remaining, sold } }, events { marker: rows }, webhookLogs { eventId: rows },
 *              paid { orderId: 'paid' order events }
 */

const LIMITS = {
  /** /health/ready answers 503 within this long of an outage or of SIGTERM (decisions §13). */
  readyDownMs: 1_000,
  /** ... and 200 within this long of the dependency's return. */
  readyUpMs: 2_000,
  /** No request takes longer during an outage. */
  slowMs: 2_000,
  /** ... nor while a dependency is frozen (accepts connections, answers nothing). */
  frozenMs: 3_000,
  /** A keyed order's retries get the order (201 or replay), not 409, past this long after its first request. */
  claimBlocksMs: 5_000,
  /** The service serves again within this long of the dependency's return. */
  recoveryMs: 2_000,
};

/** Answers after which a client retries an order with the same key. */
const RETRYABLE = new Set([0, 409, 429, 500, 502, 503, 504]);

const count = (items) => items.length;
const sample = (items, n = 5) => items.slice(0, n).join(', ') + (items.length > n ? `, … (${items.length})` : '');

function tally(items, keyOf) {
  const counts = new Map();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/** How long after `since` the first probe of `api` sent since then answered `status` (null: none did). */
function firstAfter(run, api, since, status) {
  const answers = run.readiness.filter((probe) => probe.api === api && probe.sent >= since && probe.status === status);
  return answers.length ? Math.min(...answers.map((probe) => probe.at)) - since : null;
}

/** @returns {{ name: string, ok: boolean, detail: string }[]} one entry per assertion, in a fixed order */
function checkRun(run) {
  const { requests, stored, marks } = run;
  const orders = requests.filter((r) => r.kind === 'order');
  const results = [];
  const assert = (name, failures, detail) =>
    results.push({ name, ok: failures.length === 0, detail: failures.length ? failures.join('; ') : detail });

  // --- answers ---
  const fiveHundreds = requests.filter((r) => r.status === 500);
  assert(
    'no 500 responses',
    fiveHundreds.length
      ? [`${count(fiveHundreds)} × 500 (${[...tally(fiveHundreds, (r) => r.kind)].map(([k, n]) => `${k} ${n}`).join(', ')})`]
      : [],
    `${requests.length} answers, none 500`,
  );
  const bare503 = requests.filter((r) => r.status === 503 && !r.retryAfter);
  const all503 = requests.filter((r) => r.status === 503);
  assert(
    'every 503 has Retry-After',
    bare503.length ? [`${count(bare503)} of ${count(all503)} × 503 without Retry-After`] : [],
    `${count(all503)} × 503, each with Retry-After`,
  );

  const other5xx = requests.filter((r) => r.status >= 500 && r.status !== 500 && r.status !== 503);
  assert(
    'no 5xx but 503 (with Retry-After)',
    other5xx.length
      ? [`${count(other5xx)} answers: ${sample([...tally(other5xx, (r) => `${r.status} ${r.kind}`)].map(([k, n]) => `${k} ×${n}`))}`]
      : [],
    `${count(requests.filter((r) => r.status >= 500))} × 5xx, all 500 or 503 (each checked above)`,
  );

  // --- orders ---
  const byRef = new Map();
  for (const order of orders) {
    if (!byRef.has(order.ref)) byRef.set(order.ref, []);
    byRef.get(order.ref).push(order);
  }
  const acknowledged = new Map();
  for (const [ref, answers] of byRef) {
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.orderId));
    if (ids.size) acknowledged.set(ref, ids);
  }
  const storedByRef = tally(stored.orders, (o) => o.ref);
  const phantoms = stored.orders.filter((o) => !acknowledged.has(o.ref));
  assert(
    'no phantom orders (stored, but the client never got a 201 for its key)',
    phantoms.length ? [`${count(phantoms)} stored: ${sample(phantoms.map((o) => `order ${o.id} (${o.ref})`))}`] : [],
    `${stored.orders.length} orders stored, each acknowledged`,
  );
  const duplicated = [...storedByRef].filter(([, n]) => n > 1).map(([ref, n]) => `${ref} ×${n}`);
  const twoIds = [...acknowledged].filter(([, ids]) => ids.size > 1).map(([ref, ids]) => `${ref} → ${[...ids].join('/')}`);
  const repeated = [...byRef.values()].filter((answers) => answers.length > 1);
  const replays = [...byRef.values()].filter((answers) => answers.filter((a) => a.status === 201).length > 1);
  assert(
    'at most one order per key',
    [
      ...(duplicated.length ? [`${count(duplicated)} keys with several orders stored: ${sample(duplicated)}`] : []),
      ...(twoIds.length ? [`${count(twoIds)} keys answered with different orders: ${sample(twoIds)}`] : []),
      ...(repeated.length === 0 ? ['no key was retried or sent twice: nothing was checked'] : []),
    ],
    `${byRef.size} keys, ${repeated.length} sent more than once (${replays.length} answered 201 more than once, always the same order)`,
  );
  const storedIds = new Set(stored.orders.map((o) => String(o.id)));
  const lost = [...acknowledged].flatMap(([ref, ids]) => [...ids].filter((id) => !storedIds.has(String(id))).map((id) => `${id} (${ref})`));
  assert(
    'no acknowledged order lost',
    lost.length ? [`${count(lost)} acknowledged orders not stored: ${sample(lost)}`] : [],
    `${acknowledged.size} acknowledged, all stored`,
  );

  // --- stock ---
  const oversold = [];
  for (const [name, p] of Object.entries(stored.products)) {
    if (p.sold > p.initial) oversold.push(`${name}: ${p.sold} sold of ${p.initial}`);
    if (p.remaining < 0) oversold.push(`${name}: ${p.remaining} remaining`);
    if (p.initial - p.sold !== p.remaining) oversold.push(`${name}: ${p.initial} − ${p.sold} sold ≠ ${p.remaining} remaining`);
  }
  assert(
    'no oversell (units sold ≤ stock, stock = initial − sold)',
    oversold,
    Object.entries(stored.products)
      .map(([name, p]) => `${name}: ${p.sold} of ${p.initial} sold, ${p.remaining} left`)
      .join('; '),
  );
  const scarce = stored.products.scarce;
  assert(
    'the scarce product sold out (the oversell check was exercised)',
    !scarce ? ['no scarce product recorded'] : scarce.remaining !== 0 ? [`${scarce.remaining} of ${scarce.initial} left`] : [],
    scarce ? `${scarce.initial} units, all sold` : '',
  );

  // --- queued jobs (the worker is SIGKILLed and restarted mid-run) ---
  const ackedEvents = new Set(requests.filter((r) => r.kind === 'event' && r.status === 202).map((r) => r.marker));
  const lostEvents = [...ackedEvents].filter((marker) => !stored.events[marker]);
  const twiceEvents = Object.entries(stored.events)
    .filter(([, n]) => n > 1)
    .map(([marker, n]) => `${marker} ×${n}`);
  assert(
    'queued analytics events stored once (worker SIGKILLed and restarted)',
    [
      ...(lostEvents.length ? [`${count(lostEvents)} accepted events not stored: ${sample(lostEvents)}`] : []),
      ...(twiceEvents.length ? [`${count(twiceEvents)} stored more than once: ${sample(twiceEvents)}`] : []),
      ...(marks.workerKilled && marks.workerBack ? [] : ['the worker was not killed and restarted']),
    ],
    `${ackedEvents.size} accepted, each stored once`,
  );

  // --- webhooks ---
  const webhooks = requests.filter((r) => r.kind === 'webhook');
  const deliveries = tally(
    webhooks.filter((w) => w.status === 200),
    (w) => w.eventId,
  );
  const orderOf = new Map(webhooks.map((w) => [w.eventId, w.orderId]));
  const webhookFailures = [];
  const twiceLogged = Object.entries(stored.webhookLogs).filter(([, n]) => n > 1);
  if (twiceLogged.length)
    webhookFailures.push(`${count(twiceLogged)} events logged more than once: ${sample(twiceLogged.map(([id, n]) => `${id} ×${n}`))}`);
  const twicePaid = Object.entries(stored.paid).filter(([, n]) => n > 1);
  if (twicePaid.length)
    webhookFailures.push(`${count(twicePaid)} orders paid more than once: ${sample(twicePaid.map(([id, n]) => `${id} ×${n}`))}`);
  const unapplied = [...deliveries.keys()].filter((id) => !stored.webhookLogs[id] || !stored.paid[orderOf.get(id)]);
  if (unapplied.length) webhookFailures.push(`${count(unapplied)} events answered 200 but not applied: ${sample(unapplied)}`);
  const redelivered = [...deliveries.values()].filter((n) => n > 1).length;
  if (deliveries.size && redelivered === 0) webhookFailures.push('no event was delivered twice: nothing was checked');
  if (deliveries.size === 0) webhookFailures.push('no webhook was delivered');
  assert(
    'webhook events applied once (signed, redelivered)',
    webhookFailures,
    `${deliveries.size} events, ${redelivered} delivered more than once, each applied once`,
  );

  // --- readiness ---
  const down = [];
  const up = [];
  const downTimes = [];
  const upTimes = [];
  for (const [outage, back] of [
    ['redisDown', 'redisBack'],
    ['postgresDown', 'postgresBack'],
  ]) {
    for (const api of run.apis) {
      const toDown = firstAfter(run, api, marks[outage], 503);
      const toUp = firstAfter(run, api, marks[back], 200);
      downTimes.push(`${outage} ${api} ${toDown} ms`);
      upTimes.push(`${back} ${api} ${toUp} ms`);
      if (toDown === null || toDown > LIMITS.readyDownMs)
        down.push(`${api}: 503 ${toDown === null ? 'never' : `after ${toDown} ms`} (${outage})`);
      if (toUp === null || toUp > LIMITS.readyUpMs) up.push(`${api}: 200 ${toUp === null ? 'never' : `after ${toUp} ms`} (${back})`);
    }
  }
  const onSigterm = firstAfter(run, run.terminated, marks.sigterm, 503);
  downTimes.push(`sigterm ${run.terminated} ${onSigterm} ms`);
  if (onSigterm === null || onSigterm > LIMITS.readyDownMs)
    down.push(`${run.terminated}: 503 ${onSigterm === null ? 'never' : `after ${onSigterm} ms`} (SIGTERM)`);
  assert(`readiness 503 within ${LIMITS.readyDownMs} ms of each outage and of SIGTERM`, down, downTimes.join(', '));
  assert(`readiness 200 within ${LIMITS.readyUpMs} ms of each return`, up, upTimes.join(', '));

  // --- latency and recovery ---
  const slow = [];
  for (const [from, to] of [
    ['redisDown', 'redisBack'],
    ['postgresDown', 'postgresBack'],
  ]) {
    const during = requests.filter((r) => r.at >= marks[from] && r.at < marks[to]);
    const slowest = during.reduce((max, r) => Math.max(max, r.ms), 0);
    if (slowest > LIMITS.slowMs) slow.push(`${from}: ${slowest} ms`);
  }
  assert(`no request slower than ${LIMITS.slowMs} ms during an outage`, slow, 'none');
  // A claim that could not be completed (Redis frozen while a keyed order was in flight: the claim
  // is stored once Redis runs again, its reply long given up) never blocks its key.
  const blocked = [];
  let inFlight = 0;
  const keyedByRef = new Map();
  for (const order of orders) {
    if (!order.keyed) continue;
    if (!keyedByRef.has(order.ref)) keyedByRef.set(order.ref, []);
    keyedByRef.get(order.ref).push(order);
  }
  for (const [ref, answers] of keyedByRef) {
    const first = Math.min(...answers.map((r) => r.at - r.ms));
    for (const r of answers.filter((a) => a.status === 409)) {
      inFlight++;
      if (r.at - first > LIMITS.claimBlocksMs) blocked.push(`${ref}: 409 ${r.at - first} ms after its first request`);
    }
  }
  assert(
    `no order key answered 409 more than ${LIMITS.claimBlocksMs} ms after its first request`,
    blocked.slice(0, 5),
    `${inFlight} × 409 for an order key`,
  );

  // A frozen dependency (SIGSTOP): every request still gets an answer, within frozenMs. Runs
  // recorded before the freeze steps have no such window.
  const hung = [];
  const frozenTimes = [];
  for (const [from, to] of [
    ['postgresFrozen', 'postgresThawed'],
    ['redisFrozen', 'redisThawed'],
  ]) {
    if (!marks[from] || !marks[to]) continue;
    const during = requests.filter((r) => r.at >= marks[from] && r.at < marks[to]);
    const slowest = during.reduce((max, r) => Math.max(max, r.ms), 0);
    frozenTimes.push(`${from}: ${during.length} requests, slowest ${slowest} ms`);
    if (slowest > LIMITS.frozenMs) hung.push(`${from}: ${slowest} ms`);
    const unanswered = during.filter((r) => r.status === 0).length;
    if (unanswered) hung.push(`${from}: ${unanswered} requests without an HTTP answer`);
  }
  assert(
    `every request answered within ${LIMITS.frozenMs} ms while a dependency is frozen`,
    hung,
    frozenTimes.join(', ') || 'no freeze in this run',
  );
  const recovery = [];
  const recoveryTimes = [];
  for (const [kind, since] of [
    ['event', 'redisBack'],
    ['order', 'postgresBack'],
  ]) {
    const served = requests.filter((r) => r.kind === kind && r.at >= marks[since] && r.status >= 200 && r.status < 300);
    const ms = served.length ? Math.min(...served.map((r) => r.at + r.ms)) - marks[since] : null;
    recoveryTimes.push(`${kind}s ${ms} ms after ${since}`);
    if (ms === null || ms > LIMITS.recoveryMs) recovery.push(`${kind}s: ${ms === null ? 'never' : `${ms} ms`} after ${since}`);
  }
  assert(`serves again within ${LIMITS.recoveryMs} ms of each return`, recovery, recoveryTimes.join(', '));

  // --- rolling restart (each api replaced under load; docs/operations.md, "Fault drill") ---
  const rolling = run.rolling ?? [];
  const replaced = [];
  const rollingFailures = [];
  if (rolling.length === 0) rollingFailures.push('no rolling restart in this run');
  for (const api of run.apis)
    if (rolling.length && !rolling.some((r) => r.old === api)) rollingFailures.push(`api ${api} was not replaced`);
  for (const r of rolling) {
    replaced.push(`${r.old} → ${r.new}: exit ${r.code} ${r.exited - r.sigterm} ms after SIGTERM`);
    if (r.code !== 0) rollingFailures.push(`api ${r.old} exited with code ${r.code}${r.signal ? ` (signal ${r.signal})` : ''}`);
  }
  const duringRolling = requests.filter((r) => r.at >= marks.rollingStart && r.at < marks.rollingEnd);
  const soldRolling = duringRolling.filter((r) => r.kind === 'order' && r.status === 201);
  const byNew = duringRolling.filter((r) => rolling.some((x) => x.new === r.api) && r.status >= 200 && r.status < 300);
  if (rolling.length && soldRolling.length === 0) rollingFailures.push('no order acknowledged during the rolling restart');
  if (rolling.length && byNew.length === 0) rollingFailures.push('the new apis served nothing during the rolling restart');
  assert(
    'rolling restart: each api replaced under load, each replaced one exited 0',
    rollingFailures,
    `${replaced.join(', ')}; ${duringRolling.length} requests, ${soldRolling.length} orders acknowledged, ${byNew.length} served by the new apis`,
  );
  // A request an api received before its SIGTERM is answered; one sent after it may be refused
  // (status 0, ECONNREFUSED: it never reached the api) and is then sent to another api.
  const stopped = [
    ...rolling.map((r) => ({ api: r.old, sigterm: r.sigterm })),
    ...(run.terminated && marks.sigterm ? [{ api: run.terminated, sigterm: marks.sigterm }] : []),
  ];
  const unanswered = [];
  let refusedAfter = 0;
  let otherAfter = 0;
  let sentBefore = 0;
  for (const { api, sigterm } of stopped) {
    for (const r of requests.filter((x) => x.api === api)) {
      if (r.at < sigterm) {
        sentBefore++;
        if (r.status === 0) unanswered.push(`${r.kind} to ${api} ${sigterm - r.at} ms before SIGTERM: ${r.error ?? 'no answer'}`);
      } else if (r.status === 0 && r.error === 'ECONNREFUSED') refusedAfter++;
      else if (r.status === 0) otherAfter++;
    }
  }
  assert(
    'every request sent to an api before its SIGTERM got an HTTP answer',
    [
      ...(stopped.length === 0 ? ['no api got SIGTERM in this run'] : []),
      ...(unanswered.length ? [`${count(unanswered)} without an answer: ${sample(unanswered)}`] : []),
    ],
    `${stopped.map((s) => s.api).join(', ')}: ${sentBefore} requests sent before SIGTERM, all answered; after it ${refusedAfter} refused (sent again to another api), ${otherAfter} other without an answer`,
  );

  // --- the dashboard through an outage (docs/operations.md, "Fault drill") ---
  const dashboard = run.dashboard;
  const dashboardFailures = [];
  if (dashboard && !dashboard.skipped) {
    if (dashboard.error) dashboardFailures.push(`the step failed: ${dashboard.error}`);
    if (dashboard.bannerMs === null) dashboardFailures.push('no "Cannot reach the server" banner');
    if (dashboard.crashed) dashboardFailures.push('the crash screen showed');
    if (dashboard.recoveredMs === null) dashboardFailures.push('the page did not open once the server was back');
    if (!dashboard.sameWindow) dashboardFailures.push('the app was reloaded');
    if (dashboard.ordersPlaced === 0) dashboardFailures.push('no order was placed during the outage');
    if (dashboard.ordersShown < dashboard.ordersPlaced)
      dashboardFailures.push(
        `${dashboard.ordersPlaced - dashboard.ordersShown} of ${dashboard.ordersPlaced} orders placed meanwhile not shown`,
      );
  }
  assert(
    'the dashboard through an outage: banner, no crash, back in place without a reload, the orders placed meanwhile shown',
    dashboardFailures,
    !dashboard
      ? 'not in this run (recorded before the step existed)'
      : dashboard.skipped
        ? `skipped: ${dashboard.skipped}`
        : `banner after ${dashboard.bannerMs} ms, back ${dashboard.recoveredMs} ms after the server, ${dashboard.ordersShown} of ${dashboard.ordersPlaced} orders shown`,
  );

  // --- shutdown ---
  const { shutdown } = run;
  assert(
    'SIGTERM under load exits 0',
    shutdown.code === 0 ? [] : [`exited with code ${shutdown.code}${shutdown.signal ? ` (signal ${shutdown.signal})` : ''}`],
    `exit 0 after ${shutdown.ms} ms`,
  );
  return results;
}

module.exports = { checkRun, LIMITS, RETRYABLE };
