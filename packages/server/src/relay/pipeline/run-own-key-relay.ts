import type { RoutableChannel } from '../../channels/routing-table.js';
import type { ChannelChoice } from '../../channels/select-channel.js';
import { logsRepository } from '../../logs/logs.repository.js';
import { attemptChannel } from './attempt-channel.js';
import type { ClientIO } from './client-io.js';
import { PromptEstimate } from './estimate-prompt-tokens.js';
import { consumeLogFields, recordFailure, type RouteTrace } from './record-usage.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';
import { totalPromptTokens, type Usage } from '../formats/usage.js';

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
    await recordOwnKeyUse(deps, {
      principal: input.principal,
      model: input.model,
      channel,
      requestId: input.requestId,
      clientIp: input.clientIp,
      startedAt: input.startedAt,
      stream: input.stream,
      path: input.path,
      usage: result.usage,
      firstTokenMs: result.firstTokenMs,
      upstreamModel: result.upstreamModel,
      streamStatus: result.streamStatus,
    });
    return;
  }
  // Channel 0 in the error log: the virtual channel is not a channel administrators could look up.
  await recordFailure(deps, input, result.error, trace, undefined);
  if (!io.started) io.sendJson(result.error.status, input.surface.errorBody(result.error), result.error.headers);
  else io.end();
}

/** One answer given through a caller's own key, for its consume log. */
export interface OwnKeyUse {
  principal: ApiKeyPrincipal;
  model: string;
  channel: RoutableChannel;
  requestId: string;
  clientIp: string;
  startedAt: number;
  stream: boolean;
  path: string;
  usage: Usage;
  firstTokenMs: number;
  upstreamModel: string;
  streamStatus: string | undefined;
}

/** The consume log (quota 0) of an answer given through the caller's own key, unless consume logs are off. */
export async function recordOwnKeyUse(deps: RelayDeps, u: OwnKeyUse): Promise<void> {
  const p = u.principal;
  // Nothing is charged, but the tokens still count toward a key's tpm_limit.
  if (p.tpmLimit > 0) deps.keyRateLimits?.used(p, totalPromptTokens(u.usage) + u.usage.completionTokens);
  if (!deps.options.get('LogConsumeEnabled')) return;
  const other = JSON.stringify({ own_key: true, frt: u.firstTokenMs, upstream_model_name: u.upstreamModel, request_path: u.path, stream_status: u.streamStatus });
  await logsRepository.insert(deps.db, {
    user_id: p.userId,
    token_id: p.tokenId,
    quota: 0,
    ...consumeLogFields(u, u.usage, 'relayed with your own key; no quota charged', other),
  });
}
