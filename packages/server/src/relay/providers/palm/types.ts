/** PaLM 2 generateMessage wire types (generativelanguage v1beta2, model chat-bison-001). */

export interface PalmMessage {
  author: string;
  content: string;
}

export interface PalmRequest {
  prompt: { context?: string; messages: PalmMessage[] };
  temperature?: number;
  candidateCount: number;
  topP?: number;
  topK?: number;
}

export interface PalmContentFilter {
  reason?: string;
  message?: string;
}

export interface PalmResponse {
  candidates?: PalmMessage[];
  messages?: PalmMessage[];
  /** Why candidates were held back (reason SAFETY, OTHER…); with no candidates left there is no answer. */
  filters?: PalmContentFilter[];
  error?: { code?: number; message?: string; status?: string };
}
