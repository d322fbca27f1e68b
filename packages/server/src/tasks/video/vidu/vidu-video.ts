import { ChannelType } from '../../../channels/channel-types.js';
import { RelayError, invalidRequest } from '../../../relay/relay-error.js';
import { TaskStatus } from '../../task-status.js';
import { postTask, type RefusalJudge } from '../../task-submit.js';
import { asRecord, asString, callUpstreamJson } from '../../upstream-json.js';
import { vendorFields, type VideoRequest } from '../video-request.js';
import { acceptedJob, baseUrlOf, type VideoJobState, type VideoUpstream } from '../video-upstream.js';

/** Vidu's international API (platform.vidu.com); mainland accounts set `https://api.vidu.cn` as the base URL. */
export const VIDU_DEFAULT_BASE_URL = 'https://api.vidu.com';

/** Fields of Vidu's job bodies a client may set directly (anything else goes in `metadata`). */
const PASSED_FIELDS = ['resolution', 'movement_amplitude', 'seed', 'aspect_ratio', 'style', 'bgm'] as const;

export type ViduAction = 'text2video' | 'img2video' | 'start-end2video' | 'reference2video';

/** The clip lengths each model family takes (Vidu's text-to-video and image-to-video documents); first match wins. */
const DURATIONS: readonly [model: RegExp, allowed: (seconds: number) => boolean, said: string][] = [
  [/^viduq3/, (s) => s >= 1 && s <= 16, '1 to 16'],
  [/^viduq2/, (s) => s >= 1 && s <= 10, '1 to 10'],
  [/^viduq1/, (s) => s === 5, '5'],
  [/^vidu(1\.5|2\.0)/, (s) => s === 4 || s === 8, '4 or 8'],
  [/./, (s) => s >= 1 && s <= 16, '1 to 16'],
];

/** What the images make of a job: none text2video, one img2video, two start-end2video, more reference2video. */
function actionOf(images: number): ViduAction {
  return images === 0 ? 'text2video' : images === 1 ? 'img2video' : images === 2 ? 'start-end2video' : 'reference2video';
}

/**
 * The job a unified request makes on Vidu: the endpoint follows the number of images (URLs or data URLs,
 * as Vidu takes them), duration goes as a number checked against the model's lengths, and an OpenAI-style
 * `size` such as "720p" as the resolution. Reference-to-video takes only plain `viduq2` of the q2 models
 * (new-api's rule). Throws a 400 for what Vidu cannot take.
 */
export function viduJobOf(request: VideoRequest, upstreamModel: string): { action: ViduAction; body: Record<string, unknown> } {
  const action = actionOf(request.images.length);
  const model = action === 'reference2video' && upstreamModel.startsWith('viduq2') ? 'viduq2' : upstreamModel;
  if (request.duration !== undefined) {
    const [, allowed, said] = DURATIONS.find(([pattern]) => pattern.test(model))!;
    if (!allowed(request.duration)) throw invalidRequest(`${model} makes videos of ${said} seconds; duration ${request.duration} is not supported`, 'invalid_duration');
  }
  const body: Record<string, unknown> = { model, prompt: request.prompt };
  if (request.images.length > 0) body.images = request.images;
  if (request.duration !== undefined) body.duration = request.duration;
  if (typeof request.body.size === 'string' && /^\d{3,4}p$/i.test(request.body.size)) body.resolution = request.body.size.toLowerCase();
  Object.assign(body, vendorFields(request, PASSED_FIELDS));
  return { action, body };
}

/** Vidu says "insufficient credits" with a 400; it is the channel's account that is out, so another channel may try. */
export const viduRefusal: RefusalJudge = (answer) => {
  const json = asRecord(answer.json);
  const reason = asString(json.reason) || asString(json.code);
  if (reason === 'CreditInsufficient') return { status: 429, label: `HTTP ${answer.status} (${reason})` };
  return null;
};

const FROM_VIDU: Record<string, string> = {
  created: TaskStatus.Submitted,
  queueing: TaskStatus.Queued,
  processing: TaskStatus.InProgress,
  success: TaskStatus.Success,
  failed: TaskStatus.Failure,
};

/** A Vidu job answer (`{task_id, state, err_code, creations}`) in the gateway's terms. */
export function viduJobState(answer: unknown): VideoJobState {
  const job = asRecord(answer);
  const errCode = asString(job.err_code);
  return {
    status: FROM_VIDU[asString(job.state).toLowerCase()] ?? TaskStatus.Unknown,
    progress: '',
    finishTime: 0,
    failReason: errCode ? `the video job failed upstream (${errCode})` : '',
  };
}

/**
 * Vidu (channel type 52): POST {base}/ent/v2/{text2video|img2video|start-end2video|reference2video} with
 * `Authorization: Token <key>`, read back with GET /ent/v2/tasks/{id}/creations; the finished video's
 * link is `creations[0].url`.
 */
export const viduVideoUpstream: VideoUpstream = {
  name: 'vidu',
  channelTypes: [ChannelType.Vidu],
  defaultBaseUrl: VIDU_DEFAULT_BASE_URL,

  async submit(deps, ep, request, upstreamModel) {
    const job = viduJobOf(request, upstreamModel);
    const outcome = await postTask(deps, ep, `${baseUrlOf(ep, this)}/ent/v2/${job.action}`, { authorization: `Token ${ep.key}` }, job.body, viduRefusal);
    if (outcome.kind === 'failed') return outcome;
    const answer = asRecord(outcome.value.json);
    const id = asString(answer.task_id);
    const state = viduJobState(answer);
    if (id && state.status === TaskStatus.Failure) {
      return { kind: 'failed', retry: false, error: new RelayError(502, 'upstream_error', `Vidu failed the video job as soon as it was submitted${asString(answer.err_code) ? ` (${asString(answer.err_code)})` : ''}`, 'upstream') };
    }
    return acceptedJob('Vidu', 'task_id', id, state, answer, job.action);
  },

  async poll(deps, ep, task) {
    const url = `${baseUrlOf(ep, this)}/ent/v2/tasks/${encodeURIComponent(task.taskId)}/creations`;
    const res = await callUpstreamJson(deps.http, { method: 'GET', url, headers: { authorization: `Token ${ep.key}` }, proxy: ep.proxy });
    if (res.status === 404) return { kind: 'gone' };
    const answer = asRecord(res.json);
    if (res.status !== 200 || !asString(answer.state)) return { kind: 'unusable', status: res.status };
    return { kind: 'job', state: viduJobState(answer), raw: answer };
  },

  resultUrlOf(raw) {
    const creations = asRecord(raw).creations;
    const url = Array.isArray(creations) ? asRecord(creations[0]).url : undefined;
    return typeof url === 'string' && url !== '' ? url : null;
  },
};
