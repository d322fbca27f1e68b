import type { RoutableChannel } from '../../channels/routing-table.js';
import type { ChannelChoice } from '../../channels/select-channel.js';
import { LogType } from '../../logs/log-types.js';
import { logsRepository } from '../../logs/logs.repository.js';
import { attemptChannel } from './attempt-channel.js';
import type { ClientIO } from './client-io.js';
import { PromptEstimate } from './estimate-prompt-tokens.js';
import { recordFailure, type RouteTrace } from './record-usage.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';

/**
 * A request for a model the caller configured with their own supplier key (custom models): one attempt
 * on that virtual channel, no price, no hold, no charge — only a consume log with quota 0 (and an
 * error log on failure), so the user still sees the call in their usage log.
 */
export async function runOwnKeyRelay(deps: RelayDeps, input: RelayInput, io: ClientIO, channel: RoutableChannel): Promise<void> {
  const reason = "the caller's own key";
  const choice: ChannelChoice = { channel, model: input.model, tier: 1, tierCount: 1, priority: 0, weight: 0, totalWeight: 0, cooling: false, reason };
  const trace: RouteTrace = { tried: [], reasons: [`${channel.name}: ${reason}`] };
  const result = await attemptChannel(deps, input, choice, { promptEstimate: new PromptEstimate(input.endpoint, input.body), io });
  if (result.kind === 'done') {
    await deps.limiter.recordSuccess(input.principal.userId);
    if (!deps.options.get('LogConsumeEnabled')) return;
    const u = result.usage;
    const p = input.principal;
    await logsRepository.insert(deps.db, {
      user_id: p.userId,
      token_id: p.tokenId,
      type: LogType.Consume,
      username: p.username,
      token_name: p.tokenName,
      model_name: input.model,
      quota: 0,
      prompt_tokens: u.semantic === 'anthropic' ? u.promptTokens + u.cachedTokens + u.cacheCreationTokens : u.promptTokens,
      completion_tokens: u.completionTokens,
      use_time: Math.round((Date.now() - input.startedAt) / 1000),
      is_stream: input.stream ? 1 : 0,
      channel_name: channel.name,
      group: p.group,
      ip: input.clientIp,
      request_id: input.requestId,
      content: 'relayed with your own key; no quota charged',
      other: JSON.stringify({ own_key: true, frt: result.firstTokenMs, upstream_model_name: result.upstreamModel, request_path: input.path, stream_status: result.streamStatus }),
    });
    return;
  }
  // Channel 0 in the error log: the virtual channel is not a channel administrators could look up.
  await recordFailure(deps, input, result.error, trace, undefined);
  if (!io.started) io.sendJson(result.error.status, input.surface.errorBody(result.error), result.error.headers);
  else io.end();
}
