import { invalidRequest } from '../relay-error.js';
import type { RelayBody } from '../providers/provider-adapter.js';
import { assertModelAllowed, type ApiKeyPrincipal } from './authenticate-api-key.js';
import { acceptsUnpricedModels, currentPrice } from './pricing.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';

/** At most this many models in a request's own `models` list (the first one included). */
export const MAX_REQUEST_MODELS = 10;

/** A request with its fallback models taken out of the body: the models to try after `input.model`. */
export interface WithFallbacks {
  input: RelayInput;
  fallbacks: string[];
}

/**
 * The models to try, in order, when every channel of the requested model failed (or it has none): the
 * request's own `models` list (OpenRouter's; taken out of the body so no upstream sees it; a request with
 * no `model` is for its first entry; an empty list counts as none), else the ModelFallbacks option's list
 * for the model. A request's list is the caller's choice, so a model in it that the key may not use or that
 * has no price is refused up front; the operator's list just skips such models. A request pinned to a
 * channel (`sk-KEY-ID`) has no fallbacks.
 */
export function withFallbacks(deps: Pick<RelayDeps, 'options'>, received: RelayInput): WithFallbacks {
  const body = received.body.kind === 'json' && received.body.json.models !== undefined ? received.body.json : undefined;
  const listed = body ? requestModels(body) : [];
  let input = received;
  if (body) {
    const { models: _models, route: _route, ...json } = body;
    const model = received.model || (listed[0] ?? '');
    input = { ...received, model, body: { kind: 'json', json: typeof json.model === 'string' || !received.model ? { ...json, model } : json } };
  }
  if (input.principal.pinnedChannelId !== null) return { input, fallbacks: [] };
  const p = input.principal;
  if (listed.length > 0) {
    const fallbacks = unique(listed.filter((m) => m !== input.model));
    for (const m of fallbacks) {
      assertModelAllowed(p, m);
      if (!isPriced(deps, p, m)) throw invalidRequest(`the fallback model ${m} has no price set; ask the administrator to set one`, 'model_price_error');
    }
    return { input, fallbacks };
  }
  const configured: Record<string, string[]> = deps.options.get('ModelFallbacks');
  const list = Object.hasOwn(configured, input.model) ? configured[input.model] : undefined;
  if (!list || list.length === 0) return { input, fallbacks: [] };
  return { input, fallbacks: unique(list.filter((m) => m !== input.model && (!p.modelLimits || p.modelLimits.has(m)) && isPriced(deps, p, m))) };
}

/** `input` asking for `model` instead: the body says so too (and is no longer the client's bytes). */
export function forModel(input: RelayInput, principal: ApiKeyPrincipal, model: string): RelayInput {
  return { ...input, model, principal, body: withBodyModel(input.body, model), requestedModel: input.model };
}

function withBodyModel(body: RelayBody, model: string): RelayBody {
  if (body.kind === 'multipart') return { kind: 'multipart', fields: body.fields.map((f) => (f.name === 'model' ? { ...f, value: model } : f)) };
  // A Gemini-native body names no model (its path does): nothing to rewrite there.
  return { kind: 'json', json: typeof body.json.model === 'string' ? { ...body.json, model } : body.json };
}

/** A request's `models` list, checked (null or empty: no fallbacks, but the field still goes). */
function requestModels(json: Record<string, unknown>): string[] {
  const models = json.models;
  if (models === null) return [];
  if (!Array.isArray(models)) throw invalidRequest('models must be an array of model names', 'invalid_models');
  if (models.length > MAX_REQUEST_MODELS) throw invalidRequest(`models may list at most ${MAX_REQUEST_MODELS} models`, 'invalid_models');
  for (const m of models) {
    if (typeof m !== 'string' || m.trim() === '') throw invalidRequest('each entry of models must be a model name', 'invalid_models');
    if (m.length > 200) throw invalidRequest('a model name in models is too long', 'invalid_models');
  }
  return (models as string[]).map((m) => m.trim());
}

function isPriced(deps: Pick<RelayDeps, 'options'>, principal: ApiKeyPrincipal, model: string): boolean {
  return currentPrice(deps.options, model, principal.group, acceptsUnpricedModels(deps.options, principal), principal.userGroup).mode !== 'unpriced';
}

const unique = (models: string[]): string[] => [...new Set(models)];
