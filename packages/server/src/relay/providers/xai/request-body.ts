/**
 * What the xAI adapter changes in a request body before it goes to xAI: new-api's model-name suffixes
 * (`-search` now through the Responses API's web_search tool, since xAI removed chat's Live Search), the
 * deprecated max_tokens, and the image fields xAI does not take.
 */
import type { AdapterContext } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

const SEARCH_SUFFIX = '-search';
const EFFORT_SUFFIX = /-(high|low)$/;
/** Image generation fields xAI documents as not supported. */
const UNSUPPORTED_IMAGE_FIELDS = ['size', 'style'];

/** new-api's `<model>-search`: a model xAI is to answer with web search on. */
export const isXaiSearchModel = (model: string): boolean => model.endsWith(SEARCH_SUFFIX) && model.length > SEARCH_SUFFIX.length;

/**
 * A model name without new-api's suffixes: whether it asked for web search (`-search`), and the reasoning
 * effort of a `grok-3-mini…-high` / `-low` (grok-3-mini is the only model that takes one; the others answer
 * an error, so a `-high` on another model is its name, not an effort).
 */
function splitModel(name: string): { model: string; search: boolean; effort?: string } {
  const search = isXaiSearchModel(name);
  let model = search ? name.slice(0, -SEARCH_SUFFIX.length) : name;
  const effort = model.startsWith('grok-3-mini') ? EFFORT_SUFFIX.exec(model) : null;
  if (effort) model = model.slice(0, effort.index);
  return { model, search, ...(effort ? { effort: effort[1] } : {}) };
}

/**
 * A chat body with new-api's suffix rules applied to its model: `grok-3-mini…-high` / `-low` is sent
 * without the suffix and with that `reasoning_effort`; a `-search` model is only stripped of its suffix
 * (it goes to the Responses API, see xaiResponsesBody: chat's Live Search answers 410 since xAI removed it).
 * `max_tokens`, which xAI's API deprecates for every model in favour of `max_completion_tokens` (the one
 * its reasoning models are documented with), is sent as the latter; a max_completion_tokens the client
 * gave wins.
 */
export function xaiChatBody(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const { model, effort } = splitModel(typeof body.model === 'string' ? body.model : '');
  if (model) out.model = model;
  if (effort) out.reasoning_effort = effort;
  if (out.max_tokens !== undefined) {
    if (out.max_tokens !== null && (out.max_completion_tokens === undefined || out.max_completion_tokens === null)) out.max_completion_tokens = out.max_tokens;
    delete out.max_tokens;
  }
  return out;
}

/**
 * A Responses body with the same suffix rules: `<model>-search` is sent as `<model>` with xAI's server-side
 * `{type: "web_search"}` tool added to `tools` (unless the client listed a web_search tool itself), and a
 * grok-3-mini effort suffix as `reasoning: {effort}` unless the client set reasoning.effort.
 */
export function xaiResponsesBody(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.model !== 'string') return body;
  const { model, search, effort } = splitModel(body.model);
  if (model === body.model) return body;
  const out: Record<string, unknown> = { ...body, model };
  if (search) {
    const tools = Array.isArray(body.tools) ? body.tools : [];
    if (!tools.some((tool) => isJsonObject(tool) && tool.type === 'web_search')) out.tools = [...tools, { type: 'web_search' }];
  }
  if (effort) {
    const reasoning = isJsonObject(body.reasoning) ? body.reasoning : {};
    if (reasoning.effort === undefined || reasoning.effort === null) out.reasoning = { ...reasoning, effort };
  }
  return out;
}

/** The body sent to xAI for an endpoint: the suffix rules on chat and responses, the image fields xAI does not take left out of image requests. */
export function xaiRequestBody(body: Record<string, unknown>, ctx: AdapterContext): Record<string, unknown> {
  if (ctx.endpoint === 'chat') return xaiChatBody(body);
  if (ctx.endpoint === 'responses') return xaiResponsesBody(body);
  if (ctx.endpoint === 'images.generations' && UNSUPPORTED_IMAGE_FIELDS.some((f) => f in body)) {
    const out = { ...body };
    for (const field of UNSUPPORTED_IMAGE_FIELDS) delete out[field];
    return out;
  }
  return body;
}
