import { describe, expect, it } from 'vitest';
import { applyBodyOf, choiceChangesSomething, initialChoice, previewModels, settingWithSwitches, switchesOf } from './upstream-updates';
import { readPullUpdate } from './ollama-pull';

const offer = { add_models: ['gpt-4.1', 'o3', 'o4-mini'], remove_models: ['old-model', 'older-model'] };

describe('upstream update choices', () => {
  it('starts with every addition ticked and no removal', () => {
    expect(initialChoice(offer)).toEqual({ add: ['gpt-4.1', 'o3', 'o4-mini'], remove: [], ignoreUnticked: false });
  });

  it('sends only offered names, and the unticked additions as ignored when asked', () => {
    const choice = { add: ['o3', 'injected'], remove: ['old-model'], ignoreUnticked: true };
    expect(applyBodyOf(7, offer, choice)).toEqual({ id: 7, add_models: ['o3'], remove_models: ['old-model'], ignore_models: ['gpt-4.1', 'o4-mini'] });
    expect(applyBodyOf(7, offer, { ...choice, ignoreUnticked: false }).ignore_models).toEqual([]);
  });

  it('previews the model list the channel will have', () => {
    const preview = previewModels('gpt-4o, old-model,older-model', offer, { add: ['o3', 'gpt-4.1'], remove: ['old-model'], ignoreUnticked: false });
    expect(preview).toEqual({ models: ['gpt-4o', 'older-model', 'gpt-4.1', 'o3'], added: 2, removed: 1 });
  });

  it('knows when a choice changes nothing', () => {
    expect(choiceChangesSomething(offer, { add: [], remove: [], ignoreUnticked: false })).toBe(false);
    expect(choiceChangesSomething(offer, { add: [], remove: [], ignoreUnticked: true })).toBe(true);
    expect(choiceChangesSomething({ add_models: [], remove_models: [] }, { add: [], remove: [], ignoreUnticked: true })).toBe(false);
  });

  it('writes the periodic-check switches into setting, keeping its other keys', () => {
    const text = settingWithSwitches('{"proxy":"http://p:1","upstream_model_update_auto_sync_enabled":true}', { check_enabled: true, auto_sync_enabled: false });
    expect(JSON.parse(text)).toEqual({ proxy: 'http://p:1', upstream_model_update_check_enabled: true });
    expect(switchesOf(text)).toEqual({ check_enabled: true, auto_sync_enabled: false });
    expect(JSON.parse(settingWithSwitches('not json', { check_enabled: false, auto_sync_enabled: true }))).toEqual({ upstream_model_update_auto_sync_enabled: true });
  });
});

describe('Ollama pull events', () => {
  it('reads progress with a percent while a layer downloads', () => {
    expect(readPullUpdate('{"status":"pulling manifest"}')).toEqual({ kind: 'progress', status: 'pulling manifest', percent: null });
    expect(readPullUpdate('{"status":"pulling dde5","digest":"sha256:dde5","total":200,"completed":50}')).toEqual({ kind: 'progress', status: 'pulling dde5', percent: 25 });
  });

  it('reads the outcome and the end', () => {
    expect(readPullUpdate('{"message":"Model x pulled successfully"}')).toEqual({ kind: 'success', message: 'Model x pulled successfully' });
    expect(readPullUpdate('{"error":"Failed to pull model: nope"}')).toEqual({ kind: 'error', message: 'Failed to pull model: nope' });
    expect(readPullUpdate('[DONE]')).toEqual({ kind: 'done' });
    expect(readPullUpdate('garbage')).toBeNull();
  });
});
