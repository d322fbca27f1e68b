import type { TaskRow } from '../tasks.repository.js';
import { propertiesOf } from '../task-rows.js';
import { doubaoVideoUpstream } from './doubao/doubao-video.js';
import { klingVideoUpstream } from './kling/kling-video.js';
import { openAIVideoUpstream } from './openai/openai-video.js';
import type { VideoUpstream } from './video-upstream.js';
import { viduVideoUpstream } from './vidu/vidu-video.js';

/** Every vendor's video API; adding one is a folder and an entry here. */
const UPSTREAMS: readonly VideoUpstream[] = [openAIVideoUpstream, klingVideoUpstream, viduVideoUpstream, doubaoVideoUpstream];

/** Channel types that run video jobs: OpenAI-compatible (OpenAI, custom), Kling, Vidu, Doubao video. */
export const VIDEO_CHANNEL_TYPES: readonly number[] = UPSTREAMS.flatMap((u) => u.channelTypes);

/** The video API of a channel type, if it has one. */
export function videoUpstreamOfType(type: number): VideoUpstream | undefined {
  return UPSTREAMS.find((u) => u.channelTypes.includes(type));
}

/**
 * The video API a task was submitted to: the vendor stored with it (jobs from before vendors were stored
 * all went to OpenAI-compatible channels), so the task is read back the same way whatever its channel
 * became since.
 */
export function videoUpstreamOfTask(row: Pick<TaskRow, 'properties'>): VideoUpstream {
  const vendor = propertiesOf(row).vendor;
  return UPSTREAMS.find((u) => u.name === vendor) ?? openAIVideoUpstream;
}

/**
 * The public address of the video vendors that have one and no relay adapter (Kling, Vidu, Doubao video), for the
 * channel editor's default base URL; the relay's adapters answer for the others.
 */
export function videoChannelDefaults(type: number): { defaultBaseUrl: string } | undefined {
  const upstream = videoUpstreamOfType(type);
  return upstream?.defaultBaseUrl ? { defaultBaseUrl: upstream.defaultBaseUrl } : undefined;
}
