/** Dify app API wire types for chat-messages (blocking answer and stream events). */

export interface DifyFile {
  type: 'image';
  transfer_method: 'remote_url';
  url: string;
}

export interface DifyChatRequest {
  inputs: Record<string, unknown>;
  query: string;
  response_mode: 'blocking' | 'streaming';
  user: string;
  conversation_id?: string;
  files?: DifyFile[];
}

export interface DifyUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  [key: string]: unknown;
}

export interface DifyChatResponse {
  event?: string;
  message_id?: string;
  id?: string;
  conversation_id?: string;
  answer?: string;
  metadata?: { usage?: DifyUsage };
  created_at?: number;
}

/** A stream event: the kind is in the JSON `event` field (the SSE lines carry only `data:`). */
export interface DifyStreamEvent {
  event: string;
  message_id?: string;
  conversation_id?: string;
  answer?: string;
  metadata?: { usage?: DifyUsage };
  status?: number;
  code?: string;
  message?: string;
}
