'use strict';
/**
 * Bad runs made from a good recorded one: each breaks what one assertion of drill/check.js guards,
 * the way a broken build would (a 500 where a 503 belongs, an order committed while its client was
 * told 500, a second order for a key, an oversold product, a job done twice after the worker's
 * kill, a webhook applied twice, readiness late, exit 1 on SIGTERM, a request reset or an order lost
 * during the rolling restart). `fails` is the start of the
 * assertion's name. Used by drill/check.spec.ts and `node drill/run.js --mutant`.
 */

const orders = (run) => run.requests.filter((r) => r.kind === 'order');
const acked = (run) => orders(run).filter((r) => r.status === 201);
const probes = (run, api, from, to) => run.readiness.filter((p) => p.api === api && p.sent >= from && p.sent <= to);

function first(items, what) {
  if (!items.length) throw new Error(`the recorded run has no ${what}`);
  return items[0];
}

const GOOD_DASHBOARD = { bannerMs: 120, crashed: false, recoveredMs: 900, sameWindow: true, ordersPlaced: 3, ordersShown: 3, error: null };

const MUTANTS = [
  {
    name: 'the dashboard showed its crash screen during the outage',
    fails: 'the dashboard through an outage',
    apply: (run) => ({ ...run, dashboard: { ...(run.dashboard ?? GOOD_DASHBOARD), crashed: true } }),
  },
  {
    name: 'orders placed during the outage never showed on the dashboard',
    fails: 'the dashboard through an outage',
    apply: (run) => ({ ...run, dashboard: { ...(run.dashboard ?? GOOD_DASHBOARD), ordersShown: 0 } }),
  },
  {
    name: 'an order answered 500',
    fails: 'no 500 responses',
    apply: (run) => {
      first(acked(run), 'acknowledged order').status = 500;
      return run;
    },
  },
  {
    name: 'a 503 without Retry-After',
    fails: 'every 503 has Retry-After',
    apply: (run) => {
      first(
        run.requests.filter((r) => r.status === 503),
        '503',
      ).retryAfter = null;
      return run;
    },
  },
  {
    name: '5 % of the orders committed while their client was told 500 (no 201 for the key ever)',
    fails: 'no phantom orders',
    apply: (run) => {
      const refs = [...new Set(acked(run).map((r) => r.ref))].filter((_, i) => i % 20 === 0);
      for (const r of orders(run)) {
        if (refs.includes(r.ref) && r.status === 201) Object.assign(r, { status: 500, orderId: null });
      }
      return run;
    },
  },
  {
    name: 'a second order stored for a key (a retry after the idempotency record was lost)',
    fails: 'at most one order per key',
    apply: (run) => {
      const keyed = first(
        acked(run).filter((r) => r.keyed),
        'acknowledged keyed order',
      );
      run.stored.orders.push({ id: '999999999', ref: keyed.ref });
      return run;
    },
  },
  {
    name: 'a replay answered with another order',
    fails: 'at most one order per key',
    apply: (run) => {
      const refs = acked(run).map((r) => r.ref);
      const replayed = first(
        acked(run).filter((r, i) => refs.indexOf(r.ref) !== i),
        'replayed order',
      );
      replayed.orderId = '999999999';
      return run;
    },
  },
  {
    name: 'no key ever sent twice (the duplicate check has nothing to check)',
    fails: 'at most one order per key',
    apply: (run) => {
      const seen = new Set();
      run.requests = run.requests.filter((r) => r.kind !== 'order' || (!seen.has(r.ref) && seen.add(r.ref)));
      return run;
    },
  },
  {
    name: 'an acknowledged order not stored',
    fails: 'no acknowledged order lost',
    apply: (run) => {
      const id = String(first(acked(run), 'acknowledged order').orderId);
      run.stored.orders = run.stored.orders.filter((o) => o.id !== id);
      return run;
    },
  },
  {
    name: 'the scarce product oversold by 2',
    fails: 'no oversell',
    apply: (run) => {
      const scarce = run.stored.products.scarce;
      Object.assign(scarce, { sold: scarce.initial + 2, remaining: -2 });
      return run;
    },
  },
  {
    name: 'stock taken without an order (remaining ≠ initial − sold)',
    fails: 'no oversell',
    apply: (run) => {
      run.stored.products.plenty.remaining -= 1;
      return run;
    },
  },
  {
    name: 'the scarce product not sold out',
    fails: 'the scarce product sold out',
    apply: (run) => {
      const scarce = run.stored.products.scarce;
      Object.assign(scarce, { sold: scarce.initial - 3, remaining: 3 });
      return run;
    },
  },
  {
    name: 'an accepted analytics event lost',
    fails: 'queued analytics events',
    apply: (run) => {
      const event = first(
        run.requests.filter((r) => r.kind === 'event' && r.status === 202),
        'accepted event',
      );
      delete run.stored.events[event.marker];
      return run;
    },
  },
  {
    name: 'a job cut off by the worker kill done twice',
    fails: 'queued analytics events',
    apply: (run) => {
      const marker = first(Object.keys(run.stored.events), 'stored event');
      run.stored.events[marker] = 2;
      return run;
    },
  },
  {
    name: 'the worker never restarted',
    fails: 'queued analytics events',
    apply: (run) => {
      delete run.marks.workerBack;
      return run;
    },
  },
  {
    name: 'a redelivered webhook applied twice',
    fails: 'webhook events applied once',
    apply: (run) => {
      const id = first(Object.keys(run.stored.paid), 'paid order');
      run.stored.paid[id] = 2;
      return run;
    },
  },
  {
    name: 'a redelivered webhook logged twice',
    fails: 'webhook events applied once',
    apply: (run) => {
      const id = first(Object.keys(run.stored.webhookLogs), 'logged webhook');
      run.stored.webhookLogs[id] = 2;
      return run;
    },
  },
  {
    name: 'a webhook answered 200 but never applied',
    fails: 'webhook events applied once',
    apply: (run) => {
      const hook = first(
        run.requests.filter((r) => r.kind === 'webhook' && r.status === 200),
        'acknowledged webhook',
      );
      delete run.stored.paid[String(hook.orderId)];
      return run;
    },
  },
  {
    name: 'readiness still 200 1.5 s after Redis was killed',
    fails: 'readiness 503 within',
    apply: (run) => {
      for (const p of probes(run, 'a', run.marks.redisDown, run.marks.redisDown + 1500)) p.status = 200;
      return run;
    },
  },
  {
    name: 'readiness still 200 after SIGTERM',
    fails: 'readiness 503 within',
    apply: (run) => {
      for (const p of probes(run, run.terminated, run.marks.sigterm, Infinity)) if (p.status === 503) p.status = 200;
      return run;
    },
  },
  {
    name: 'readiness still 503 2.5 s after PostgreSQL came back',
    fails: 'readiness 200 within',
    apply: (run) => {
      for (const p of probes(run, 'b', run.marks.postgresBack, run.marks.postgresBack + 2500)) p.status = 503;
      return run;
    },
  },
  {
    name: 'a request hung 5 s during the PostgreSQL outage',
    fails: 'no request slower than',
    apply: (run) => {
      first(
        run.requests.filter((r) => r.at >= run.marks.postgresDown && r.at < run.marks.postgresBack),
        'request during the PostgreSQL outage',
      ).ms = 5000;
      return run;
    },
  },
  {
    name: 'a request hung for 10 s while PostgreSQL was frozen',
    fails: 'every request answered within',
    apply: (run) => {
      // A run recorded before the freeze steps: its outage window stands in for a freeze.
      run.marks.postgresFrozen ??= run.marks.postgresDown;
      run.marks.postgresThawed ??= run.marks.postgresBack;
      first(
        run.requests.filter((r) => r.at >= run.marks.postgresFrozen && r.at < run.marks.postgresThawed),
        'request while PostgreSQL was frozen',
      ).ms = 10_000;
      return run;
    },
  },
  {
    name: 'a lost claim blocking its key: its retries answered 409 for 60 s',
    fails: 'no order key answered 409',
    apply: (run) => {
      const order = first(
        orders(run).filter((r) => r.keyed && r.status === 201),
        'acknowledged keyed order',
      );
      for (let i = 1; i <= 6; i++) {
        run.requests.push({ ...order, at: order.at + i * 10_000, ms: 5, status: 409, orderId: null });
      }
      return run;
    },
  },
  {
    name: 'events refused for 3 s after Redis came back',
    fails: 'serves again within',
    apply: (run) => {
      for (const r of run.requests) {
        if (r.kind === 'event' && r.at >= run.marks.redisBack && r.at < run.marks.redisBack + 3000) r.status = 503;
      }
      return run;
    },
  },
  {
    name: 'a 502 answered during the rolling restart',
    fails: 'no 5xx but 503',
    apply: (run) => {
      first(
        run.requests.filter((r) => r.phase === 'rolling'),
        'request during the rolling restart',
      ).status = 502;
      return run;
    },
  },
  {
    name: 'a request received by the old api before its SIGTERM reset at listener close',
    fails: 'every request sent to an api before its SIGTERM',
    apply: (run) => {
      const { old, sigterm } = first(run.rolling ?? [], 'rolling restart');
      const request = first(
        run.requests.filter((r) => r.api === old && r.at < sigterm && r.status !== 0).sort((x, y) => y.at - x.at),
        'request to the old api before its SIGTERM',
      );
      Object.assign(request, { status: 0, error: 'ECONNRESET', retryAfter: null });
      return run;
    },
  },
  {
    name: 'a replaced api exits 1 on SIGTERM',
    fails: 'rolling restart',
    apply: (run) => {
      first(run.rolling ?? [], 'rolling restart').code = 1;
      return run;
    },
  },
  {
    name: 'the second api never replaced',
    fails: 'rolling restart',
    apply: (run) => {
      first(run.rolling ?? [], 'rolling restart');
      run.rolling.pop();
      return run;
    },
  },
  {
    name: 'the shop stopped selling during the rolling restart (every order refused)',
    fails: 'rolling restart',
    apply: (run) => {
      for (const r of run.requests) {
        if (r.kind === 'order' && r.phase === 'rolling' && r.status === 201) Object.assign(r, { status: 503, retryAfter: '1' });
      }
      return run;
    },
  },
  {
    name: 'an order acknowledged during the rolling restart not stored',
    fails: 'no acknowledged order lost',
    apply: (run) => {
      const id = String(
        first(
          acked(run).filter((r) => r.phase === 'rolling'),
          'order acknowledged during the rolling restart',
        ).orderId,
      );
      run.stored.orders = run.stored.orders.filter((o) => o.id !== id);
      return run;
    },
  },
  {
    name: 'a keyed order stored twice across the restart (old and new api)',
    fails: 'at most one order per key',
    apply: (run) => {
      const order = first(
        acked(run).filter((r) => r.keyed && r.phase === 'rolling'),
        'keyed order acknowledged during the rolling restart',
      );
      run.stored.orders.push({ id: '999999998', ref: order.ref });
      return run;
    },
  },
  {
    name: 'SIGTERM under load exits 1',
    fails: 'SIGTERM under load exits 0',
    apply: (run) => {
      run.shutdown.code = 1;
      return run;
    },
  },
];

module.exports = { MUTANTS };
