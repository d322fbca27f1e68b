import type { UpstreamErrorInfo } from '../providers/provider-adapter.js';
import { statusCodeListHas } from '../../platform/status-code-ranges.js';

/** Why an attempt on a channel failed, and what the pipeline should do about it. */
export interface FailureVerdict {
  /** Try another channel (when attempts remain and nothing was streamed yet). */
  retry: boolean;
  /** The channel is to blame: counts toward its cool-down; a user's own mistake never does. */
  channelFault: boolean;
  /** Grounds for automatic disabling (bad key, no balance, a configured keyword). */
  disableReason: string | null;
  kind: 'client' | 'policy' | 'upstream';
}

const CLIENT_STATUSES = new Set([400, 413, 422]);
const POLICY_MARKERS = ['content_policy', 'content_filter', 'moderation', 'safety', 'responsible_ai'];
const DISABLE_TYPES = new Set(['insufficient_quota', 'authentication_error', 'permission_error', 'billing_not_active', 'invalid_api_key', 'account_deactivated']);

/** A failure before any HTTP status (connection refused or reset, DNS, timeout). */
export function networkFailure(): FailureVerdict {
  return { retry: true, channelFault: true, disableReason: null, kind: 'upstream' };
}

/** The operator's rules for upstream errors (options AutomaticDisableKeywords / …StatusCodes / AutomaticRetryStatusCodes). */
export interface UpstreamErrorPolicy {
  disableKeywords: readonly string[];
  /** Statuses that are grounds for disabling the channel, `401,402` (platform/status-code-ranges.ts). */
  disableStatuses: string;
  /** Statuses after which another channel is tried. */
  retryStatuses: string;
}

export function upstreamErrorPolicy(options: { get(key: 'AutomaticDisableKeywords'): string[]; get(key: 'AutomaticDisableStatusCodes' | 'AutomaticRetryStatusCodes'): string }): UpstreamErrorPolicy {
  return { disableKeywords: options.get('AutomaticDisableKeywords'), disableStatuses: options.get('AutomaticDisableStatusCodes'), retryStatuses: options.get('AutomaticRetryStatusCodes') };
}

/**
 * Classifies an upstream error answer (after the channel's status-code mapping): 400/413/422 are the
 * caller's fault (no retry, not counted) unless they name the channel's key or account; content-policy
 * refusals likewise. Statuses in the disable list (default 401, 402), known key/account error types and
 * the disable keywords are grounds for disabling the channel. Everything else is the channel's fault,
 * tried again elsewhere when its status is in the retry list (default every non-2xx but the caller's) or it
 * is grounds for disabling.
 */
export function classifyUpstreamError(status: number, info: UpstreamErrorInfo, policy: UpstreamErrorPolicy): FailureVerdict {
  const marker = `${info.type ?? ''} ${info.code ?? ''}`.toLowerCase();
  if (POLICY_MARKERS.some((m) => marker.includes(m))) return { retry: false, channelFault: false, disableReason: null, kind: 'policy' };
  const keyword = matchKeyword(info.message, policy.disableKeywords);
  let disableReason: string | null = null;
  if (statusCodeListHas(policy.disableStatuses, status)) disableReason = `upstream answered ${status}: ${info.message}`;
  else if (DISABLE_TYPES.has(String(info.type)) || DISABLE_TYPES.has(String(info.code))) disableReason = `upstream error ${info.code ?? info.type}: ${info.message}`;
  else if (keyword) disableReason = `upstream message matched "${keyword}": ${info.message}`;
  // A 400 that names the channel's key or account (Gemini's API_KEY_INVALID) is the channel's fault.
  if (CLIENT_STATUSES.has(status) && !disableReason) return { retry: false, channelFault: false, disableReason: null, kind: 'client' };
  return { retry: disableReason !== null || statusCodeListHas(policy.retryStatuses, status), channelFault: true, disableReason, kind: 'upstream' };
}

function matchKeyword(message: string, keywords: readonly string[]): string | undefined {
  if (!message) return undefined;
  const lower = message.toLowerCase();
  return keywords.find((k) => k && lower.includes(k.toLowerCase()));
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), capped; undefined when absent or bad. */
export function retryAfterSeconds(value: string | string[] | undefined, maxSeconds = 3600): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0) return Math.min(Math.ceil(n), maxSeconds);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - Date.now()) / 1000)), maxSeconds);
}
