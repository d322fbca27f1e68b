import { TaskAction, TaskPlatform } from '@gw/contracts';
import { mapModel } from '../../channels/model-mapping.js';
import { ChannelConfigError } from '../../channels/channel-config-error.js';
import { nowSeconds } from '../../platform/clock.js';
import { RelayError } from '../../relay/relay-error.js';
import { assertModelAllowed, type ApiKeyPrincipal } from '../../relay/pipeline/authenticate-api-key.js';
import { withRoutingGroup } from '../../relay/pipeline/auto-group.js';
import { chargeTaskQuota, holdTaskQuota, releasingOnError, taskConsumeLog } from '../task-billing.js';
import { noChannel, type TaskEndpoint } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { taskPriceOf } from '../task-pricing.js';
import type { TaskProperties } from '../task-rows.js';
import { submitToChannels, type SubmitOutcome } from '../task-submit.js';
import { tasksRepository, type TaskRow } from '../tasks.repository.js';
import { parseVideoRequest, type VideoRequest } from './video-request.js';
import type { SubmittedVideoJob, VideoUpstream } from './video-upstream.js';
import { VIDEO_CHANNEL_TYPES, videoUpstreamOfType } from './video-upstreams.js';

export interface VideoSubmitInput {
  principal: ApiKeyPrincipal;
  body: unknown;
  clientIp: string;
  path: string;
  startedAt: number;
}

/** A channel whose settings cannot make the call: its fault, so another channel may try. */
function misconfigured(ep: TaskEndpoint, err: ChannelConfigError): SubmitOutcome<never> {
  return { kind: 'failed', retry: true, error: new RelayError(500, 'channel_config_error', `channel #${ep.channel.id} is misconfigured: ${err.message}`, 'gateway') };
}

/** Sends the job with the channel's vendor, the model mapped for that channel. */
async function sendTo(deps: TaskDeps, ep: TaskEndpoint, upstream: VideoUpstream, request: VideoRequest): Promise<SubmitOutcome<{ upstream: VideoUpstream; job: SubmittedVideoJob }>> {
  try {
    const upstreamModel = mapModel(ep.channel.model_mapping, request.model).upstreamModel;
    const outcome = await upstream.submit(deps, ep, request, upstreamModel);
    return outcome.kind === 'ok' ? { kind: 'ok', value: { upstream, job: outcome.value } } : outcome;
  } catch (err) {
    if (err instanceof ChannelConfigError) return misconfigured(ep, err);
    // A request this vendor cannot take (refused before any call): final, not tried elsewhere.
    if (err instanceof RelayError) return { kind: 'failed', retry: false, error: err };
    throw err;
  }
}

/**
 * One video generation (POST /v1/video/generations): per-call price of the model (ModelPrice, e.g.
 * sora-2), sent to the chosen channel's vendor (OpenAI-compatible /v1/videos, Kling, Vidu, Doubao video), stored as a
 * task of platform "video" with the vendor's answer, charged when the upstream accepted it with a job id,
 * refunded by the poller if the job fails. A request no vendor could take is refused before any charge.
 */
export async function submitVideo(deps: TaskDeps, input: VideoSubmitInput): Promise<TaskRow> {
  const { principal: caller } = input;
  const request = parseVideoRequest(input.body);
  const model = request.model;
  // An `auto` key's task runs, and is priced, in the first of its groups with a channel for the model.
  const principal = withRoutingGroup(deps, caller, model);
  assertModelAllowed(principal, model);
  if (principal.pinnedChannelId === null && !deps.routing.table.candidates(principal.group, model)) throw noChannel(model, principal.group);
  const price = taskPriceOf(deps.options, model, principal.group, principal.userGroup);
  const hold = await holdTaskQuota(deps, principal, price);
  const sent = await releasingOnError(deps, hold, () =>
    submitToChannels(deps, { principal, model, types: VIDEO_CHANNEL_TYPES, fixed: null }, (ep) => sendTo(deps, ep, videoUpstreamOfType(ep.channel.type)!, request)),
  );

  const channel = sent.endpoint.channel;
  const { upstream, job } = sent.value;
  const now = nowSeconds();
  const properties: TaskProperties = { model, prompt: request.prompt, vendor: upstream.name, ...(job.action ? { action: job.action } : {}) };
  const id = await releasingOnError(deps, hold, () =>
    tasksRepository.insert(deps.db, {
      task_id: job.id.slice(0, 191),
      platform: TaskPlatform.Video,
      user_id: principal.userId,
      token_id: principal.tokenId,
      channel_id: channel.id,
      channel_key_hint: sent.endpoint.keyHint,
      quota: price.quota,
      action: TaskAction.Generate,
      status: job.state.status,
      fail_reason: '',
      submit_time: now,
      progress: job.state.progress || '0%',
      properties: JSON.stringify(properties),
      data: JSON.stringify(job.raw),
      created_at: now,
      updated_at: now,
    }),
  );
  await chargeTaskQuota(deps, hold, channel.id, taskConsumeLog(hold, input, channel, `video ID ${job.id}`));
  return (await tasksRepository.findById(deps.db, id))!;
}
