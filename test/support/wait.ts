export interface WaitOptions {
  /** Give up after this long. Default 10 s. */
  timeoutMs?: number;
  /** Pause between two probes. Default 50 ms. */
  intervalMs?: number;
  /** What is awaited, for the timeout message ("the outbox row to be processed"). */
  what?: string;
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

/**
 * Polls `probe` until it answers a truthy value, and answers that value: for effects that happen
 * elsewhere (a queue worker, the outbox relay, another process). A probe that throws, such as a
 * failing `expect`, counts as "not yet"; on timeout its last error is reported.
 *
 *   const row = await waitFor(async () => (await db.query(sql, [id]))[0], { what: 'the stored event' });
 */
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitOptions = {}): Promise<Truthy<T>> {
  const { timeoutMs = 10_000, intervalMs = 50, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as Truthy<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `\nLast failure: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Lets time pass on purpose, for what only the clock can show: a validity window or TTL that must
 * run out, or a stopped component that must stay idle. Anything with an observable outcome is
 * awaited with `waitFor` instead. `why` names the reason where the wait is written.
 */
export async function settleFor(ms: number, why: string): Promise<void> {
  if (!why.trim()) throw new Error('settleFor: say why the test waits');
  await new Promise((resolve) => setTimeout(resolve, ms));
}
