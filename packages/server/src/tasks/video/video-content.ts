import { RelayError, invalidRequest } from '../../relay/relay-error.js';
import { channelProxyOf } from '../../channels/channel-setting.js';
import { endpointOf } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { TaskStatus } from '../task-status.js';
import type { TaskRow } from '../tasks.repository.js';
import { callUpstreamStream, discardUpstreamFile, type UpstreamFile } from '../upstream-stream.js';
import { upstreamVideoUrlOf } from './video-dto.js';
import { videoStatusOf } from './video-status.js';
import { videoUpstreamOfTask } from './video-upstreams.js';

/**
 * Opens the finished video of a task for streaming to its owner. An upstream that put its own link in the
 * job (Kling, Vidu, Doubao video, some OpenAI-compatible ones) is read from that link, without the key (it may be
 * another host); OpenAI serves it at GET {base}/v1/videos/{id}/content with the channel's key. Both go
 * through the channel's proxy when it has one. A `range` is passed on, so players can seek (the upstream
 * may then answer 206).
 */
export async function openVideoContent(deps: TaskDeps, row: TaskRow, range?: string): Promise<UpstreamFile> {
  if (row.status !== TaskStatus.Success) {
    throw invalidRequest(`video task ${row.task_id} is not completed yet (status ${videoStatusOf(row.status)})`, 'video_not_ready');
  }
  const headers: Record<string, string> = range ? { range } : {};
  const channel = deps.routing.table.channel(row.channel_id);
  let url = upstreamVideoUrlOf(row);
  if (!url || !/^https?:\/\//i.test(url)) {
    const upstream = videoUpstreamOfTask(row);
    if (!upstream.contentRequest) throw new RelayError(502, 'upstream_error', `the upstream gave no link to the video of task ${row.task_id}`, 'upstream');
    if (!channel) throw new RelayError(503, 'channel_unavailable', `the channel that ran video task ${row.task_id} is disabled or no longer exists`, 'gateway');
    const own = upstream.contentRequest(endpointOf(channel, row.channel_key_hint), row.task_id);
    url = own.url;
    Object.assign(headers, own.headers);
  }
  // The upstream's own link too goes through the channel's proxy (it may be reachable only that way).
  const file = await callUpstreamStream(deps.http, url, headers, channel ? channelProxyOf(channel) : undefined);
  if (file.status !== 200 && file.status !== 206) {
    discardUpstreamFile(file);
    throw new RelayError(502, 'upstream_error', `the video could not be fetched from the upstream (HTTP ${file.status})`, 'upstream');
  }
  return file;
}
