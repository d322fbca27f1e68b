import { describe, expect, it, vi } from 'vitest';
import type { BillablePrice } from '../../billing/price-calculator.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { emptyUsage } from '../formats/usage.js';
import { PromptEstimate } from './estimate-prompt-tokens.js';
import { recordSuccess } from './record-usage.js';
import type { AttemptSuccess } from './attempt-channel.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';

const price: BillablePrice = { mode: 'ratio', modelRatio: 1, completionRatio: 2, cacheRatio: 0.5, cacheCreationRatio: 1.25, groupRatio: 1, unsetModel: false };

const input = {
  requestId: 'req-record-usage-1',
  principal: { userId: 7, username: 'alice', tokenId: 3, tokenName: 'main', tokenUnlimited: true, group: 'default' },
  body: { kind: 'json', json: {} },
  model: 'gpt-4o-mini',
  stream: false,
  clientIp: '127.0.0.1',
  path: '/v1/chat/completions',
  startedAt: Date.now(),
} as unknown as RelayInput;

const result: AttemptSuccess = {
  kind: 'done',
  channel: { id: 5, name: 'main-channel' } as RoutableChannel,
  usage: { ...emptyUsage(), promptTokens: 10, completionTokens: 20 },
  upstreamModel: 'gpt-4o-mini',
  isMapped: false,
  firstTokenMs: 12,
  localCount: false,
};

function depsWith(settleBatched: RelayDeps['billing']['settleBatched']) {
  const options: Record<string, unknown> = { QuotaPerUnit: 500_000, LogConsumeEnabled: true };
  const error = vi.fn();
  const deps = {
    options: { get: (key: string) => options[key] },
    keyCache: { charge: vi.fn() },
    billing: { settleBatched, fundingOf: () => undefined },
    log: { warn: vi.fn(), error },
  } as unknown as RelayDeps;
  return { deps, error };
}

describe('recordSuccess', () => {
  it('returns the charge while the group commit is still pending, with the settlement and its log queued', () => {
    type Settlement = Parameters<RelayDeps['billing']['settleBatched']>[0];
    const settleBatched = vi.fn((_s: Settlement) => new Promise<void>(() => {}));
    const { deps } = depsWith(settleBatched);
    const quota = recordSuccess(deps, input, price, result, { tried: [5], reasons: ['#5: only candidate'] }, new PromptEstimate('chat', input.body));
    // 10 prompt + 20 completion × 2 at ratio 1.
    expect(quota).toBe(50);
    expect(settleBatched).toHaveBeenCalledOnce();
    const queued = settleBatched.mock.calls[0]![0];
    expect(queued).toMatchObject({ requestId: 'req-record-usage-1', userId: 7, tokenId: 3, actualQuota: 50, channelId: 5 });
    expect(queued.log).toMatchObject({ username: 'alice', token_name: 'main', model_name: 'gpt-4o-mini', prompt_tokens: 10, completion_tokens: 20, channel_name: 'main-channel' });
    expect(JSON.parse(queued.log!.other!).admin_info.use_channel).toEqual([5]);
  });

  it('reports a settlement that fails instead of leaving the rejection unhandled', async () => {
    const failure = new Error('database gone');
    const { deps, error } = depsWith(() => Promise.reject(failure));
    recordSuccess(deps, input, price, result, { tried: [5], reasons: [] }, new PromptEstimate('chat', input.body));
    await new Promise((r) => setImmediate(r));
    expect(error).toHaveBeenCalledWith({ err: failure, requestId: 'req-record-usage-1' }, 'settlement failed');
  });
});
