/**
 * OpenAI's Responses compaction (`POST /v1/responses/compact`, new-api's RelayFormatOpenAIResponsesCompaction):
 * the request as it goes to a channel. The answer is one `response.compaction` object whose `usage` is
 * billed like a Responses answer; the endpoint has no stream.
 */
import { invalidRequest } from '../relay-error.js';
import type { RelayBody } from '../providers/provider-adapter.js';

/**
 * The request fields OpenAI documents for compaction (plus `parallel_tool_calls`, which new-api keeps).
 * Codex clients send their whole turn (`tools`, `reasoning`, `text`, sometimes `stream`); like new-api,
 * only these go upstream.
 */
const COMPACTION_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'input',
  'instructions',
  'previous_response_id',
  'parallel_tool_calls',
  'prompt_cache_key',
  'prompt_cache_options',
  'prompt_cache_retention',
  'service_tier',
]);

/**
 * The compaction request with only the documented fields. A body that has nothing else is returned as it
 * came, its bytes included (so pass-through mode and the relay's own fast path still send the client's
 * bytes); a multipart body is the caller's mistake.
 */
export function compactionBody(body: RelayBody): RelayBody {
  if (body.kind !== 'json') throw invalidRequest('/v1/responses/compact takes a JSON body');
  const keys = Object.keys(body.json);
  if (keys.every((key) => COMPACTION_FIELDS.has(key))) return body;
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (COMPACTION_FIELDS.has(key)) kept[key] = body.json[key];
  return { kind: 'json', json: kept };
}
