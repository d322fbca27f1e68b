import { ChannelType } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { channelTypeModels } from './model-catalogue.js';

describe('channelTypeModels', () => {
  const priced = ['grok-4', 'grok-3-mini', 'sonar', 'sonar-pro', 'r1-1776', 'gpt-5', 'gpt-5.1-codex', 'codex-mini-latest', 'gpt-4o', 'claude-sonnet-4'];

  it('sorts the later new-api types their own vendors\' models', () => {
    const map = channelTypeModels(priced, []);
    expect(map[String(ChannelType.Xai)]).toEqual(['grok-3-mini', 'grok-4']);
    expect(map[String(ChannelType.Perplexity)]).toEqual(['r1-1776', 'sonar', 'sonar-pro']);
    expect(map[String(ChannelType.Codex)]).toEqual(['codex-mini-latest', 'gpt-5', 'gpt-5.1-codex']);
  });

  it('gives the video vendors their own models', () => {
    const map = channelTypeModels([...priced, 'kling-v1', 'kling-v2-master', 'viduq1', 'vidu2.0', 'doubao-seedance-1-0-pro-250528', 'doubao-seed-1-6-250615', 'sora-2'], []);
    expect(map[String(ChannelType.Kling)]).toEqual(['kling-v1', 'kling-v2-master']);
    expect(map[String(ChannelType.Vidu)]).toEqual(['vidu2.0', 'viduq1']);
    expect(map[String(ChannelType.DoubaoVideo)]).toEqual(['doubao-seedance-1-0-pro-250528']);
    expect(map[String(ChannelType.VolcanoArk)]).toEqual(['doubao-seed-1-6-250615']);
  });

  it('adds the models already configured on channels of a type', () => {
    const map = channelTypeModels(priced, [{ type: ChannelType.Coze, models: 'bot-7391, bot-8812' }]);
    expect(map[String(ChannelType.Coze)]).toEqual(['bot-7391', 'bot-8812']);
  });
});
