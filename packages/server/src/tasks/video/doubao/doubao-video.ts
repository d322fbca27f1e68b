import { ChannelType } from '../../../channels/channel-types.js';
import { invalidRequest } from '../../../relay/relay-error.js';
import { TaskStatus } from '../../task-status.js';
import { postTask, type RefusalJudge } from '../../task-submit.js';
import { asNumber, asRecord, asString, callUpstreamJson } from '../../upstream-json.js';
import { vendorFields, type VideoRequest } from '../video-request.js';
import { acceptedJob, baseUrlOf, type VideoJobState, type VideoUpstream } from '../video-upstream.js';

/** Volcano Engine Ark (Beijing); BytePlus ModelArk accounts set `https://ark.ap-southeast.bytepluses.com` as the base URL. */
export const DOUBAO_DEFAULT_BASE_URL = 'https://ark.cn-beijing.volces.com';

const TASKS_PATH = '/api/v3/contents/generations/tasks';

/**
 * Fields of Ark's job body a client may set directly (anything else goes in `metadata`). Ark takes the
 * parameters as body fields; the older `--rs 720p --dur 5` commands in the prompt text are not used.
 */
const PASSED_FIELDS = ['resolution', 'ratio', 'seed', 'camera_fixed', 'watermark', 'generate_audio', 'return_last_frame', 'service_tier', 'draft', 'frames'] as const;

/** What each Seedance model takes (Ark's video generation document); first match wins, endpoint ids (`ep-…`) the last. */
interface SeedanceRule {
  pattern: RegExp;
  minSeconds: number;
  maxSeconds: number;
  /** The most images: first frame, first and last frames, or reference images. */
  maxImages: number;
}
const RULES: readonly SeedanceRule[] = [
  { pattern: /seedance-1-0-lite-t2v/, minSeconds: 2, maxSeconds: 12, maxImages: 0 },
  { pattern: /seedance-1-0-lite-i2v/, minSeconds: 2, maxSeconds: 12, maxImages: 4 },
  { pattern: /seedance-1-0-pro-fast/, minSeconds: 2, maxSeconds: 12, maxImages: 1 },
  { pattern: /seedance-1-0-pro/, minSeconds: 2, maxSeconds: 12, maxImages: 2 },
  { pattern: /seedance-1-5-pro/, minSeconds: 4, maxSeconds: 12, maxImages: 2 },
  { pattern: /seedance-2-0/, minSeconds: 4, maxSeconds: 15, maxImages: 9 },
  { pattern: /./, minSeconds: 2, maxSeconds: 15, maxImages: 9 },
];

/** Ark's aspect ratios (`adaptive` is set through `ratio` itself). */
const RATIOS = new Set(['16:9', '4:3', '1:1', '3:4', '9:16', '21:9']);
const RESOLUTIONS = new Set(['480p', '720p', '1080p']);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** An OpenAI-style `size`: "1280x720" as ratio 16:9 and resolution 720p (what of it Ark knows), "720p" as the resolution. */
function sizeFields(size: unknown): Record<string, string> {
  if (typeof size !== 'string') return {};
  const text = size.trim().toLowerCase();
  if (RESOLUTIONS.has(text)) return { resolution: text };
  const m = /^(\d{2,5})\s*[x*]\s*(\d{2,5})$/.exec(text);
  if (!m) return {};
  const [w, h] = [Number(m[1]), Number(m[2])];
  const out: Record<string, string> = {};
  const d = gcd(w, h);
  const ratio = `${w / d}:${h / d}`;
  if (RATIOS.has(ratio)) out.ratio = ratio;
  const resolution = `${Math.min(w, h)}p`;
  if (RESOLUTIONS.has(resolution)) out.resolution = resolution;
  return out;
}

/** The role of each image: one is the first frame, two the first and last frames, more are reference images. */
function rolesOf(count: number): string[] {
  if (count === 1) return ['first_frame'];
  if (count === 2) return ['first_frame', 'last_frame'];
  return Array.from({ length: count }, () => 'reference_image');
}

/**
 * The job a unified request makes on Ark: `content` holds the prompt as a text item and the images
 * (URLs or data URLs, as Ark takes them) as `image_url` items with their roles; duration, an OpenAI `size`
 * (as `ratio` and `resolution`) and the vendor fields go as body fields. A `content` list in `metadata`
 * (video or audio references, chosen roles) replaces the image items. Throws a 400 for what the model
 * cannot take (a duration out of its range, more images than it reads).
 */
export function doubaoJobOf(request: VideoRequest, upstreamModel: string): Record<string, unknown> {
  const rule = RULES.find((r) => r.pattern.test(upstreamModel))!;
  if (request.duration !== undefined && (request.duration < rule.minSeconds || request.duration > rule.maxSeconds)) {
    throw invalidRequest(`${upstreamModel} makes videos of ${rule.minSeconds} to ${rule.maxSeconds} seconds; duration ${request.duration} is not supported`, 'invalid_duration');
  }
  if (request.images.length > rule.maxImages) {
    const takes = rule.maxImages === 0 ? 'no images (text to video only)' : `at most ${rule.maxImages} image${rule.maxImages === 1 ? '' : 's'}`;
    throw invalidRequest(`${upstreamModel} takes ${takes}; got ${request.images.length}`, 'invalid_image');
  }
  const { content: givenContent, ...fields } = vendorFields(request, PASSED_FIELDS);
  const roles = rolesOf(request.images.length);
  const media = Array.isArray(givenContent)
    ? givenContent.filter((item) => asRecord(item).type !== 'text')
    : request.images.map((url, i) => ({ type: 'image_url', image_url: { url }, role: roles[i] }));
  const body: Record<string, unknown> = { model: upstreamModel, content: [{ type: 'text', text: request.prompt }, ...media] };
  if (request.duration !== undefined) body.duration = request.duration;
  Object.assign(body, sizeFields(request.body.size), fields);
  return body;
}

/**
 * Ark's error codes that are the channel's account's fault rather than the request's: an overdue balance
 * (403 AccountOverdueError) or a model the account has not activated (404 ModelNotOpen). Judged as a 429,
 * so another channel may take the job.
 */
const ACCOUNT_CODES = new Set(['AccountOverdueError', 'ModelNotOpen', 'OperationDenied.ServiceOverdue', 'OperationDenied.ServiceNotOpen']);

export const doubaoRefusal: RefusalJudge = (answer) => {
  const code = asString(asRecord(asRecord(answer.json).error).code);
  if (answer.status >= 400 && ACCOUNT_CODES.has(code)) return { status: 429, label: `HTTP ${answer.status} (${code})` };
  return null;
};

const FROM_ARK: Record<string, string> = {
  queued: TaskStatus.Queued,
  running: TaskStatus.InProgress,
  succeeded: TaskStatus.Success,
  failed: TaskStatus.Failure,
  cancelled: TaskStatus.Failure,
  expired: TaskStatus.Failure,
};

/** Why a job ended without running when Ark gives no error. */
const ENDED_WITHOUT_ERROR: Record<string, string> = {
  cancelled: 'the video job was cancelled upstream',
  expired: 'the video job expired upstream before it finished',
};

/** An Ark task (`{id, status, content: {video_url}, error: {code, message}, updated_at}`) in the gateway's terms. */
export function doubaoJobState(answer: unknown): VideoJobState {
  const job = asRecord(answer);
  const arkStatus = asString(job.status).toLowerCase();
  const status = FROM_ARK[arkStatus] ?? TaskStatus.Unknown;
  const error = asRecord(job.error);
  const [message, code] = [asString(error.message), asString(error.code)];
  const failReason = status !== TaskStatus.Failure ? '' : message || (code ? `the video job failed upstream (${code})` : (ENDED_WITHOUT_ERROR[arkStatus] ?? ''));
  // Ark's times are unix seconds.
  const updated = asNumber(job.updated_at);
  return { status, progress: '', finishTime: status === TaskStatus.Success || status === TaskStatus.Failure ? Math.floor(updated) : 0, failReason };
}

/**
 * Doubao video (channel type 54, ByteDance Seedance on Volcano Engine Ark): POST {base}/api/v3/contents/generations/tasks
 * with `Authorization: Bearer <key>`, answered `{id}`; read back with GET on the same path plus the id. The
 * finished video's link is `content.video_url`. Ark bills by tokens; the gateway charges per call (ModelPrice).
 */
export const doubaoVideoUpstream: VideoUpstream = {
  name: 'doubao',
  channelTypes: [ChannelType.DoubaoVideo],
  defaultBaseUrl: DOUBAO_DEFAULT_BASE_URL,

  async submit(deps, ep, request, upstreamModel) {
    const body = doubaoJobOf(request, upstreamModel);
    const outcome = await postTask(deps, ep, `${baseUrlOf(ep, this)}${TASKS_PATH}`, { authorization: `Bearer ${ep.key}` }, body, doubaoRefusal);
    if (outcome.kind === 'failed') return outcome;
    const answer = asRecord(outcome.value.json);
    return acceptedJob('Ark', 'id', asString(answer.id), doubaoJobState(answer), answer);
  },

  async poll(deps, ep, task) {
    const url = `${baseUrlOf(ep, this)}${TASKS_PATH}/${encodeURIComponent(task.taskId)}`;
    const res = await callUpstreamJson(deps.http, { method: 'GET', url, headers: { authorization: `Bearer ${ep.key}` }, proxy: ep.proxy });
    if (res.status === 404) return { kind: 'gone' };
    const answer = asRecord(res.json);
    if (res.status !== 200 || !asString(answer.status)) return { kind: 'unusable', status: res.status };
    return { kind: 'job', state: doubaoJobState(answer), raw: answer };
  },

  resultUrlOf(raw) {
    const url = asRecord(asRecord(raw).content).video_url;
    return typeof url === 'string' && url !== '' ? url : null;
  },
};
