/** Coze v3 chat API wire types (POST /v3/chat and its stream events). */

/** One item of an `object_string` message: text, or an image/file Coze fetches from a URL. */
export type CozeObjectStringItem = { type: 'text'; text: string } | { type: 'image' | 'file'; file_url: string };

/** An entry of `additional_messages`. `content` is the text, or for object_string the JSON text of the item list. */
export interface CozeEnterMessage {
  role: 'user' | 'assistant';
  type: 'question' | 'answer';
  content: string;
  content_type: 'text' | 'object_string';
}

export interface CozeChatRequest {
  bot_id: string;
  user_id: string;
  additional_messages: CozeEnterMessage[];
  stream: true;
}

export interface CozeUsage {
  token_count?: number;
  output_count?: number;
  input_count?: number;
}

/** `{code, msg}`: the error of an answer body, a stream `error` event or a chat's `last_error` (code 0 = none). */
export interface CozeError {
  code?: number;
  msg?: string;
}

/** The chat object of the `conversation.chat.*` events. */
export interface CozeChat {
  id?: string;
  conversation_id?: string;
  bot_id?: string;
  created_at?: number;
  status?: string;
  last_error?: CozeError | null;
  usage?: CozeUsage | null;
}

/** The message object of the `conversation.message.*` events. */
export interface CozeMessage {
  id?: string;
  chat_id?: string;
  role?: string;
  /** answer, function_call, tool_output, tool_response, follow_up, verbose, knowledge… */
  type?: string;
  content?: string;
  content_type?: string;
  reasoning_content?: string;
}
