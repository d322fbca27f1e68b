import { TaskStatus } from '@gw/contracts';
import { RelayError } from '../../relay/relay-error.js';
import type { TaskEndpoint } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import type { SubmitOutcome } from '../task-submit.js';
import type { VideoRequest } from './video-request.js';

/** What an upstream last said of a video job, in the gateway's terms. */
export interface VideoJobState {
  /** A TaskStatus. */
  status: string;
  /** A percent string ("50%"), or '' when the upstream reports none. */
  progress: string;
  /** Unix seconds the job finished, or 0 when the upstream does not say. */
  finishTime: number;
  /** Why the job failed (read only when `status` is a failure). */
  failReason: string;
}

/** A job the upstream accepted. */
export interface SubmittedVideoJob {
  /** The upstream's id of the job (the task id clients see). */
  id: string;
  state: VideoJobState;
  /** The upstream's answer as it came, kept as the task's `data`. */
  raw: unknown;
  /** The vendor's kind of job when reading it back depends on it (Kling's text2video / image2video). */
  action: string;
}

/** One look at a job: its state, gone (the upstream no longer knows it), or an answer that says nothing usable. */
export type VideoPoll =
  | { kind: 'job'; state: VideoJobState; raw: unknown }
  | { kind: 'gone' }
  | { kind: 'unusable'; status: number };

/** The stored facts about a job the poller hands back to its vendor. */
export interface VideoTaskRef {
  taskId: string;
  action: string;
}

/**
 * One vendor's video API: how a unified request becomes a job there, how a job is read back, and where its
 * finished video is. The vendor is chosen by the channel's type when the job is submitted and stored with
 * the task, so a job is always read back the way it was created.
 */
export interface VideoUpstream {
  readonly name: 'openai' | 'kling' | 'vidu' | 'doubao';
  readonly channelTypes: readonly number[];
  /** The vendor's public address, for channels left without a base URL ('' = the channel must have one). */
  readonly defaultBaseUrl: string;
  /**
   * Sends the job. A request the vendor cannot take (an unsupported duration, too many images) throws its
   * 400 RelayError before any call; a channel key it cannot use throws a ChannelConfigError.
   */
  submit(deps: TaskDeps, ep: TaskEndpoint, request: VideoRequest, upstreamModel: string): Promise<SubmitOutcome<SubmittedVideoJob>>;
  /** Reads one job (the call may throw UpstreamUnreachableError or ChannelConfigError). */
  poll(deps: TaskDeps, ep: TaskEndpoint, task: VideoTaskRef): Promise<VideoPoll>;
  /** The link to the finished video in a stored answer, if the vendor gives one. */
  resultUrlOf(raw: unknown): string | null;
  /** Where the finished video is read with the channel's key when the job holds no link (OpenAI's content route). */
  contentRequest?(ep: TaskEndpoint, taskId: string): { url: string; headers: Record<string, string> };
}

/** The channel's base URL, or the vendor's own when the channel has none. */
export function baseUrlOf(ep: TaskEndpoint, upstream: Pick<VideoUpstream, 'defaultBaseUrl'>): string {
  return ep.baseUrl || upstream.defaultBaseUrl;
}

/**
 * A job as the vendor accepted it: a 502 when its answer names no job (`idField` says what was missing), else the
 * job with its first state, "submitted" while the vendor says nothing more.
 */
export function acceptedJob(vendor: string, idField: string, id: string, state: VideoJobState, raw: unknown, action = ''): SubmitOutcome<SubmittedVideoJob> {
  if (!id) return { kind: 'failed', retry: false, error: new RelayError(502, 'bad_response_body', `${vendor} accepted the video job but gave it no ${idField}`, 'upstream') };
  return { kind: 'ok', value: { id, state: state.status === TaskStatus.Unknown ? { ...state, status: TaskStatus.Submitted } : state, raw, action } };
}
