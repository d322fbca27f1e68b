import { describe, expect, it } from 'vitest';
import { defaultStartOf, LOG_FILTER_KEYS, logQueryOf, type LogFilters } from './log-filters';

const empty = (): LogFilters => Object.fromEntries(LOG_FILTER_KEYS.map((k) => [k, ''])) as LogFilters;

describe('logQueryOf', () => {
  it('starts three days back when no start was chosen', () => {
    const start = defaultStartOf(Date.UTC(2026, 0, 4));
    expect(start).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect(logQueryOf(empty(), false, start)).toEqual({ start_timestamp: start });
  });

  it('keeps a cleared start ("0") instead of the default window', () => {
    expect(logQueryOf({ ...empty(), start_timestamp: '0' }, false, 123)).toEqual({ start_timestamp: '0' });
  });

  it('sends username and channel only for administrators', () => {
    const filters = { ...empty(), username: 'alice', channel: '3', model_name: 'gpt-4o', start_timestamp: '100' };
    expect(logQueryOf(filters, true, 1)).toEqual({ username: 'alice', channel: '3', model_name: 'gpt-4o', start_timestamp: '100' });
    expect(logQueryOf(filters, false, 1)).toEqual({ model_name: 'gpt-4o', start_timestamp: '100' });
  });
});
