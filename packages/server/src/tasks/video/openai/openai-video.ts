import { ChannelType } from '../../../channels/channel-types.js';
import { percent } from '../../task-status.js';
import { postTask } from '../../task-submit.js';
import { asNumber, asRecord, asString, callUpstreamJson } from '../../upstream-json.js';
import { taskStatusOfVideo } from '../video-status.js';
import { acceptedJob, baseUrlOf, type VideoJobState, type VideoUpstream } from '../video-upstream.js';

/** An OpenAI video job (`{id, status, progress, completed_at, error}`) in the gateway's terms; `defaultStatus` when it names none. */
export function openAIJobState(job: Record<string, unknown>, defaultStatus = ''): VideoJobState {
  const error = asRecord(job.error);
  return {
    status: taskStatusOfVideo(asString(job.status) || defaultStatus),
    progress: percent(job.progress),
    finishTime: asNumber(job.completed_at),
    failReason: asString(error.message) || asString(job.error),
  };
}

/**
 * OpenAI's video API and the upstreams that copy it (OpenAI and custom channels): the client's body goes
 * to POST {base}/v1/videos with the upstream model, the job is read with GET /v1/videos/{id}, and the
 * finished video is at /v1/videos/{id}/content with the key, unless the job carries its own link
 * (`url` or `video_url`, as some compatible upstreams do).
 */
export const openAIVideoUpstream: VideoUpstream = {
  name: 'openai',
  channelTypes: [ChannelType.OpenAI, ChannelType.Custom],
  defaultBaseUrl: '',

  async submit(deps, ep, request, upstreamModel) {
    const outcome = await postTask(deps, ep, `${baseUrlOf(ep, this)}/v1/videos`, { authorization: `Bearer ${ep.key}` }, { ...request.body, model: upstreamModel });
    if (outcome.kind === 'failed') return outcome;
    const job = asRecord(outcome.value.json);
    return acceptedJob('the upstream', 'id', asString(job.id), openAIJobState(job, 'queued'), job);
  },

  async poll(deps, ep, task) {
    const res = await callUpstreamJson(deps.http, { method: 'GET', url: `${baseUrlOf(ep, this)}/v1/videos/${encodeURIComponent(task.taskId)}`, headers: { authorization: `Bearer ${ep.key}` }, proxy: ep.proxy });
    if (res.status === 404) return { kind: 'gone' };
    if (res.status !== 200 || !res.json || typeof res.json !== 'object') return { kind: 'unusable', status: res.status };
    const job = asRecord(res.json);
    return { kind: 'job', state: openAIJobState(job), raw: job };
  },

  resultUrlOf(raw) {
    const job = asRecord(raw);
    const url = job.url ?? job.video_url;
    return typeof url === 'string' && url !== '' ? url : null;
  },

  contentRequest(ep, taskId) {
    return { url: `${baseUrlOf(ep, this)}/v1/videos/${encodeURIComponent(taskId)}/content`, headers: { authorization: `Bearer ${ep.key}` } };
  },
};
