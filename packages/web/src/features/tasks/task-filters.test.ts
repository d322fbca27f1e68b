import { describe, expect, it } from 'vitest';
import { DRAWING_FILTER_KEYS, drawingDefaultWindow, TASK_FILTER_KEYS, taskDefaultWindow, taskQueryOf, type DrawingFilters, type TaskFilters } from './task-filters';

const emptyDrawing = (): DrawingFilters => Object.fromEntries(DRAWING_FILTER_KEYS.map((k) => [k, ''])) as DrawingFilters;
const emptyTask = (): TaskFilters => Object.fromEntries(TASK_FILTER_KEYS.map((k) => [k, ''])) as TaskFilters;

describe('default windows (spec 3 §9)', () => {
  it('shows drawings from 30 days back to 1 hour ahead', () => {
    const now = Date.UTC(2026, 2, 31, 12);
    expect(drawingDefaultWindow(now)).toEqual({ start: Date.UTC(2026, 2, 1, 12) / 1000, end: Date.UTC(2026, 2, 31, 13) / 1000 });
  });

  it('shows tasks from the local start of today with no end', () => {
    const now = new Date(2026, 4, 6, 15, 30, 12);
    expect(taskDefaultWindow(now)).toEqual({ start: new Date(2026, 4, 6).getTime() / 1000 });
  });
});

describe('taskQueryOf', () => {
  it('sends the drawing window in milliseconds when nothing was chosen', () => {
    expect(taskQueryOf(emptyDrawing(), { isAdmin: true, defaults: { start: 100, end: 200 }, timeScale: 1000 })).toEqual({
      start_timestamp: 100_000,
      end_timestamp: 200_000,
    });
  });

  it('sends task times in seconds and no end by default', () => {
    expect(taskQueryOf({ ...emptyTask(), task_id: ' abc ' }, { isAdmin: false, defaults: { start: 100 }, timeScale: 1 })).toEqual({
      task_id: 'abc',
      start_timestamp: 100,
    });
  });

  it('drops a bound the user cleared ("0") instead of applying the default', () => {
    const filters = { ...emptyDrawing(), start_timestamp: '0', end_timestamp: '0' };
    expect(taskQueryOf(filters, { isAdmin: false, defaults: { start: 100, end: 200 }, timeScale: 1000 })).toEqual({});
  });

  it('uses chosen bounds over the defaults', () => {
    const filters = { ...emptyTask(), start_timestamp: '150', end_timestamp: '160' };
    expect(taskQueryOf(filters, { isAdmin: false, defaults: { start: 100 }, timeScale: 1 })).toEqual({ start_timestamp: 150, end_timestamp: 160 });
  });

  it('sends the channel only for administrators', () => {
    const filters = { ...emptyDrawing(), channel_id: '3', mj_id: 'mj-1', start_timestamp: '0' };
    expect(taskQueryOf(filters, { isAdmin: true, defaults: {}, timeScale: 1000 })).toEqual({ channel_id: '3', mj_id: 'mj-1' });
    expect(taskQueryOf(filters, { isAdmin: false, defaults: {}, timeScale: 1000 })).toEqual({ mj_id: 'mj-1' });
  });
});
