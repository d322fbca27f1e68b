/**
 * OpenAI Chat Completions wire format: the gateway's internal "hub" format. Every other format is
 * translated to and from these shapes. Objects a real client may extend carry an index signature
 * so unknown fields pass through untouched.
 */

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

export interface ChatTextPart {
  type: 'text';
  text: string;
  [key: string]: unknown;
}

export interface ChatImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
  [key: string]: unknown;
}

export interface ChatAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: string };
  [key: string]: unknown;
}

export interface ChatFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
  [key: string]: unknown;
}

export interface ChatRefusalPart {
  type: 'refusal';
  refusal: string;
}

export type ChatContentPart = ChatTextPart | ChatImagePart | ChatAudioPart | ChatFilePart | ChatRefusalPart;

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  [key: string]: unknown;
}

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';

export interface ChatMessage {
  role: ChatRole;
  content?: string | ChatContentPart[] | null;
  name?: string;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  refusal?: string | null;
  /** Reasoning text some providers (and this gateway) return beside the answer. */
  reasoning_content?: string | null;
  [key: string]: unknown;
}

export interface ChatFunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
  [key: string]: unknown;
}

export type ChatToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export type ChatResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null };
    };

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  n?: number | null;
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  stop?: string | string[] | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  seed?: number | null;
  user?: string;
  tools?: ChatFunctionTool[];
  tool_choice?: ChatToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: ChatResponseFormat;
  reasoning_effort?: ReasoningEffort | null;
  metadata?: Record<string, string> | null;
  [key: string]: unknown;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number; [key: string]: unknown } | null;
  completion_tokens_details?: {
    reasoning_tokens?: number;
    audio_tokens?: number;
    accepted_prediction_tokens?: number;
    rejected_prediction_tokens?: number;
    [key: string]: unknown;
  } | null;
  [key: string]: unknown;
}

export interface ChatResponseMessage {
  role: 'assistant';
  content: string | null;
  refusal?: string | null;
  tool_calls?: ChatToolCall[];
  reasoning_content?: string;
  [key: string]: unknown;
}

export interface ChatChoice {
  index: number;
  message: ChatResponseMessage;
  finish_reason: FinishReason | null;
  logprobs?: unknown;
  [key: string]: unknown;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: ChatChoice[];
  usage?: OpenAIUsage;
  system_fingerprint?: string | null;
  [key: string]: unknown;
}

export interface ChatToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
  [key: string]: unknown;
}

export interface ChatDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string | null;
  refusal?: string | null;
  tool_calls?: ChatToolCallDelta[];
  [key: string]: unknown;
}

export interface ChatChunkChoice {
  index: number;
  delta: ChatDelta;
  finish_reason: FinishReason | null;
  logprobs?: unknown;
  [key: string]: unknown;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: ChatChunkChoice[];
  usage?: OpenAIUsage | null;
  system_fingerprint?: string | null;
  [key: string]: unknown;
}

export interface OpenAIErrorBody {
  error: {
    message: string;
    type: string;
    param: string | null;
    code: string | number | null;
    [key: string]: unknown;
  };
}

/**
 * One item of a converted OpenAI stream. An error body is what an OpenAI-style upstream sends as a
 * `data:` line when a stream fails after it started; the official client raises it as an APIError.
 */
export type OpenAIStreamItem = ChatCompletionChunk | OpenAIErrorBody;

export const isOpenAIErrorBody = (value: unknown): value is OpenAIErrorBody =>
  typeof value === 'object' && value !== null && 'error' in value && typeof (value as OpenAIErrorBody).error === 'object' && (value as OpenAIErrorBody).error !== null;
