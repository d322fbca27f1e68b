// A cue's end time in SRT (00:01:02,500) or WebVTT (00:01:02.500, or 01:02.500 without hours).
const CUE_END = /-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/g;

/**
 * How much audio an SRT or WebVTT transcript covers: the latest end time of its cues, in seconds.
 * Undefined when it has no cue. Transcripts in these formats carry no usage, and whisper-1 is
 * charged by the length of the audio.
 */
export function subtitleSeconds(text: string): number | undefined {
  let latest: number | undefined;
  for (const m of text.matchAll(CUE_END)) {
    const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4].padEnd(3, '0')) / 1000;
    if (latest === undefined || seconds > latest) latest = seconds;
  }
  return latest;
}
