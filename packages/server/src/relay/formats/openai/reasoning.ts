/**
 * Reasoning text of an assistant message or stream delta. The gateway and DeepSeek use
 * `reasoning_content`; OpenRouter, vLLM and some others name it `reasoning`.
 */
export function reasoningOf(message: { reasoning_content?: string | null; reasoning?: unknown } | undefined): string | undefined {
  if (!message) return undefined;
  if (typeof message.reasoning_content === 'string' && message.reasoning_content) return message.reasoning_content;
  return typeof message.reasoning === 'string' && message.reasoning ? message.reasoning : undefined;
}
