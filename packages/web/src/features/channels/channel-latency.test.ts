import { describe, expect, it } from 'vitest';
import { latencyColor, secondsOf } from './channel-latency';

describe('latencyColor', () => {
  it('marks an untested channel (0 ms) neutral', () => {
    expect(latencyColor(0)).toBe('default');
  });

  it('colours up to 1 s green, up to 3 s lime, up to 5 s yellow and slower red', () => {
    expect(latencyColor(1)).toBe('green');
    expect(latencyColor(1000)).toBe('green');
    expect(latencyColor(1001)).toBe('lime');
    expect(latencyColor(3000)).toBe('lime');
    expect(latencyColor(3001)).toBe('yellow');
    expect(latencyColor(5000)).toBe('yellow');
    expect(latencyColor(5001)).toBe('red');
  });

  it('shows milliseconds as seconds with two decimals', () => {
    expect(secondsOf(1234)).toBe('1.23');
    expect(secondsOf(7)).toBe('0.01');
  });
});
