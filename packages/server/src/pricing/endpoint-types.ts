import { ChannelType, DEFAULT_ENDPOINTS, type EndpointInfo, type EndpointType } from '@gw/contracts';

const CHAT_SURFACES: readonly EndpointType[] = ['openai', 'openai-response', 'anthropic', 'gemini'];

/** Models that only embed, rerank or draw, told by name; everything else is a chat model. */
export function modelKindOf(model: string): 'embeddings' | 'jina-rerank' | 'image-generation' | 'chat' {
  const name = model.toLowerCase();
  if (name.includes('rerank')) return 'jina-rerank';
  if (/embed|(^|[/-])(bge|m3e|gte)-/.test(name)) return 'embeddings';
  if (/(^|\/)(dall-e|gpt-image|imagen|flux|stable-diffusion|sdxl|cogview|wanx|seedream|kolors|midjourney)/.test(name)) return 'image-generation';
  return 'chat';
}

/** The surface a channel type speaks natively for a chat model. */
function nativeSurface(channelType: number, model: string): EndpointType {
  if (channelType === ChannelType.AnthropicClaude || channelType === ChannelType.AwsClaude) return 'anthropic';
  if (channelType === ChannelType.GoogleGemini) return 'gemini';
  if (channelType === ChannelType.VertexAi) return model.toLowerCase().includes('claude') ? 'anthropic' : 'gemini';
  return 'openai';
}

/**
 * The endpoint types a model can be called on (new-api's supported_endpoint_types), the usual one first.
 * The gateway converts between the chat surfaces, so a chat model is callable on all four; its channels'
 * native surfaces come first.
 */
export function endpointTypesOf(model: string, channelTypes: Iterable<number>): EndpointType[] {
  const kind = modelKindOf(model);
  if (kind !== 'chat') return [kind];
  const first = new Set<EndpointType>();
  for (const type of channelTypes) first.add(nativeSurface(type, model));
  return [...new Set([...first, ...CHAT_SURFACES])];
}

/**
 * A metadata entry's own endpoints (JSON text: type → path or {path, method}), or undefined when it has
 * none or the text is unreadable (never written by this code).
 */
export function ownEndpoints(text: string): Record<string, EndpointInfo> | undefined {
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const result: Record<string, EndpointInfo> = {};
  for (const [type, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === 'string') result[type] = { path: value, method: 'POST' };
    else if (value && typeof value === 'object' && typeof (value as { path?: unknown }).path === 'string') {
      const { path, method } = value as { path: string; method?: unknown };
      result[type] = { path, method: typeof method === 'string' && method.trim() ? method.trim().toUpperCase() : 'POST' };
    }
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The default path of a known endpoint type. */
export function defaultEndpoint(type: string): EndpointInfo | undefined {
  return (DEFAULT_ENDPOINTS as Record<string, EndpointInfo>)[type];
}
