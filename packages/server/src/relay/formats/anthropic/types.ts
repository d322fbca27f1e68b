/**
 * Anthropic Messages API wire format (POST /v1/messages, streaming and not). Field names follow the
 * public API exactly; objects a client or a newer API version may extend keep an index signature.
 */

export interface ClaudeCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export interface ClaudeTextBlock {
  type: 'text';
  text: string;
  cache_control?: ClaudeCacheControl | null;
  citations?: unknown[] | null;
  [key: string]: unknown;
}

export type ClaudeImageSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

export interface ClaudeImageBlock {
  type: 'image';
  source: ClaudeImageSource;
  cache_control?: ClaudeCacheControl | null;
  [key: string]: unknown;
}

export interface ClaudeDocumentBlock {
  type: 'document';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } | { type: 'text'; media_type: 'text/plain'; data: string };
  title?: string | null;
  cache_control?: ClaudeCacheControl | null;
  [key: string]: unknown;
}

export interface ClaudeToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  cache_control?: ClaudeCacheControl | null;
  [key: string]: unknown;
}

export interface ClaudeToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<ClaudeTextBlock | ClaudeImageBlock>;
  is_error?: boolean;
  cache_control?: ClaudeCacheControl | null;
  [key: string]: unknown;
}

export interface ClaudeThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface ClaudeRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type ClaudeContentBlock =
  | ClaudeTextBlock
  | ClaudeImageBlock
  | ClaudeDocumentBlock
  | ClaudeToolUseBlock
  | ClaudeToolResultBlock
  | ClaudeThinkingBlock
  | ClaudeRedactedThinkingBlock;

export interface ClaudeMessageParam {
  role: 'user' | 'assistant';
  content: string | ClaudeContentBlock[];
}

export interface ClaudeTool {
  name: string;
  description?: string;
  input_schema: { type: 'object'; properties?: unknown; required?: string[]; [key: string]: unknown };
  /** Absent or 'custom' for client tools; server tools (web search, bash…) carry their own type. */
  type?: string;
  cache_control?: ClaudeCacheControl | null;
  [key: string]: unknown;
}

export type ClaudeToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

export type ClaudeThinkingConfig = { type: 'enabled'; budget_tokens: number } | { type: 'disabled' };

export interface ClaudeRequest {
  model: string;
  messages: ClaudeMessageParam[];
  max_tokens: number;
  system?: string | ClaudeTextBlock[];
  metadata?: { user_id?: string | null };
  stop_sequences?: string[];
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  tools?: ClaudeTool[];
  tool_choice?: ClaudeToolChoice;
  thinking?: ClaudeThinkingConfig;
  [key: string]: unknown;
}

export type ClaudeStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export interface ClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number } | null;
  /** Server tools Claude ran (web search is charged per request). */
  server_tool_use?: { web_search_requests?: number; web_fetch_requests?: number } | null;
  [key: string]: unknown;
}

export type ClaudeResponseBlock = ClaudeTextBlock | ClaudeToolUseBlock | ClaudeThinkingBlock | ClaudeRedactedThinkingBlock;

export interface ClaudeMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ClaudeResponseBlock[];
  stop_reason: ClaudeStopReason | null;
  stop_sequence: string | null;
  usage: ClaudeUsage;
  [key: string]: unknown;
}

export type ClaudeBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

/** Usage in message_delta: cumulative counts; only output_tokens is always present. */
export interface ClaudeDeltaUsage {
  output_tokens: number;
  input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  server_tool_use?: ClaudeUsage['server_tool_use'];
  [key: string]: unknown;
}

export interface ClaudeErrorDetail {
  type: string;
  message: string;
}

export type ClaudeStreamEvent =
  | { type: 'message_start'; message: ClaudeMessage }
  | { type: 'content_block_start'; index: number; content_block: ClaudeResponseBlock }
  | { type: 'content_block_delta'; index: number; delta: ClaudeBlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: ClaudeStopReason | null; stop_sequence: string | null }; usage: ClaudeDeltaUsage }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: ClaudeErrorDetail };

export interface ClaudeErrorBody {
  type: 'error';
  error: ClaudeErrorDetail;
  request_id?: string;
  [key: string]: unknown;
}
