import { TaskAction, TaskPlatform } from '@gw/contracts';
import { ChannelType } from '../../channels/channel-types.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { nowSeconds } from '../../platform/clock.js';
import { RelayError, invalidRequest } from '../../relay/relay-error.js';
import { assertModelAllowed, type ApiKeyPrincipal } from '../../relay/pipeline/authenticate-api-key.js';
import { withRoutingGroup } from '../../relay/pipeline/auto-group.js';
import { chargeTaskQuota, holdTaskQuota, releasingOnError, taskConsumeLog } from '../task-billing.js';
import { noChannel, originalChannel } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { taskPriceOf } from '../task-pricing.js';
import { TaskStatus } from '../task-status.js';
import { postTask, submitToChannels } from '../task-submit.js';
import { tasksRepository } from '../tasks.repository.js';
import { asRecord, asString } from '../upstream-json.js';

/** Channel types that speak the suno-api server's API. */
export const SUNO_CHANNEL_TYPES: readonly number[] = [ChannelType.SunoApi];

const MAX_TEXT = 8192;

export interface SunoSubmitInput {
  principal: ApiKeyPrincipal;
  /** The `:action` of the path (music or lyrics, any case). */
  action: string;
  body: unknown;
  clientIp: string;
  path: string;
  startedAt: number;
}

function optionalText(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw invalidRequest(`${field} must be a string`);
  if (v.length > MAX_TEXT) throw invalidRequest(`${field} must be at most ${MAX_TEXT} characters`);
  return v;
}

/**
 * One Suno submission (MUSIC or LYRICS): check it, hold its price (suno_music / suno_lyrics), send it
 * to a Suno channel — a continuation of an earlier task to that task's channel — and store the task.
 * Charged when the upstream answers `code: "success"` with a task id; otherwise everything held goes back.
 * Answers the suno-api shape `{ code: "success", message, data: <task id> }`.
 */
export async function submitSuno(deps: TaskDeps, input: SunoSubmitInput): Promise<{ code: string; message: string; data: string }> {
  const { principal: caller } = input;
  const action = input.action.toUpperCase();
  if (action !== TaskAction.Music && action !== TaskAction.Lyrics) throw invalidRequest(`unknown action "${input.action}"; use music or lyrics`, 'unknown_action');
  if (!input.body || typeof input.body !== 'object' || Array.isArray(input.body)) throw invalidRequest('the request body must be a JSON object');
  const body = input.body as Record<string, unknown>;
  const prompt = optionalText(body, 'prompt');
  const description = optionalText(body, 'gpt_description_prompt');
  for (const f of ['mv', 'title', 'tags', 'continue_clip_id']) optionalText(body, f);
  if (action === TaskAction.Lyrics && !prompt.trim()) throw invalidRequest('prompt is required', 'prompt_is_required');
  if (action === TaskAction.Music && !prompt.trim() && !description.trim()) throw invalidRequest('prompt or gpt_description_prompt is required', 'prompt_is_required');

  let fixed: RoutableChannel | null = null;
  let fixedKeyHint = '';
  const continued = optionalText(body, 'task_id').trim();
  if (continued) {
    const origin = await tasksRepository.findByTaskId(deps.db, caller.userId, TaskPlatform.Suno, continued);
    if (!origin) throw new RelayError(404, 'task_not_exist', `task ${continued} was not found among your tasks`, 'client', 'invalid_request_error');
    fixed = originalChannel(deps, origin.channel_id);
    fixedKeyHint = origin.channel_key_hint;
  }
  const model = `suno_${action.toLowerCase()}`;
  // An `auto` key's task runs, and is priced, in the first of its groups with a channel for the model.
  const principal = withRoutingGroup(deps, caller, model);
  assertModelAllowed(principal, model);
  if (!fixed && principal.pinnedChannelId === null && !deps.routing.table.candidates(principal.group, model)) throw noChannel(model, principal.group);
  const price = taskPriceOf(deps.options, model, principal.group, principal.userGroup);
  const hold = await holdTaskQuota(deps, principal, price);

  const sent = await releasingOnError(deps, hold, () =>
    submitToChannels(deps, { principal, model, types: SUNO_CHANNEL_TYPES, fixed, fixedKeyHint }, async (ep) => {
      const outcome = await postTask(deps, ep, `${ep.baseUrl}/suno/submit/${action.toLowerCase()}`, { authorization: `Bearer ${ep.key}` }, body);
      if (outcome.kind === 'failed') return outcome;
      const answer = asRecord(outcome.value.json);
      const taskId = asString(answer.data);
      if (answer.code !== 'success' || !taskId) {
        const why = asString(answer.message) || `code ${asString(answer.code) || 'missing'}`;
        return { kind: 'failed', retry: false, error: new RelayError(400, asString(answer.code) || 'submit_failed', `the Suno upstream refused the task: ${why}`, 'upstream') };
      }
      return { kind: 'ok', value: taskId.slice(0, 191) };
    }),
  );

  const channel = sent.endpoint.channel;
  const now = nowSeconds();
  await releasingOnError(deps, hold, () =>
    tasksRepository.insert(deps.db, {
      task_id: sent.value,
      platform: TaskPlatform.Suno,
      user_id: principal.userId,
      token_id: principal.tokenId,
      channel_id: channel.id,
      channel_key_hint: sent.endpoint.keyHint,
      quota: price.quota,
      action,
      status: TaskStatus.Submitted,
      fail_reason: '',
      submit_time: now,
      progress: '0%',
      properties: JSON.stringify({ model, prompt: prompt || description }),
      created_at: now,
      updated_at: now,
    }),
  );
  await chargeTaskQuota(deps, hold, channel.id, taskConsumeLog(hold, input, channel, `action ${action}, ID ${sent.value}`));
  return { code: 'success', message: '', data: sent.value };
}
