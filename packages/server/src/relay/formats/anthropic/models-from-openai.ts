/** An OpenAI model entry (`GET /v1/models`): what the Anthropic and Gemini lists are made from. */
export interface OpenAIModelEntry {
  id: string;
  /** Unix seconds. */
  created: number;
}

export interface AnthropicModel {
  type: 'model';
  id: string;
  display_name: string;
  /** RFC 3339. */
  created_at: string;
}

export interface AnthropicModelList {
  data: AnthropicModel[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

/** One model as Anthropic's `GET /v1/models/{id}` answers it. */
export function anthropicModel(entry: OpenAIModelEntry): AnthropicModel {
  return { type: 'model', id: entry.id, display_name: entry.id, created_at: new Date(entry.created * 1000).toISOString().replace('.000Z', 'Z') };
}

/** The whole list as one page of Anthropic's `GET /v1/models` (the gateway never pages). */
export function anthropicModelList(entries: readonly OpenAIModelEntry[]): AnthropicModelList {
  const data = entries.map(anthropicModel);
  return { data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false };
}
