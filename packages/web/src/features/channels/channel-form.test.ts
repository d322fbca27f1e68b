import { describe, expect, it } from 'vitest';
import { ChannelType, CreateChannelBody, UpdateChannelBody, type ChannelView } from '@gw/contracts';
import {
  addCustomModels, channelToValues, clampPriority, clampWeight, endsWithV1, findFormProblem, isOtherRequired, modelNamesOf, newChannelValues,
  normaliseBaseUrl, otherFieldKindOf, splitKeyLines, valuesToPayload,
} from './channel-form';

const stored: ChannelView = {
  id: 9, type: 3, name: 'azure', status: 1, base_url: 'https://az.example', models: 'gpt-4o, gpt-4o-mini', group: 'default,vip',
  priority: 3, weight: 7, tag: 'team', test_model: 'gpt-4o', response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0,
  created_time: 0, test_time: 0, model_mapping: '{"a":"b"}', status_code_mapping: null, auto_ban: 0, other: '2024-10-21', other_info: null,
  setting: null, param_override: null, openai_organization: 'org-1', max_input_tokens: 4096,
  channel_info: { is_multi_key: false, multi_key_size: 1, multi_key_mode: 'random', multi_key_enabled_count: 1 },
};

describe('base URL', () => {
  it('removes trailing slashes and surrounding blanks', () => {
    expect(normaliseBaseUrl(' https://api.example.com/// ')).toBe('https://api.example.com');
    expect(normaliseBaseUrl(null)).toBe('');
  });

  it('notices a base URL ending in /v1, with or without a trailing slash', () => {
    expect(endsWithV1('https://api.example.com/v1/')).toBe(true);
    expect(endsWithV1('https://api.example.com/V1')).toBe(true);
    expect(endsWithV1('https://api.example.com/v1beta')).toBe(false);
    expect(endsWithV1('https://api.example.com')).toBe(false);
  });
});

describe('splitKeyLines', () => {
  it('takes one key per non-empty line, trimmed', () => {
    expect(splitKeyLines('sk-a\r\n  sk-b \n\n\tsk-c\n')).toEqual(['sk-a', 'sk-b', 'sk-c']);
    expect(splitKeyLines('  \n')).toEqual([]);
  });
});

describe('priority and weight', () => {
  it('keeps priority an integer of at least -999 and weight a non-negative integer', () => {
    expect(clampPriority(-5000)).toBe(-999);
    expect(clampPriority(3.7)).toBe(3);
    expect(clampPriority(null)).toBe(0);
    expect(clampWeight(-4)).toBe(0);
    expect(clampWeight(12.9)).toBe(12);
  });
});

describe('valuesToPayload', () => {
  it('creates with the defaults: group default, auto_ban on, single mode, lists comma-joined', () => {
    const body = valuesToPayload({ ...newChannelValues(), name: ' one ', key: ' sk-1 ', base_url: 'http://up.example/', models: ['m1', ' m2', 'm1'] }, false);
    expect(body).toMatchObject({ type: 1, name: 'one', key: 'sk-1', base_url: 'http://up.example', models: 'm1,m2', group: 'default', auto_ban: 1, mode: 'single' });
    expect(CreateChannelBody.safeParse(body).success).toBe(true);
  });

  it('sends mode batch with the key lines kept for the server to split', () => {
    const body = valuesToPayload({ ...newChannelValues(), name: 'bulk', key: 'k1\nk2\nk3', batch: true, models: ['m'] }, false);
    expect(body).toMatchObject({ mode: 'batch', key: 'k1\nk2\nk3' });
  });

  it('keeps several keys in one channel with their key selection (mode multi_to_single)', () => {
    const body = valuesToPayload({ ...newChannelValues(), name: 'multi', key: 'k1\nk2\nk3', multi_key: true, multi_key_mode: 'polling', models: ['m'] }, false);
    expect(body).toMatchObject({ mode: 'multi_to_single', key: 'k1\nk2\nk3', multi_key_mode: 'polling' });
    expect(CreateChannelBody.safeParse(body).success).toBe(true);
  });

  it('loads and saves the key selection of a multi-key channel on edit, keys left out', () => {
    const multi = { ...stored, channel_info: { is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling' as const, multi_key_enabled_count: 2 } };
    const values = channelToValues(multi);
    expect(values.multi_key_mode).toBe('polling');
    const body = valuesToPayload({ ...values, multi_key_mode: 'random' }, true);
    expect(body).not.toHaveProperty('key');
    expect(body.multi_key_mode).toBe('random');
    expect(UpdateChannelBody.safeParse({ id: stored.id, ...body }).success).toBe(true);
  });

  it('gives iFlytek Spark the v2.1 version when none is entered', () => {
    expect(valuesToPayload({ ...newChannelValues(), type: ChannelType.IflytekSpark, name: 's', key: 'k', models: ['m'] }, false).other).toBe('v2.1');
    expect(valuesToPayload({ ...newChannelValues(), type: ChannelType.IflytekSpark, other: 'v3.5', name: 's', key: 'k', models: ['m'] }, false).other).toBe('v3.5');
  });

  it('round-trips a stored channel on edit and leaves the key out while it is blank', () => {
    const values = channelToValues(stored);
    expect(values.models).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(values.groups).toEqual(['default', 'vip']);
    const body = valuesToPayload(values, true);
    expect(body).not.toHaveProperty('key');
    expect(body).not.toHaveProperty('mode');
    expect(body).toMatchObject({ models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', auto_ban: 0, other: '2024-10-21', priority: 3, weight: 7, tag: 'team' });
    expect(UpdateChannelBody.safeParse({ id: stored.id, ...body }).success).toBe(true);
    expect(valuesToPayload({ ...values, key: ' new-key ' }, true).key).toBe('new-key');
  });

  it('loads the channel settings into fields and merges them back with the other keys of setting', () => {
    const withSetting = { ...stored, setting: '{"proxy":"socks5://127.0.0.1:1080","system_prompt":"Be brief.","aws_inference_profile":"arn:x"}' };
    const values = channelToValues(withSetting);
    expect(values.settings).toMatchObject({ proxy: 'socks5://127.0.0.1:1080', system_prompt: 'Be brief.', force_format: false });
    expect(JSON.parse(values.setting)).toEqual({ aws_inference_profile: 'arn:x' });

    const body = valuesToPayload({ ...values, settings: { ...values.settings, force_format: true, system_prompt_override: true } }, true);
    expect(JSON.parse(body.setting)).toEqual({
      aws_inference_profile: 'arn:x', proxy: 'socks5://127.0.0.1:1080', system_prompt: 'Be brief.', force_format: true, system_prompt_override: true,
    });
    expect(UpdateChannelBody.safeParse({ id: stored.id, ...body }).success).toBe(true);
  });

  it('saves setting as before when nothing is set: empty for a new channel, the stored text otherwise', () => {
    expect(valuesToPayload({ ...newChannelValues(), name: 'n', key: 'k', models: ['m'] }, false).setting).toBe('');
    expect(valuesToPayload(channelToValues(stored), true).setting).toBe('');
    expect(valuesToPayload(channelToValues({ ...stored, setting: '{"aws_inference_profile":"arn:x"}' }), true).setting).toBe('{"aws_inference_profile":"arn:x"}');
    // Everything switched off and cleared: the known keys go, and with them the whole setting.
    const cleared = channelToValues({ ...stored, setting: '{"force_format":true,"proxy":"http://p:1"}' });
    expect(valuesToPayload({ ...cleared, settings: { ...cleared.settings, force_format: false, proxy: '' } }, true).setting).toBe('');
  });
});

describe('findFormProblem', () => {
  const ok = { ...newChannelValues(), name: 'n', key: 'k', models: ['m'] };

  it('asks for name and key on create, but not for the key on edit', () => {
    expect(findFormProblem({ ...ok, name: ' ' }, false, false)).toEqual({ field: 'name', problem: 'nameAndKey' });
    expect(findFormProblem({ ...ok, key: '' }, false, false)).toEqual({ field: 'key', problem: 'nameAndKey' });
    expect(findFormProblem({ ...ok, key: '' }, true, false)).toBeNull();
  });

  it('wants at least one model, a http(s) base URL, and JSON objects in the mappings', () => {
    expect(findFormProblem({ ...ok, models: [] }, false, false)?.problem).toBe('models');
    expect(findFormProblem({ ...ok, base_url: 'ftp://x' }, false, false)?.problem).toBe('baseUrl');
    expect(findFormProblem({ ...ok, base_url: '' }, false, true)?.problem).toBe('baseUrlRequired');
    expect(findFormProblem({ ...ok, model_mapping: '{"a":' }, false, false)?.problem).toBe('modelMapping');
    expect(findFormProblem({ ...ok, model_mapping: '[1]' }, false, false)?.problem).toBe('modelMapping');
    expect(findFormProblem({ ...ok, status_code_mapping: 'x' }, false, false)?.problem).toBe('statusCodeMapping');
    expect(findFormProblem({ ...ok, setting: '1' }, false, false)).toEqual({ field: 'setting', problem: 'json' });
    expect(findFormProblem(ok, false, false)).toBeNull();
  });

  it('blocks an unusable proxy on its field, and a known setting of the wrong type in the JSON text', () => {
    const proxy = (p: string) => ({ ...ok, settings: { ...ok.settings, proxy: p } });
    expect(findFormProblem(proxy('ftp://p:21'), false, false)).toEqual({
      field: ['settings', 'proxy'], problem: 'proxy', reason: 'the proxy must start with http://, https://, socks5:// or socks5h://',
    });
    expect(findFormProblem(proxy('socks5://127.0.0.1:1080'), false, false)).toBeNull();
    expect(findFormProblem({ ...ok, setting: '{"proxy":"nope"}' }, false, false)?.field).toEqual(['settings', 'proxy']);
    expect(findFormProblem({ ...ok, setting: '{"force_format":"yes"}' }, false, false)).toEqual({
      field: 'setting', problem: 'settingValue', reason: 'setting.force_format must be true or false',
    });
  });

  it('wants the knowledge base ID of an AI Proxy knowledge base channel', () => {
    const library = { ...ok, type: ChannelType.AiProxyKnowledgeBase };
    expect(findFormProblem({ ...library, other: ' ' }, false, false)).toEqual({ field: 'other', problem: 'libraryIdRequired' });
    expect(findFormProblem({ ...library, other: 'lib-42' }, true, false)).toBeNull();
    expect(findFormProblem({ ...ok, type: ChannelType.FastGptKnowledgeBase, other: '' }, false, false)).toBeNull();
  });
});

describe('the other field', () => {
  it('is shown, with what it holds, only for the types that use it', () => {
    expect(otherFieldKindOf(ChannelType.AzureOpenAI)).toBe('azureVersion');
    expect(otherFieldKindOf(ChannelType.AiProxyKnowledgeBase)).toBe('aiProxyLibrary');
    expect(otherFieldKindOf(ChannelType.Coze)).toBe('cozeBot');
    expect(otherFieldKindOf(ChannelType.FastGptKnowledgeBase)).toBeNull();
    expect(otherFieldKindOf(ChannelType.GooglePaLM2)).toBeNull();
    expect(otherFieldKindOf(ChannelType.OpenAI)).toBeNull();
  });

  it('is required only where the gateway cannot call the upstream without it', () => {
    expect(isOtherRequired(ChannelType.AiProxyKnowledgeBase)).toBe(true);
    expect(isOtherRequired(ChannelType.AzureOpenAI)).toBe(false);
  });
});

describe('addCustomModels', () => {
  it('adds new comma-separated names and reports those already present', () => {
    expect(addCustomModels(['a'], 'b, a , c,,b')).toEqual({ models: ['a', 'b', 'c'], added: ['b', 'c'], duplicates: ['a', 'b'] });
  });
});

describe('modelNamesOf', () => {
  it('reads names from a string list or OpenAI-style {id} objects', () => {
    expect(modelNamesOf(['a', ' b', 'a', ''])).toEqual(['a', 'b']);
    expect(modelNamesOf([{ id: 'x' }, { id: 'y' }, { nope: 1 }])).toEqual(['x', 'y']);
    expect(modelNamesOf({ data: [{ id: 'z' }] })).toEqual(['z']);
    expect(modelNamesOf(null)).toEqual([]);
  });
});
