import { describe, expect, it } from 'vitest';
import { ChannelType, channelTypeLabel, channelTypeOptions, isChannelType } from './channel-types.js';

describe('channel types', () => {
  it('lists every type of the spec and new-api\'s later ones once, in ascending order, with its label', () => {
    const values = channelTypeOptions.map((o) => o.value);
    expect(values).toEqual([1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 52, 54, 57, 60]);
    expect(channelTypeLabel(ChannelType.Xai)).toBe('xAI');
    expect([channelTypeLabel(ChannelType.Kling), channelTypeLabel(ChannelType.Vidu), channelTypeLabel(ChannelType.DoubaoVideo)]).toEqual(['Kling', 'Vidu', 'Doubao Video']);
    expect(channelTypeOptions.find((o) => o.value === ChannelType.AnthropicClaude)?.label).toBe('Anthropic Claude');
    expect(channelTypeOptions.find((o) => o.value === ChannelType.VolcanoArk)?.label).toBe('Volcano Ark/Doubao');
  });

  it('recognises known values and labels unknown ones', () => {
    expect(isChannelType(41)).toBe(true);
    expect(isChannelType(6)).toBe(false);
    expect(channelTypeLabel(31)).toBe('01.AI');
    expect(channelTypeLabel(99)).toBe('unknown (99)');
  });
});
