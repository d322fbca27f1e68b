import { ChannelType } from '../../../channels/channel-types.js';
import { invalidRequest } from '../../../relay/relay-error.js';
import { TaskStatus } from '../../task-status.js';
import { postTask, type RefusalJudge } from '../../task-submit.js';
import { asNumber, asRecord, asString, callUpstreamJson } from '../../upstream-json.js';
import { vendorFields, type VideoRequest } from '../video-request.js';
import { acceptedJob, baseUrlOf, type VideoJobState, type VideoUpstream } from '../video-upstream.js';
import { klingAuthorization } from './kling-jwt.js';

/** Kling's global API (its documents' domain); mainland accounts set their channel's base URL. */
export const KLING_DEFAULT_BASE_URL = 'https://api-singapore.klingai.com';

/** Clip lengths Kling's text2video and image2video endpoints take, in seconds. */
export const KLING_DURATIONS: readonly number[] = [5, 10];

/** Fields of Kling's job bodies a client may set directly (anything else goes in `metadata`). */
const PASSED_FIELDS = ['negative_prompt', 'cfg_scale', 'mode', 'aspect_ratio', 'camera_control', 'sound'] as const;

/** OpenAI-style sizes as Kling's aspect ratios (new-api's mapping). */
const ASPECT_OF_SIZE: Record<string, string> = {
  '1024x1024': '1:1',
  '512x512': '1:1',
  '1280x720': '16:9',
  '1920x1080': '16:9',
  '720x1280': '9:16',
  '1080x1920': '9:16',
};

export type KlingAction = 'text2video' | 'image2video';

/** Kling takes images as URLs or bare base64: a data URL loses its `data:…;base64,` prefix. */
function klingImage(image: string): string {
  const comma = image.indexOf(',');
  return /^data:/i.test(image) ? image.slice(comma + 1) : image;
}

/**
 * The job a unified request makes on Kling: text2video, or image2video when it carries an image (the
 * first image is the start frame, a second the end frame, `image_tail`). The upstream model goes as
 * `model_name`; duration as text ("5" or "10"); an OpenAI `size` as the aspect ratio. Throws a 400 for
 * what Kling cannot take.
 */
export function klingJobOf(request: VideoRequest, upstreamModel: string): { action: KlingAction; body: Record<string, unknown> } {
  if (request.duration !== undefined && !KLING_DURATIONS.includes(request.duration)) {
    throw invalidRequest(`Kling makes videos of ${KLING_DURATIONS.join(' or ')} seconds; duration ${request.duration} is not supported`, 'invalid_duration');
  }
  if (request.images.length > 2) throw invalidRequest(`Kling takes a start and an end frame at most; got ${request.images.length} images`, 'invalid_image');
  const body: Record<string, unknown> = { model_name: upstreamModel, prompt: request.prompt };
  if (request.duration !== undefined) body.duration = String(request.duration);
  const size = typeof request.body.size === 'string' ? ASPECT_OF_SIZE[request.body.size] : undefined;
  if (size) body.aspect_ratio = size;
  if (request.images[0]) body.image = klingImage(request.images[0]);
  if (request.images[1]) body.image_tail = klingImage(request.images[1]);
  Object.assign(body, vendorFields(request, PASSED_FIELDS));
  const action: KlingAction = body.image || body.image_tail ? 'image2video' : 'text2video';
  return { action, body };
}

/** Kling's business codes (its error table) as the HTTP statuses they stand for; first match wins. */
const CODE_STATUS: readonly [from: number, to: number, status: number][] = [
  [1000, 1099, 401], // authentication
  [1103, 1103, 403], // no permission for the resource
  [1100, 1199, 429], // account in arrears, resource pack used up
  [1202, 1203, 404], // no such method or model
  [1200, 1299, 400], // bad parameters
  [1300, 1301, 400], // content policy
  [1302, 1399, 429], // rate, concurrency, IP allow-list
  [5001, 5001, 503],
  [5002, 5002, 504],
];

export function klingCodeStatus(code: number): number {
  return CODE_STATUS.find(([from, to]) => code >= from && code <= to)?.[2] ?? 500;
}

/** Kling answers some refusals with HTTP 200 and a non-zero `code`: judged as the status the code stands for. */
export const klingRefusal: RefusalJudge = (answer) => {
  const code = asRecord(answer.json).code;
  if (answer.status < 200 || answer.status >= 300 || typeof code !== 'number' || code === 0) return null;
  return { status: klingCodeStatus(code), label: `code ${code}` };
};

const FROM_KLING: Record<string, string> = {
  submitted: TaskStatus.Submitted,
  processing: TaskStatus.InProgress,
  succeed: TaskStatus.Success,
  failed: TaskStatus.Failure,
};

/** A Kling job answer (`{code, message, data: {task_id, task_status, task_status_msg, task_result}}`) in the gateway's terms. */
export function klingJobState(answer: unknown): VideoJobState {
  const data = asRecord(asRecord(answer).data);
  const status = FROM_KLING[asString(data.task_status).toLowerCase()] ?? TaskStatus.Unknown;
  // Kling's times are unix milliseconds.
  const updated = asNumber(data.updated_at);
  return {
    status,
    progress: '',
    finishTime: status === TaskStatus.Success || status === TaskStatus.Failure ? Math.floor(updated > 1e11 ? updated / 1000 : updated) : 0,
    failReason: asString(data.task_status_msg),
  };
}

/**
 * Kling (channel type 50): POST {base}/v1/videos/{text2video|image2video}, read back with GET on the same
 * path plus the task id; every call carries a JWT signed from the channel key (`access_key|secret_key`).
 * The finished video's link is `data.task_result.videos[0].url`.
 */
export const klingVideoUpstream: VideoUpstream = {
  name: 'kling',
  channelTypes: [ChannelType.Kling],
  defaultBaseUrl: KLING_DEFAULT_BASE_URL,

  async submit(deps, ep, request, upstreamModel) {
    const job = klingJobOf(request, upstreamModel);
    const url = `${baseUrlOf(ep, this)}/v1/videos/${job.action}`;
    const outcome = await postTask(deps, ep, url, { authorization: klingAuthorization(ep.key) }, job.body, klingRefusal);
    if (outcome.kind === 'failed') return outcome;
    const answer = asRecord(outcome.value.json);
    return acceptedJob('Kling', 'task_id', asString(asRecord(answer.data).task_id), klingJobState(answer), answer, job.action);
  },

  async poll(deps, ep, task) {
    const action: KlingAction = task.action === 'image2video' ? 'image2video' : 'text2video';
    const url = `${baseUrlOf(ep, this)}/v1/videos/${action}/${encodeURIComponent(task.taskId)}`;
    const res = await callUpstreamJson(deps.http, { method: 'GET', url, headers: { authorization: klingAuthorization(ep.key) }, proxy: ep.proxy });
    if (res.status === 404) return { kind: 'gone' };
    const answer = asRecord(res.json);
    if (res.status !== 200 || answer.code !== 0 || !asRecord(answer.data).task_status) return { kind: 'unusable', status: res.status };
    return { kind: 'job', state: klingJobState(answer), raw: answer };
  },

  resultUrlOf(raw) {
    const videos = asRecord(asRecord(asRecord(raw).data).task_result).videos;
    const url = Array.isArray(videos) ? asRecord(videos[0]).url : undefined;
    return typeof url === 'string' && url !== '' ? url : null;
  },
};
