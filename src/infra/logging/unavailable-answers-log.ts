import { AsyncResource } from 'node:async_hooks';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { UnavailableAnswers } from '@common/errors/unavailable-answers';
import { errorSummary } from './connection-watch';

/** How long one warning line stands for the 503s of one dependency. */
const UNAVAILABLE_ANSWERS_WINDOW_MS = 10_000;

/** Responses whose request line is left out: one warning line counts them. */
const countedResponses = new WeakSet<object>();

/** True for a 503 counted by UnavailableAnswersLog rather than logged on its own. */
export function isCountedUnavailableAnswer(response: object): boolean {
  return countedResponses.has(response);
}

interface Window {
  startedAt: number;
  count: number;
  /** What the first failure of the window said. */
  error: ReturnType<typeof errorSummary>;
  timer: NodeJS.Timeout;
}

/**
 * The log of the requests answered 503 because PostgreSQL or Redis was unavailable (decisions
 * §15): at most one `warn` line per dependency every 10 s, with the number of 503s it stands for,
 * without a stack (the cause is known; the connection's own "Connection lost" line, written at
 * once, says what failed). The first 503 of a dependency opens a window; the line is written when
 * the window ends and the next 503 opens the next one. The 503s it counts have no request line of
 * their own. So an outage writes lines at the pace of the clock, not of the traffic; the requests
 * are still timed one by one in /metrics. Errors of unknown cause (500) are logged as before, one a
 * request.
 */
@Injectable()
export class UnavailableAnswersLog implements UnavailableAnswers, OnApplicationShutdown {
  private readonly logger = new Logger('HTTP');
  private readonly windows = new Map<string, Window>();
  /** Made with the provider, outside any request: the context the windows' timers run in. */
  private readonly outsideRequests = new AsyncResource('UnavailableAnswersLog');

  /**
   * Counts a 503 answered because `dependency` failed with `error`. `response`, when given, gets no
   * request log line of its own (http-logger.ts): this count stands for it.
   */
  answered(dependency: string, error: unknown, response?: object): void {
    if (response) countedResponses.add(response);
    const window = this.windows.get(dependency);
    if (window) {
      window.count += 1;
      return;
    }
    // The timer runs outside the request that opened the window: the line stands for many requests,
    // so it must not carry that one's bindings (its id, its URL).
    const timer = this.outsideRequests.runInAsyncScope(() => setTimeout(() => this.close(dependency), UNAVAILABLE_ANSWERS_WINDOW_MS));
    timer.unref();
    this.windows.set(dependency, { startedAt: Date.now(), count: 1, error: errorSummary(error), timer });
  }

  /** The windows still open are written now: their 503s happened, however short the window. */
  onApplicationShutdown(): void {
    for (const dependency of [...this.windows.keys()]) this.close(dependency);
  }

  private close(dependency: string): void {
    const window = this.windows.get(dependency);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(dependency);
    this.logger.warn(
      {
        dependency,
        count: window.count,
        windowMs: Math.min(Date.now() - window.startedAt, UNAVAILABLE_ANSWERS_WINDOW_MS),
        error: window.error,
      },
      'Answered 503: dependency unavailable',
    );
  }
}
