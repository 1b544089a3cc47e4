'use strict';
/**
 * The merchant dashboard's budgets (dashboard.md "Speed", issue 28 "Proof"), in the system's
 * Chromium (playwright-core, headless, loopback) against the built service and its built dashboard:
 *
 * (a) JavaScript of the first visit to /dashboard/: every script the browser loads until the page is
 *     drawn and the network is idle, each gzipped (level 9, as a precompressed build or a proxy
 *     would send it), summed; KB = 1,024 bytes. Budget: ≤ 300 KB. Measured for both first visits a
 *     person can make: signed out (the sign-in page opens) and signed in (the overview opens, with
 *     its chart), each in a fresh browser profile (nothing cached).
 * (b) The orders page's first rows with BENCH_SCALE_ORDERS orders in the shop (default 1,000,000,
 *     seeded as merchant-overview-scale seeds them): the time from the navigation's start
 *     (performance.timeOrigin) to the first row of the table "Orders" in the DOM, p95 of 10 loads.
 *     Budget: ≤ 1,000 ms. Measured warm (one browser profile, assets cached as a returning
 *     merchant has them; one unmeasured load first) and cold (a fresh profile per load).
 *
 * CHROMIUM_PATH (default /usr/bin/chromium) names the browser.
 */
/* global window, document, MutationObserver, location -- functions run in the browser */
const fs = require('node:fs');
const zlib = require('node:zlib');
const { seedShop } = require('./merchant-overview-scale');
const { sizeFromEnv } = require('./_seed');

const JS_BUDGET_KB = 300;
const FIRST_ROWS_BUDGET_MS = 1000;
const LOADS = 10;
const TOKEN_KEY = 'storefront.dashboard.token';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-proxy-server',
];
const VIEWPORT = { width: 1280, height: 800 };

/** Nearest-rank percentile (p95 of 10 samples is the largest). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A fresh browser, signed in with `token` (sessionStorage, as the sign-in page leaves it) unless null. */
async function newBrowser(chromium, token) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  if (token) {
    await context.addInitScript(
      ([key, value]) => {
        if (location.pathname.startsWith('/dashboard')) sessionStorage.setItem(key, value);
      },
      [TOKEN_KEY, token],
    );
  }
  return { browser, context };
}

/** (a) The scripts a first visit loads, gzipped and summed, until `ready` and an idle network. */
async function firstVisitJs(chromium, baseUrl, token, ready) {
  const { browser, context } = await newBrowser(chromium, token);
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? null,
        })),
      );
    });
    await page.goto(`${baseUrl}/dashboard/`, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    return {
      files,
      raw: files.reduce((sum, file) => sum + file.raw, 0),
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
      landedOn: new URL(page.url()).pathname,
    };
  } finally {
    await browser.close();
  }
}

/** Records, in the page, when the first row of the table "Orders" enters the DOM (ms since timeOrigin). */
function watchFirstRow() {
  window.__firstRowAt = null;
  const seen = () => document.querySelector('table[aria-label="Orders"] tbody tr');
  const observer = new MutationObserver(() => {
    if (window.__firstRowAt === null && seen()) {
      window.__firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function loadOrders(page, baseUrl) {
  await page.goto(`${baseUrl}/dashboard/orders`);
  await page.waitForFunction(() => window.__firstRowAt !== null, null, { timeout: 30_000 });
  return page.evaluate(() => window.__firstRowAt);
}

/** (b) Navigation start → first order row, LOADS times, warm (one profile) and cold (a profile each). */
async function ordersFirstRows(chromium, baseUrl, token) {
  const warm = [];
  {
    const { browser, context } = await newBrowser(chromium, token);
    try {
      await context.addInitScript(watchFirstRow);
      const page = await context.newPage();
      await loadOrders(page, baseUrl); // fills the cache; not measured
      for (let i = 0; i < LOADS; i++) warm.push(await loadOrders(page, baseUrl));
    } finally {
      await browser.close();
    }
  }
  const cold = [];
  for (let i = 0; i < LOADS; i++) {
    const { browser, context } = await newBrowser(chromium, token);
    try {
      await context.addInitScript(watchFirstRow);
      cold.push(await loadOrders(await context.newPage(), baseUrl));
    } finally {
      await browser.close();
    }
  }
  return { warm, cold };
}

module.exports = {
  name: 'dashboard-budgets',
  title: 'The dashboard: JavaScript of the first visit, and the orders page’s first rows at 1,000,000 orders',

  async run(ctx, config, { log }) {
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`dashboard-budgets: ${CHROMIUM} is not installed (apt-get install chromium, or set CHROMIUM_PATH)`);
    const { chromium } = require('playwright-core');
    const baseUrl = ctx.service.url;
    const index = await ctx.request('/dashboard/');
    if (index.status !== 200)
      throw new Error(`dashboard-budgets: /dashboard/ answered ${index.status}: is the dashboard built (npm run build)?`);

    const orders = sizeFromEnv('BENCH_SCALE_ORDERS', 1_000_000);
    const db = await ctx.db();
    const seedStarted = Date.now();
    const shop = await seedShop(db, 'dashboard', orders, log);
    await db.query('VACUUM (ANALYZE) orders, order_items, order_stats, list_counts');
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    log('  (a) JavaScript of the first visit, signed out and signed in');
    const signedOut = await firstVisitJs(chromium, baseUrl, null, (page) => page.getByRole('heading', { name: /^sign in$/i }).waitFor());
    const signedIn = await firstVisitJs(chromium, baseUrl, shop.token, async (page) => {
      await page.getByRole('heading', { name: /^overview$/i }).waitFor();
      await page
        .getByRole('figure', { name: /sales, last 30 days/i })
        .locator('canvas[data-drawn="true"]')
        .waitFor({ timeout: 30_000 });
    });
    log(`  (b) the orders page's first rows, ${LOADS} loads warm and ${LOADS} cold, ${orders.toLocaleString('en-US')} orders`);
    const rows = await ordersFirstRows(chromium, baseUrl, shop.token);

    const p95 = { warm: percentile(rows.warm, 95), cold: percentile(rows.cold, 95) };
    const median = { warm: percentile(rows.warm, 50), cold: percentile(rows.cold, 50) };
    const checks = [
      { what: `first visit, signed out: JavaScript ≤ ${JS_BUDGET_KB} KB gzip`, pass: signedOut.gzip <= JS_BUDGET_KB * 1024 },
      { what: `first visit, signed in (overview): JavaScript ≤ ${JS_BUDGET_KB} KB gzip`, pass: signedIn.gzip <= JS_BUDGET_KB * 1024 },
      { what: `orders page first rows, warm: p95 ≤ ${FIRST_ROWS_BUDGET_MS} ms`, pass: p95.warm <= FIRST_ROWS_BUDGET_MS },
      { what: `orders page first rows, cold: p95 ≤ ${FIRST_ROWS_BUDGET_MS} ms`, pass: p95.cold <= FIRST_ROWS_BUDGET_MS },
    ];
    const check = { checks, pass: checks.every((c) => c.pass) };
    const verdict = check.pass
      ? 'PASS'
      : `FAIL (${checks
          .filter((c) => !c.pass)
          .map((c) => `${c.what} missed`)
          .join(', ')})`;
    const ms = (n) => `${Math.round(n)} ms`;
    const lines = [
      `  first visit, signed out (${signedOut.landedOn}): ${kb(signedOut.gzip)} KB gzip (${kb(signedOut.raw)} KB raw, ${signedOut.files.length} files)`,
      `  first visit, signed in (${signedIn.landedOn}): ${kb(signedIn.gzip)} KB gzip (${kb(signedIn.raw)} KB raw, ${signedIn.files.length} files)`,
      `  orders first rows at ${orders.toLocaleString('en-US')} orders: warm p95 ${ms(p95.warm)} (median ${ms(median.warm)}), cold p95 ${ms(p95.cold)} (median ${ms(median.cold)})`,
      `  target: ${verdict}`,
    ];
    const date = new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const fileRows = (visit) =>
      visit.files
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => `| \`${file.url}\` | ${kb(file.raw)} | ${kb(file.gzip)} |`)
        .join('\n');
    const markdown = [
      `### dashboard-budgets: ${module.exports.title.replace('1,000,000', orders.toLocaleString('en-US'))}`,
      '',
      `Chromium (${CHROMIUM}, headless) on loopback against the built service, 1280 × 800. (a) Every script a first visit ` +
        `loads (a fresh browser profile) until the page is drawn and the network idle, each gzipped at level 9, summed ` +
        `(KB = 1,024 bytes); budget ${JS_BUDGET_KB} KB. (b) A shop of ${orders.toLocaleString('en-US')} orders of 3 items ` +
        `(seeded like merchant-overview-scale in ${seedSeconds.toFixed(0)} s, then \`VACUUM ANALYZE\`), its owner signed in: ` +
        `from the navigation's start to the first row of the table "Orders" in the DOM, ${LOADS} loads warm (one profile, ` +
        `after one unmeasured load) and ${LOADS} cold (a fresh profile each); budget p95 ≤ ${FIRST_ROWS_BUDGET_MS} ms.`,
      '',
      '| figure | value | budget |',
      '|---|---:|---:|',
      `| first visit, signed out (lands on \`${signedOut.landedOn}\`) | **${kb(signedOut.gzip)} KB** gzip (${kb(signedOut.raw)} KB raw, ${signedOut.files.length} files) | ${JS_BUDGET_KB} KB |`,
      `| first visit, signed in (lands on \`${signedIn.landedOn}\`, the overview and its chart) | **${kb(signedIn.gzip)} KB** gzip (${kb(signedIn.raw)} KB raw, ${signedIn.files.length} files) | ${JS_BUDGET_KB} KB |`,
      `| orders page, first rows, warm: p95 (median; all) | **${ms(p95.warm)}** (${ms(median.warm)}; ${rows.warm.map(Math.round).join(', ')}) | ${FIRST_ROWS_BUDGET_MS} ms |`,
      `| orders page, first rows, cold: p95 (median; all) | **${ms(p95.cold)}** (${ms(median.cold)}; ${rows.cold.map(Math.round).join(', ')}) | ${FIRST_ROWS_BUDGET_MS} ms |`,
      `| target | **${verdict}** | |`,
      `| date | ${date} | |`,
      `| machine | ${require('node:os').cpus().length} cores, shared and noisy; loopback | |`,
      '',
      '<details><summary>The scripts of each first visit (KB raw, KB gzip)</summary>',
      '',
      `Signed out:`,
      '',
      '| file | raw | gzip |',
      '|---|---:|---:|',
      fileRows(signedOut),
      '',
      `Signed in:`,
      '',
      '| file | raw | gzip |',
      '|---|---:|---:|',
      fileRows(signedIn),
      '',
      '</details>',
      '',
    ].join('\n');
    return { name: module.exports.name, title: module.exports.title, markdown, lines, check };
  },
};
