import { ValidationFailedError } from '@common/errors/domain.error';
import { parseIsoDate, resolveReportRange } from './report-range';

const now = new Date('2025-03-10T23:30:00Z');

function errorsOf(work: () => unknown): Record<string, string[]> {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.errors;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('resolveReportRange', () => {
  it('covers the last 30 days, today included, when given nothing', () => {
    expect(resolveReportRange({}, now)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
  });

  it('counts 30 days back from a given to, and up to today from a given from', () => {
    expect(resolveReportRange({ to: '2024-03-01' }, now)).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(resolveReportRange({ from: '2025-03-01' }, now)).toEqual({ from: '2025-03-01', to: '2025-03-10' });
  });

  it('accepts one day and up to 366 days', () => {
    expect(resolveReportRange({ from: '2025-01-05', to: '2025-01-05' }, now)).toEqual({ from: '2025-01-05', to: '2025-01-05' });
    expect(resolveReportRange({ from: '2024-01-01', to: '2024-12-31' }, now)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('refuses from after to, and more than 366 days', () => {
    expect(Object.keys(errorsOf(() => resolveReportRange({ from: '2025-02-02', to: '2025-02-01' }, now)))).toEqual(['from']);
    expect(Object.keys(errorsOf(() => resolveReportRange({ from: '2025-04-01' }, now)))).toEqual(['from']);
    expect(errorsOf(() => resolveReportRange({ from: '2024-01-01', to: '2025-01-01' }, now)).to[0]).toMatch(/at most 366 days/);
  });
});

describe('parseIsoDate', () => {
  it('reads real calendar days only', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('2025-1-1')).toBeNull();
    expect(parseIsoDate('2025-01-01T00:00:00Z')).toBeNull();
  });
});
