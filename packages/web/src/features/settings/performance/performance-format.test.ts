import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatMs, formatShare, heapPercent, resourceTypes } from './performance-format';

const EN = { day: 'd', hour: 'h', minute: 'm', second: 's' };
const ZH = { day: '天', hour: '小时', minute: '分', second: '秒' };

describe('performance formatting', () => {
  it('writes sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64.0 MB');
    expect(formatBytes(4.25 * 1024 ** 3)).toBe('4.3 GB');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('writes delays with more precision below 10 ms', () => {
    expect(formatMs(0.123)).toBe('0.12 ms');
    expect(formatMs(9.999)).toBe('10.00 ms');
    expect(formatMs(152.35)).toBe('152.3 ms');
    expect(formatMs(-1)).toBe('0.00 ms');
  });

  it('writes shares as percentages', () => {
    expect(formatShare(0.1234)).toBe('12.3%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(Number.NaN)).toBe('0.0%');
  });

  it('writes an uptime in its two largest units, in either language', () => {
    expect(formatDuration(93_784, EN)).toBe('1d 2h');
    expect(formatDuration(93_784, ZH, '')).toBe('1天2小时');
    expect(formatDuration(86_400 + 30, EN)).toBe('1d');
    expect(formatDuration(3_725, EN)).toBe('1h 2m');
    expect(formatDuration(59.9, EN)).toBe('59s');
    expect(formatDuration(0, ZH, '')).toBe('0秒');
  });

  it('bounds the heap share for the progress bar', () => {
    expect(heapPercent(50, 200)).toBe(25);
    expect(heapPercent(300, 200)).toBe(100);
    expect(heapPercent(10, 0)).toBe(0);
  });

  it('orders resource types by count, then name', () => {
    expect(resourceTypes({ Timeout: 3, TCPSocketWrap: 5, FSReqCallback: 3 })).toEqual([
      ['TCPSocketWrap', 5],
      ['FSReqCallback', 3],
      ['Timeout', 3],
    ]);
  });
});
