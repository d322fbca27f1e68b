import { describe, expect, it } from 'vitest';
import { subtitleSeconds } from './subtitle-duration.js';

describe('subtitleSeconds', () => {
  it('reads the latest cue end of SRT (comma) and WebVTT (dot, hours optional)', () => {
    expect(subtitleSeconds('1\n00:00:01,000 --> 00:00:02,500\nHi\n\n2\n01:02:03,040 --> 01:02:04,250\nBye\n')).toBe(3724.25);
    expect(subtitleSeconds('WEBVTT\n\n00:01.000 --> 00:02.5\nHi\n')).toBe(2.5);
    // Cues out of order: the latest end wins, not the last one written.
    expect(subtitleSeconds('00:00:10.000 --> 00:00:12.000\na\n\n00:00:01.000 --> 00:00:03.000\nb\n')).toBe(12);
  });

  it('is undefined for text without cues', () => {
    expect(subtitleSeconds('Imagine the wildest idea --> that you have ever had.')).toBeUndefined();
    expect(subtitleSeconds('')).toBeUndefined();
  });
});
