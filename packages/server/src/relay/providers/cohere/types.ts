/** Cohere API v2 wire types (chat, embed, rerank), only the fields the gateway reads or writes. */

export type CohereContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface CohereToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type CohereMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | CohereContentPart[] }
  | { role: 'assistant'; content?: string; tool_plan?: string; tool_calls?: CohereToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface CohereChatRequest {
  model: string;
  messages: CohereMessage[];
  stream: boolean;
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
  tool_choice?: 'REQUIRED' | 'NONE';
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  seed?: number;
  stop_sequences?: string[];
  frequency_penalty?: number;
  presence_penalty?: number;
  response_format?: { type: 'json_object'; json_schema?: Record<string, unknown> } | { type: 'text' };
  thinking?: { type: 'enabled' | 'disabled' };
}

export type CohereFinishReason = 'COMPLETE' | 'STOP_SEQUENCE' | 'MAX_TOKENS' | 'TOOL_CALL' | 'ERROR' | 'TIMEOUT';

export interface CohereUsage {
  billed_units?: { input_tokens?: number; output_tokens?: number; search_units?: number; classifications?: number };
  tokens?: { input_tokens?: number; output_tokens?: number };
}

export interface CohereChatResponse {
  id: string;
  finish_reason: CohereFinishReason;
  message: {
    role: 'assistant';
    content?: ({ type: 'text'; text: string } | { type: 'thinking'; thinking: string })[];
    tool_plan?: string;
    tool_calls?: CohereToolCall[];
  };
  usage?: CohereUsage;
}

/** One event of a v2 chat stream; `type` names it (also sent as the SSE event name). */
export interface CohereStreamEvent {
  type: string;
  id?: string;
  index?: number;
  delta?: {
    message?: {
      content?: { type?: string; text?: string; thinking?: string };
      tool_plan?: string;
      tool_calls?: { id?: string; type?: 'function'; function?: { name?: string; arguments?: string } };
    };
    finish_reason?: CohereFinishReason;
    usage?: CohereUsage;
  };
}

export interface CohereEmbedResponse {
  id: string;
  embeddings: { float?: number[][] };
  texts?: string[];
  meta?: CohereUsage & { api_version?: unknown };
}

export interface CohereRerankResponse {
  id: string;
  results: { index: number; relevance_score: number }[];
  meta?: CohereUsage & { api_version?: unknown };
}
