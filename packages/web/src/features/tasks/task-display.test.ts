import { describe, expect, it } from 'vitest';
import {
  channelColorOf, drawingActionOf, drawingStatusOf, isFailedTask, parseProgress, submitCodeOf, taskActionOf,
  taskDurationColor, taskDurationSeconds, taskPlatformOf, taskStatusOf,
} from './task-display';

describe('task durations (spec 3 §2.6, §9)', () => {
  it('colours 60 s or less green and anything above red', () => {
    expect([0, 59.9, 60, 60.1, 600].map(taskDurationColor)).toEqual(['green', 'green', 'green', 'red', 'red']);
  });

  it('measures drawing tasks in milliseconds and music tasks in seconds, to one decimal', () => {
    expect(taskDurationSeconds(1_700_000_000_000, 1_700_000_045_678, 1000)).toBe(45.7);
    expect(taskDurationSeconds(1_700_000_000, 1_700_000_090, 1)).toBe(90);
  });

  it('has no duration while the task is unfinished or the times are inconsistent', () => {
    expect(taskDurationSeconds(1000, 0, 1000)).toBeNull();
    expect(taskDurationSeconds(0, 5000, 1000)).toBeNull();
    expect(taskDurationSeconds(5000, 1000, 1000)).toBeNull();
  });
});

describe('parseProgress', () => {
  it('reads percent strings with or without the sign and clamps them to 0..100', () => {
    expect(['45%', '100', ' 7 %', '150%', '-3%', '33.6%'].map(parseProgress)).toEqual([45, 100, 7, 100, 0, 34]);
  });

  it('treats a task not polled yet as 0 and non-numbers as unknown', () => {
    expect(parseProgress('')).toBe(0);
    expect(parseProgress(undefined)).toBe(0);
    expect(parseProgress('queued')).toBeNull();
  });

  it('marks only FAILURE as failed (warning-coloured bar)', () => {
    expect(isFailedTask('FAILURE')).toBe(true);
    expect(isFailedTask('SUCCESS')).toBe(false);
    expect(isFailedTask('IN_PROGRESS')).toBe(false);
  });
});

describe('status, result and action display (spec 3 §4)', () => {
  it('maps every drawing status and falls back to unknown', () => {
    expect(['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL', 'QUEUED', 'weird'].map((s) => drawingStatusOf(s).key)).toEqual([
      'success', 'notStart', 'submitted', 'inProgress', 'failure', 'modal', 'unknown', 'unknown',
    ]);
    expect(drawingStatusOf('FAILURE').color).toBe('red');
    expect(drawingStatusOf('SUCCESS').color).toBe('green');
  });

  it('adds QUEUED, UNKNOWN and the empty "submitting" status for music tasks', () => {
    expect(['QUEUED', 'UNKNOWN', '', 'SUCCESS', 'constructor'].map((s) => taskStatusOf(s).key)).toEqual([
      'queued', 'unknown', 'submitting', 'success', 'unknown',
    ]);
  });

  it('maps submit results 1, 21, 22 and 0', () => {
    expect([1, 21, 22, 0, 4].map((c) => submitCodeOf(c).key)).toEqual(['submitted', 'waiting', 'duplicate', 'notSubmitted', 'unknown']);
  });

  it('knows every drawing action and names the rest unknown', () => {
    expect(drawingActionOf('IMAGINE')).toEqual({ key: 'IMAGINE', color: 'blue' });
    expect(drawingActionOf('SWAP_FACE').key).toBe('SWAP_FACE');
    expect(drawingActionOf('toString').key).toBe('unknown');
  });

  it('maps task actions and platforms case-insensitively', () => {
    expect(['MUSIC', 'lyrics', 'GENERATE', 'x'].map((a) => taskActionOf(a).key)).toEqual(['MUSIC', 'LYRICS', 'GENERATE', 'unknown']);
    expect(['suno', 'Video', 'kling'].map((p) => taskPlatformOf(p).key)).toEqual(['suno', 'video', 'unknown']);
  });

  it('gives a channel the same colour every time', () => {
    expect(channelColorOf(3)).toBe(channelColorOf(13));
    expect(channelColorOf(3)).not.toBe(channelColorOf(4));
  });
});
