import { Logger } from '@nestjs/common';
import { UnavailableAnswersLog } from './unavailable-answers-log';

describe('UnavailableAnswersLog', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  let log: UnavailableAnswersLog;
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const notWriteable = new Error("Stream isn't writeable and enableOfflineQueue options is false");

  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    log = new UnavailableAnswersLog();
  });
  afterEach(() => {
    log.onApplicationShutdown();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const lines = (): Array<Record<string, unknown>> =>
    warn.mock.calls.map(([fields, message]: [Record<string, unknown>, string]) => ({ ...fields, message }));

  it('50 answers in a window are one warning at its end, with their count and the cause, without a stack', () => {
    for (let i = 0; i < 50; i++) {
      log.answered('postgres', refused);
      jest.advanceTimersByTime(100);
    }
    expect(lines()).toEqual([]);
    jest.advanceTimersByTime(5_000);
    expect(lines()).toEqual([
      {
        dependency: 'postgres',
        count: 50,
        windowMs: 10_000,
        error: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
        message: 'Answered 503: dependency unavailable',
      },
    ]);
    expect(JSON.stringify(lines())).not.toContain('stack');
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps one window per dependency', () => {
    log.answered('postgres', refused);
    jest.advanceTimersByTime(3_000);
    log.answered('redis', notWriteable);
    log.answered('redis', notWriteable);
    jest.advanceTimersByTime(7_000);
    expect(lines().map(({ dependency, count }) => ({ dependency, count }))).toEqual([{ dependency: 'postgres', count: 1 }]);
    jest.advanceTimersByTime(3_000);
    expect(lines().map(({ dependency, count }) => ({ dependency, count }))).toEqual([
      { dependency: 'postgres', count: 1 },
      { dependency: 'redis', count: 2 },
    ]);
  });

  it('an outage that goes on writes one line every 10 s; once the answers stop, nothing more', () => {
    // 25 s of steady 503s: a line at 10 s and at 20 s; the last 5 s are written at 30 s.
    for (let ms = 0; ms < 25_000; ms += 500) {
      log.answered('postgres', refused);
      jest.advanceTimersByTime(500);
    }
    expect(lines().map(({ count }) => count)).toEqual([20, 20]);
    jest.advanceTimersByTime(60_000);
    expect(lines().map(({ count }) => count)).toEqual([20, 20, 10]);
  });

  it('at shutdown, the answers of a window still open are written, with the time they span', () => {
    log.answered('redis', notWriteable);
    jest.advanceTimersByTime(4_000);
    log.answered('redis', notWriteable);
    log.onApplicationShutdown();
    expect(lines()).toEqual([expect.objectContaining({ dependency: 'redis', count: 2, windowMs: 4_000 })]);
    jest.advanceTimersByTime(20_000);
    expect(lines()).toHaveLength(1);
  });
});
