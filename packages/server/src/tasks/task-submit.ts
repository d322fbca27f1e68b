import type { RoutableChannel } from '../channels/routing-table.js';
import { RelayError } from '../relay/relay-error.js';
import { maskHosts } from '../relay/pipeline/attempt-channel.js';
import type { ApiKeyPrincipal } from '../relay/pipeline/authenticate-api-key.js';
import { chooseTaskChannel, endpointOf, noChannel, type TaskEndpoint } from './task-channel.js';
import type { TaskDeps } from './task-deps.js';
import { UpstreamUnreachableError, callUpstreamJson, type UpstreamAnswer } from './upstream-json.js';

/** What one channel made of a submission: an answer to keep, or a failure that another channel may not repeat. */
export type SubmitOutcome<T> = { kind: 'ok'; value: T } | { kind: 'failed'; error: RelayError; retry: boolean };

export interface SubmitTarget {
  principal: ApiKeyPrincipal;
  /** Pricing and routing name (mj_imagine, suno_music, sora-2 …). */
  model: string;
  /** Channel types able to run the task. */
  types: readonly number[];
  /** The channel that must run it (a follow-up of an earlier task); no other is tried. */
  fixed: RoutableChannel | null;
  /** With `fixed`: the fingerprint of the key that ran the earlier task. */
  fixedKeyHint?: string;
}

/**
 * Sends a submission to channels in routing order until one answers: connection failures, 429 and 5xx
 * (except timeouts 504/524) move on to the next channel, up to RetryTimes more; anything else is final.
 */
export async function submitToChannels<T>(deps: TaskDeps, target: SubmitTarget, send: (endpoint: TaskEndpoint) => Promise<SubmitOutcome<T>>): Promise<{ endpoint: TaskEndpoint; value: T }> {
  const attempts = target.fixed || target.principal.pinnedChannelId !== null ? 1 : deps.options.get('RetryTimes') + 1;
  const tried = new Set<number>();
  let last: RelayError | null = null;
  for (let i = 0; i < attempts; i++) {
    const channel = target.fixed ?? chooseTaskChannel(deps, target.principal, target.model, target.types, tried);
    if (!channel) break;
    tried.add(channel.id);
    const endpoint = endpointOf(channel, target.fixed ? target.fixedKeyHint : '');
    const outcome = await send(endpoint);
    if (outcome.kind === 'ok') {
      deps.health.recordSuccess(channel.id);
      return { endpoint, value: outcome.value };
    }
    last = outcome.error;
    if (!outcome.retry) break;
    deps.health.recordFailure(channel.id);
  }
  throw last ?? noChannel(target.model, target.principal.group);
}

/**
 * How a vendor reads an answer whose HTTP status does not tell the whole story (an error inside a 200, or an
 * error that is the channel's fault rather than the caller's): the HTTP status it stands for and how to name
 * it in the message. Null: judge the answer by its HTTP status.
 */
export type RefusalJudge = (answer: UpstreamAnswer) => { status: number; label: string } | null;

/**
 * Posts JSON to a channel (through its proxy, if it has one) and sorts the answer into ok / retry /
 * final, the same for every task platform.
 */
export async function postTask(deps: TaskDeps, endpoint: TaskEndpoint, url: string, headers: Record<string, string>, body: unknown, judge?: RefusalJudge): Promise<SubmitOutcome<UpstreamAnswer>> {
  let answer: UpstreamAnswer;
  try {
    answer = await callUpstreamJson(deps.http, { method: 'POST', url, headers, body, proxy: endpoint.proxy });
  } catch (err) {
    if (err instanceof UpstreamUnreachableError) return { kind: 'failed', retry: true, error: new RelayError(502, 'do_request_failed', `upstream connection failed: ${err.message}`, 'upstream') };
    throw err;
  }
  const verdict = judge?.(answer);
  if (verdict) return refusedBy(verdict.status, upstreamMessage(answer), verdict.label);
  if (answer.status >= 200 && answer.status < 300) return { kind: 'ok', value: answer };
  return refusedBy(answer.status, upstreamMessage(answer));
}

/**
 * A refusal that stands for HTTP `status`: 429, 307 and 5xx (except timeouts 504/524) may go to another
 * channel; the caller sees a 4xx of theirs as it is, anything else (the channel's credentials, rate or
 * failure) as a 502. `label` names the refusal in the message ("HTTP 400", "code 1301").
 */
export function refusedBy(status: number, detail: string, label = `HTTP ${status}`): SubmitOutcome<never> {
  const retry = status === 429 || status === 307 || (status >= 500 && status !== 504 && status !== 524);
  const text = maskHosts(detail).slice(0, 500);
  const clientStatus = status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429 ? status : 502;
  return { kind: 'failed', retry, error: new RelayError(clientStatus, 'upstream_error', `the upstream answered ${label}${text ? `: ${text}` : ''}`, 'upstream') };
}

/** The most telling message of an upstream error answer (its description / message / error text). */
export function upstreamMessage(answer: UpstreamAnswer): string {
  const j = answer.json as Record<string, unknown> | undefined;
  if (j && typeof j === 'object') {
    const err = j.error as Record<string, unknown> | string | undefined;
    for (const v of [j.description, j.message, typeof err === 'string' ? err : err?.message, j.detail]) if (typeof v === 'string' && v) return v;
  }
  return answer.text.slice(0, 300);
}
