import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describeIf, requirement } from './conditions';

/**
 * Browser tests drive the system's Chromium (Debian's package, /usr/bin/chromium) with
 * playwright-core. Where it is absent they skip, and say so once at the end of the run.
 *
 *   describeWithBrowser('The orders page', () => {
 *     const browser = useBrowser();
 *     it('...', async () => {
 *       const page = await browser.newPage({ width: 375, height: 740 });
 *       await page.goto(`${t.baseUrl}/dashboard/`);
 *       await expectNoSeriousAxeViolations(page);
 *       expect(browser.cspViolations()).toEqual([]);
 *     });
 *   });
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const describeWithBrowser: jest.Describe = describeIf(
  requirement(existsSync(CHROMIUM), `${CHROMIUM} is not installed (apt-get install chromium): the browser tests skip`),
);

/** Flags for a closed network: without them Chromium keeps trying to reach Google's hosts. */
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

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 740 };

export interface BrowserSession {
  /**
   * A new tab of its own context (own storage, cookies, service workers), with the given viewport,
   * locale and time zone (IANA). `persistent`: a context with a profile on disk, in a Chromium of
   * its own, for what an incognito context lacks (the Push API).
   */
  newPage(options?: { viewport?: Viewport; locale?: string; timezoneId?: string; persistent?: boolean }): Promise<Page>;
  /** Console messages about the Content-Security-Policy seen on any page so far. */
  cspViolations(): string[];
  /** Uncaught errors thrown by a page's scripts. */
  pageErrors(): string[];
}

/**
 * One Chromium for the describe block, launched at its first page and closed in afterAll; each
 * page in a context of its own. A page opened by a test is closed when that test ends (an open
 * dashboard keeps polling and holding a live connection, load the next tests would pay for); one
 * opened in a beforeAll lives until afterAll.
 */
export function useBrowser(): BrowserSession {
  let shared: Promise<Browser> | undefined;
  const ofTest: BrowserContext[] = [];
  const ofBlock: BrowserContext[] = [];
  const dirs: string[] = [];
  const csp: string[] = [];
  const errors: string[] = [];

  const closeAll = async (contexts: BrowserContext[]) => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  };
  afterEach(() => closeAll(ofTest));
  afterAll(async () => {
    await closeAll(ofTest);
    await closeAll(ofBlock);
    if (shared) await (await shared.catch(() => undefined))?.close().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  return {
    async newPage({
      viewport = DESKTOP,
      locale = 'en-US',
      timezoneId,
      persistent = false,
    }: { viewport?: Viewport; locale?: string; timezoneId?: string; persistent?: boolean } = {}) {
      const settings = { viewport, locale, ...(timezoneId ? { timezoneId } : {}) };
      let context: BrowserContext;
      if (persistent) {
        const dir = mkdtempSync(join(tmpdir(), 'browser-test-'));
        dirs.push(dir);
        context = await chromium.launchPersistentContext(dir, {
          executablePath: CHROMIUM,
          headless: true,
          ...settings,
          args: [...CHROMIUM_ARGS, `--lang=${locale}`],
        });
      } else {
        shared ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
        context = await (await shared).newContext(settings);
      }
      (expect.getState().currentTestName === undefined ? ofBlock : ofTest).push(context);
      const page = context.pages()[0] ?? (await context.newPage());
      // Well under jest's timeout, so that a step that never happens fails with its own message.
      page.setDefaultTimeout(15_000);
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) csp.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    cspViolations: () => [...csp],
    pageErrors: () => [...errors],
  };
}

let axeSource: string | undefined;

/** The axe-core violations of impact serious or critical on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<Array<{ id: string; impact: string; help: string; targets: string[] }>> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // A dialog fading in has its colours blended with the page behind it: axe would measure the
  // contrast of a frame of the transition. Check the page as it settles.
  // Spinners run for ever and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // page.evaluate runs through the DevTools protocol, so the page's CSP does not block axe.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (results.violations as Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>)
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Fails with the list of violations (rule, impact, elements) when axe finds a serious or critical one. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** True when the page scrolls sideways (wider than its viewport). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
