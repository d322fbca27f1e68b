import type { ChannelSettings } from '@gw/contracts';
import type { RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';

type Json = Record<string, unknown>;

/** Request fields that change what the upstream charges or where it runs, and the switch that lets each through. */
const GUARDED = [
  ['service_tier', 'allow_service_tier'],
  ['safety_identifier', 'allow_safety_identifier'],
  ['inference_geo', 'allow_inference_geo'],
  ['speed', 'allow_speed'],
] as const;

const ENDPOINTS: ReadonlySet<RelayEndpoint> = new Set<RelayEndpoint>(['chat', 'completions', 'responses', 'responses.compact', 'claude.messages']);

/**
 * The request as the channel lets it through (new-api's field filtering): `service_tier` (a priority tier
 * bills more upstream than the gateway charges), `safety_identifier`, `inference_geo`, `speed` and
 * `stream_options.include_obfuscation` are dropped unless the channel's `allow_*` switch is on; `store` is
 * dropped only with `disable_store`. Chat, completions, Responses and Claude Messages requests; a changed
 * body drops the client's bytes, so it is the one sent (pass-through mode still sends the bytes as they came).
 */
export function withChannelFieldPolicy(body: RelayBody, endpoint: RelayEndpoint, settings: ChannelSettings): RelayBody {
  if (body.kind !== 'json' || !ENDPOINTS.has(endpoint)) return body;
  const json = body.json;
  let out: Json | undefined;
  for (const [field, allow] of GUARDED) {
    if (json[field] !== undefined && settings[allow] !== true) {
      out ??= { ...json };
      delete out[field];
    }
  }
  if (json.store !== undefined && settings.disable_store === true) {
    out ??= { ...json };
    delete out.store;
  }
  const streamOptions = json.stream_options;
  if (typeof streamOptions === 'object' && streamOptions !== null && 'include_obfuscation' in streamOptions && settings.allow_include_obfuscation !== true) {
    const { include_obfuscation: _dropped, ...rest } = streamOptions as Json;
    out ??= { ...json };
    out.stream_options = rest;
  }
  return out ? { kind: 'json', json: out } : body;
}
