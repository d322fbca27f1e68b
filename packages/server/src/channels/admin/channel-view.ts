import type { ChannelView } from '@gw/contracts';
import type { ChannelView as ChannelRecord } from '../channels.repository.js';
import { keysSummaryOf } from '../multi-key/keys-info.js';

/** A stored channel (read without its key) as the console sees it; fields are listed one by one so nothing else slips out. */
export function toChannelView(c: ChannelRecord): ChannelView {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    status: c.status,
    base_url: c.base_url,
    models: c.models ?? '',
    group: c.group,
    priority: Number(c.priority),
    weight: c.weight,
    tag: c.tag,
    test_model: c.test_model,
    response_time: c.response_time,
    balance: Number(c.balance),
    balance_updated_time: Number(c.balance_updated_time),
    used_quota: Number(c.used_quota),
    created_time: Number(c.created_time),
    test_time: Number(c.test_time),
    model_mapping: c.model_mapping,
    status_code_mapping: c.status_code_mapping,
    auto_ban: c.auto_ban,
    other: c.other,
    other_info: c.other_info,
    setting: c.setting,
    param_override: c.param_override,
    openai_organization: c.openai_organization,
    max_input_tokens: c.max_input_tokens,
    channel_info: keysSummaryOf(c.channel_info),
  };
}
