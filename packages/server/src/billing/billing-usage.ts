/**
 * Token usage as billing sees it (the relay's `Usage` extends it; billing depends on nothing in the relay).
 *
 * `semantic` says how cache tokens relate to `promptTokens`:
 * - 'openai': promptTokens already includes cachedTokens and cacheCreationTokens;
 * - 'anthropic': promptTokens excludes them (Claude's input_tokens), cache tokens come on top.
 * reasoningTokens are part of completionTokens in both and are informational here.
 */
export interface BillingUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
  reasoningTokens: number;
  /** The part of cacheCreationTokens written for one hour (Claude), priced above the 5-minute writes. */
  cacheCreation1hTokens?: number;
  /** Uncached audio tokens within promptTokens, and audio tokens within completionTokens. */
  audioInputTokens?: number;
  audioOutputTokens?: number;
  /** Uncached image input tokens within promptTokens. */
  imageInputTokens?: number;
  /** Server-side tool calls the upstream ran and charges per call (web search, file search). */
  webSearchCalls?: number;
  fileSearchCalls?: number;
  /**
   * Seconds of audio a transcription reported instead of tokens (whisper-1); promptTokens already holds
   * their token equivalent (see AUDIO_TOKENS_PER_MINUTE). Informational here.
   */
  audioSeconds?: number;
  /** Gemini answers grounded with Google Search (charged per grounded prompt). */
  googleSearchCalls?: number;
  semantic: 'openai' | 'anthropic';
}
