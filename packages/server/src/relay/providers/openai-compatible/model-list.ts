/** The console's "fetch models" for OpenAI-style upstreams: GET {base}{prefix}/models. */
import type { ChannelInfo, ProviderAdapter, UpstreamRequest } from '../provider-adapter.js';
import { badResponseBody } from './response-body.js';

type ModelList = NonNullable<ProviderAdapter['modelList']>;

/** Reads `{data: [{id}]}`, the OpenAI model list shape. */
export function parseOpenAIModelList(raw: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badResponseBody(raw.slice(0, 200));
  }
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw badResponseBody('no model list in the answer');
  return data.map((m: { id?: unknown }) => m?.id).filter((id): id is string => typeof id === 'string');
}

export function openAIModelList(request: (channel: ChannelInfo) => UpstreamRequest): ModelList {
  return { request, parse: parseOpenAIModelList };
}
