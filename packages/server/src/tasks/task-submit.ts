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
 * Posts JSON to a channel (through its proxy, if it has one) and sorts the answer into ok / retry /
 * final, the same for every task platform.
 */
export async function postTask(deps: TaskDeps, endpoint: TaskEndpoint, url: string, headers: Record<string, string>, body: unknown): Promise<SubmitOutcome<UpstreamAnswer>> {
  let answer: UpstreamAnswer;
  try {
    answer = await callUpstreamJson(deps.http, { method: 'POST', url, headers, body, proxy: endpoint.proxy });
  } catch (err) {
    if (err instanceof UpstreamUnreachableError) return { kind: 'failed', retry: true, error: new RelayError(502, 'do_request_failed', `upstream connection failed: ${err.message}`, 'upstream') };
    throw err;
  }
  if (answer.status >= 200 && answer.status < 300) return { kind: 'ok', value: answer };
  const retry = answer.status === 429 || answer.status === 307 || (answer.status >= 500 && answer.status !== 504 && answer.status !== 524);
  const detail = maskHosts(upstreamMessage(answer)).slice(0, 500);
  const status = answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403 && answer.status !== 429 ? answer.status : 502;
  return { kind: 'failed', retry, error: new RelayError(status, 'upstream_error', `the upstream answered HTTP ${answer.status}${detail ? `: ${detail}` : ''}`, 'upstream') };
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
