import { ChannelType } from '../../channels/channel-types.js';
import { nowSeconds } from '../../platform/clock.js';
import { RelayError, invalidRequest } from '../../relay/relay-error.js';
import { assertModelAllowed, type ApiKeyPrincipal } from '../../relay/pipeline/authenticate-api-key.js';
import { withRoutingGroup } from '../../relay/pipeline/auto-group.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { drawingTasksRepository, type NewDrawingTask } from '../drawing-tasks.repository.js';
import { chargeTaskQuota, holdTaskQuota, releaseTaskQuota, releasingOnError, taskConsumeLog } from '../task-billing.js';
import { noChannel, originalChannel } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { taskPriceOf, type TaskPrice } from '../task-pricing.js';
import { DONE_PROGRESS, TaskStatus } from '../task-status.js';
import { postTask, submitToChannels } from '../task-submit.js';
import { FREE_ACTIONS, modelNameOf } from './mj-actions.js';
import { planMjSubmit, type MjSubmitPlan, type MjSubmitRoute } from './mj-request.js';
import { ACCEPTED_CODES, MjCode, type MjSubmitAnswer } from './mj-wire.js';
import type { MjSpeedMode } from './mj-request.js';

/** Channel types that speak the Midjourney-Proxy API. */
export const MJ_CHANNEL_TYPES: readonly number[] = [ChannelType.MidjourneyProxy, ChannelType.MidjourneyProxyPlus];

export interface MjSubmitInput {
  principal: ApiKeyPrincipal;
  route: MjSubmitRoute;
  /** The speed prefix a Midjourney-Proxy Plus understands (`/mj-fast/mj/...`), forwarded as given. */
  mode?: MjSpeedMode;
  body: unknown;
  clientIp: string;
  path: string;
  startedAt: number;
}

/**
 * One Midjourney submission: check it, hold its price, send it to a Midjourney channel (a follow-up to
 * the channel of its original task), store the task, and charge only when the proxy accepted it
 * (codes 1, 21, 22) — otherwise the hold goes back and the task is stored as a failed submission.
 */
export async function submitMidjourney(deps: TaskDeps, input: MjSubmitInput): Promise<MjSubmitAnswer> {
  const { principal: caller } = input;
  const plan = planMjSubmit(input.route, input.body, deps.options);
  let fixed: RoutableChannel | null = null;
  let fixedKeyHint = '';
  let prompt = plan.prompt;
  if (plan.parentMjId) {
    const parent = await drawingTasksRepository.findByMjId(deps.db, caller.userId, plan.parentMjId);
    if (!parent) throw new RelayError(404, 'task_not_found', `task ${plan.parentMjId} was not found among your tasks`, 'client', 'invalid_request_error');
    if (deps.options.get('MjActionCheckSuccessEnabled') && plan.route !== 'submit/modal' && parent.status !== TaskStatus.Success) {
      throw invalidRequest(`task ${plan.parentMjId} has not succeeded (status ${parent.status || 'unknown'}); actions need a finished task`, 'task_status_not_success');
    }
    fixed = originalChannel(deps, parent.channel_id);
    fixedKeyHint = parent.channel_key_hint;
    prompt = parent.prompt ?? '';
  }
  const model = modelNameOf(plan.action);
  // An `auto` key's task runs, and is priced, in the first of its groups with a channel for the model.
  const principal = withRoutingGroup(deps, caller, model);
  assertModelAllowed(principal, model);
  if (!fixed && principal.pinnedChannelId === null && !deps.routing.table.candidates(principal.group, model)) throw noChannel(model, principal.group);
  const price: TaskPrice = FREE_ACTIONS.includes(plan.action) ? { model, modelPrice: 0, groupRatio: 1, quota: 0 } : taskPriceOf(deps.options, model, principal.group, principal.userGroup);
  const hold = price.quota > 0 ? await holdTaskQuota(deps, principal, price) : null;

  const sent = await releasingOnError(deps, hold, () =>
    submitToChannels(deps, { principal, model, types: MJ_CHANNEL_TYPES, fixed, fixedKeyHint }, async (ep) => {
      const outcome = await postTask(deps, ep, `${ep.baseUrl}${input.mode ? `/${input.mode}` : ''}/mj/${plan.route}`, { 'mj-api-secret': ep.key }, plan.body);
      if (outcome.kind === 'failed') return outcome;
      const answer = outcome.value.json as Partial<MjSubmitAnswer> | undefined;
      if (!answer || typeof answer !== 'object' || typeof answer.code !== 'number') {
        return { kind: 'failed', retry: true, error: new RelayError(502, 'bad_response_body', 'the Midjourney proxy gave an answer that is not a submit result', 'upstream') };
      }
      return { kind: 'ok', value: { code: answer.code, description: String(answer.description ?? ''), result: answer.result ?? '', properties: answer.properties } satisfies MjSubmitAnswer };
    }),
  );

  const answer = sent.value;
  const channel = sent.endpoint.channel;
  const accepted = ACCEPTED_CODES.includes(answer.code);
  const task = { ...taskRowOf(plan, answer, { principal, channelId: channel.id, prompt, quota: accepted ? price.quota : 0 }), channel_key_hint: sent.endpoint.keyHint };
  if (answer.code === MjCode.NoAccount && channel.auto_ban === 1 && deps.options.get('AutomaticDisableChannelEnabled')) {
    deps.routing.disableChannelAutomatically(channel.id, 'No available account instance').catch((err) => deps.log.error({ err, channelId: channel.id }, 'automatic channel disable failed'));
  }
  await releasingOnError(deps, hold, () => drawingTasksRepository.insert(deps.db, task));
  if (hold) {
    if (accepted) await chargeTaskQuota(deps, hold, channel.id, taskConsumeLog(hold, input, channel, `action ${plan.action}, ID ${task.mj_id ?? ''}`));
    else await releaseTaskQuota(deps, hold);
  }
  // The proxy's "already exists" and "queued" are a successful submission to the client (new-api rewrites them).
  const rewrite = answer.code === MjCode.Queued || (answer.code === MjCode.Exists && !FREE_ACTIONS.includes(plan.action));
  return rewrite ? { ...answer, code: MjCode.Submitted } : answer;
}

function taskRowOf(plan: MjSubmitPlan, answer: MjSubmitAnswer, t: { principal: ApiKeyPrincipal; channelId: number; prompt: string; quota: number }): NewDrawingTask {
  const nowMs = Date.now();
  const accepted = ACCEPTED_CODES.includes(answer.code);
  const row: NewDrawingTask = {
    user_id: t.principal.userId,
    token_id: t.principal.tokenId,
    code: answer.code,
    action: plan.action,
    mj_id: typeof answer.result === 'string' || typeof answer.result === 'number' ? String(answer.result).slice(0, 191) : '',
    prompt: t.prompt,
    prompt_en: '',
    description: answer.description,
    state: typeof plan.body.state === 'string' ? plan.body.state.slice(0, 1000) : '',
    submit_time: nowMs,
    start_time: 0,
    finish_time: 0,
    image_url: '',
    status: TaskStatus.Submitted,
    progress: '0%',
    fail_reason: '',
    channel_id: t.channelId,
    quota: t.quota,
    created_at: nowSeconds(),
  };
  if (!accepted) return { ...row, status: TaskStatus.Failure, fail_reason: answer.description || `the proxy refused the task (code ${answer.code})`, finish_time: nowMs };
  if (plan.action === 'UPLOAD') return { ...row, status: TaskStatus.Success, progress: DONE_PROGRESS, start_time: nowMs, finish_time: nowMs };
  const props = answer.properties as { status?: unknown; imageUrl?: unknown } | undefined;
  if (answer.code === MjCode.Exists && typeof props?.status === 'string' && typeof props.imageUrl === 'string') {
    row.status = props.status;
    row.image_url = props.imageUrl;
    if (props.status === TaskStatus.Success) Object.assign(row, { progress: DONE_PROGRESS, start_time: nowMs, finish_time: nowMs });
  }
  return row;
}
