import { TaskAction, TaskPlatform } from '@gw/contracts';
import { ChannelType } from '../../channels/channel-types.js';
import { mapModel } from '../../channels/model-mapping.js';
import { ChannelConfigError } from '../../channels/channel-config-error.js';
import { nowSeconds } from '../../platform/clock.js';
import { RelayError, invalidRequest } from '../../relay/relay-error.js';
import { assertModelAllowed, type ApiKeyPrincipal } from '../../relay/pipeline/authenticate-api-key.js';
import { withRoutingGroup } from '../../relay/pipeline/auto-group.js';
import { chargeTaskQuota, holdTaskQuota, releasingOnError, taskConsumeLog } from '../task-billing.js';
import { noChannel } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { taskPriceOf } from '../task-pricing.js';
import { percent } from '../task-status.js';
import { postTask, submitToChannels } from '../task-submit.js';
import { tasksRepository, type TaskRow } from '../tasks.repository.js';
import { asRecord, asString } from '../upstream-json.js';
import { taskStatusOfVideo } from './video-status.js';

/** Channel types whose upstream offers OpenAI's video API (POST /v1/videos, GET /v1/videos/{id}). */
export const VIDEO_CHANNEL_TYPES: readonly number[] = [ChannelType.OpenAI, ChannelType.Custom];

const MAX_PROMPT = 32_000;

export interface VideoSubmitInput {
  principal: ApiKeyPrincipal;
  body: unknown;
  clientIp: string;
  path: string;
  startedAt: number;
}

/**
 * One video generation (POST /v1/video/generations): per-call price of the model (ModelPrice, e.g.
 * sora-2), sent to an OpenAI-compatible channel's /v1/videos, stored as a task of platform "video",
 * charged when the upstream accepted it with a job id, refunded by the poller if the job fails.
 */
export async function submitVideo(deps: TaskDeps, input: VideoSubmitInput): Promise<TaskRow> {
  const { principal: caller } = input;
  if (!input.body || typeof input.body !== 'object' || Array.isArray(input.body)) throw invalidRequest('the request body must be a JSON object');
  const body = input.body as Record<string, unknown>;
  if (typeof body.model !== 'string' || !body.model.trim()) throw invalidRequest('model is required', 'model_required');
  if (typeof body.prompt !== 'string' || !body.prompt.trim()) throw invalidRequest('prompt is required', 'prompt_is_required');
  if (body.prompt.length > MAX_PROMPT) throw invalidRequest(`prompt must be at most ${MAX_PROMPT} characters`);
  const model = body.model.trim();
  // An `auto` key's task runs, and is priced, in the first of its groups with a channel for the model.
  const principal = withRoutingGroup(deps, caller, model);
  assertModelAllowed(principal, model);
  if (principal.pinnedChannelId === null && !deps.routing.table.candidates(principal.group, model)) throw noChannel(model, principal.group);
  const price = taskPriceOf(deps.options, model, principal.group, principal.userGroup);
  const hold = await holdTaskQuota(deps, principal, price);

  const sent = await releasingOnError(deps, hold, () =>
    submitToChannels(deps, { principal, model, types: VIDEO_CHANNEL_TYPES, fixed: null }, async (ep) => {
      let upstreamModel: string;
      try {
        upstreamModel = mapModel(ep.channel.model_mapping, model).upstreamModel;
      } catch (err) {
        if (err instanceof ChannelConfigError) return { kind: 'failed', retry: true, error: new RelayError(500, 'channel_config_error', `channel #${ep.channel.id} is misconfigured: ${err.message}`, 'gateway') };
        throw err;
      }
      const outcome = await postTask(deps, ep, `${ep.baseUrl}/v1/videos`, { authorization: `Bearer ${ep.key}` }, { ...body, model: upstreamModel });
      if (outcome.kind === 'failed') return outcome;
      const job = asRecord(outcome.value.json);
      if (!asString(job.id)) return { kind: 'failed', retry: false, error: new RelayError(502, 'bad_response_body', 'the upstream accepted the video job but gave it no id', 'upstream') };
      return { kind: 'ok', value: job };
    }),
  );

  const channel = sent.endpoint.channel;
  const job = sent.value;
  const now = nowSeconds();
  const id = await releasingOnError(deps, hold, () =>
    tasksRepository.insert(deps.db, {
      task_id: asString(job.id).slice(0, 191),
      platform: TaskPlatform.Video,
      user_id: principal.userId,
      token_id: principal.tokenId,
      channel_id: channel.id,
      channel_key_hint: sent.endpoint.keyHint,
      quota: price.quota,
      action: TaskAction.Generate,
      status: taskStatusOfVideo(asString(job.status) || 'queued'),
      fail_reason: '',
      submit_time: now,
      progress: percent(job.progress) || '0%',
      properties: JSON.stringify({ model, prompt: body.prompt }),
      data: JSON.stringify(job),
      created_at: now,
      updated_at: now,
    }),
  );
  await chargeTaskQuota(deps, hold, channel.id, taskConsumeLog(hold, input, channel, `video ID ${asString(job.id)}`));
  return (await tasksRepository.findById(deps.db, id))!;
}
