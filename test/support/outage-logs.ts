import type { TestApp } from './test-app';
import { waitFor } from './wait';

const SUMMARY = 'Answered 503: dependency unavailable';
const WARN = 40;
const ERROR = 50;
const ONCE_PER_OUTAGE = [/^Connection lost; retrying$/, /^Rate-limit store unreachable/];

/**
 * Sends the outage's 503s (`send`, `count` of them, one after the other), then waits for the summary
 * lines of `dependency` to account for all of them, and answers what the app logged meanwhile.
 */
export async function logsOf503s(
  t: TestApp,
  dependency: string,
  count: number,
  send: (index: number) => Promise<number>,
): Promise<{ lines: Array<Record<string, unknown>>; summaries: Array<Record<string, unknown>>; sentInMs: number }> {
  const from = t.logs.length;
  const startedAt = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await send(i));
  const sentInMs = Date.now() - startedAt;
  expect(statuses).toEqual(Array<number>(count).fill(503));
  const summaries = () => t.logs.slice(from).filter((line) => line.msg === SUMMARY && line.dependency === dependency);
  await waitFor(
    () => {
      const counted = summaries().reduce((sum, line) => sum + Number(line.count), 0);
      if (counted !== count) throw new Error(`${counted} counted so far: ${JSON.stringify(summaries())}`);
      return true;
    },
    { timeoutMs: 15_000, what: `summary lines counting the ${count} answers` },
  );
  return { lines: t.logs.slice(from), summaries: summaries(), sentInMs };
}

/** What decisions §15 asks of the log of an outage's 503s. */
export function expectQuiet503Log(result: Awaited<ReturnType<typeof logsOf503s>>, dependency: string, count: number): void {
  // The requests took well under the 10 s of a window: one line stands for all of them.
  expect(result.sentInMs).toBeLessThan(10_000);
  expect(result.summaries).toEqual([
    expect.objectContaining({
      level: WARN,
      dependency,
      count,
      windowMs: expect.any(Number),
      error: expect.objectContaining({ message: expect.any(String) }),
    }),
  ]);
  expect(Number(result.summaries[0].windowMs)).toBeLessThanOrEqual(10_000);
  // Nothing at error level, no stack, and no line per request: besides the summary, only the lines
  // an outage writes once (each connection's loss, the rate limiter's switch to memory).
  expect(result.lines.filter((line) => Number(line.level) >= ERROR)).toEqual([]);
  expect(JSON.stringify(result.summaries)).not.toMatch(/"stack"|"err"|"req"/);
  expect(result.lines.filter((line) => line.msg !== SUMMARY && !ONCE_PER_OUTAGE.some((once) => once.test(String(line.msg))))).toEqual([]);
}
