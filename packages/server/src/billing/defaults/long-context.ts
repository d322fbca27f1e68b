/**
 * Models whose whole request costs more once its prompt passes a size (Google and Anthropic price the
 * request by its prompt's tier: input, cache and output alike). Multipliers of the normal prices, from
 * the published long-context prices.
 */
export interface LongContextPrice {
  /** Prompt tokens (cache included) above which the long-context prices apply. */
  threshold: number;
  /** Multiplier of every input-side price (text, cache reads and writes, audio and image input). */
  input: number;
  /** Multiplier of the output prices. */
  output: number;
}

const tier = (names: readonly string[], threshold: number, input: number, output: number) => names.map((name) => [name, { threshold, input, output }] as const);

export const DEFAULT_LONG_CONTEXT_PRICE: Readonly<Record<string, LongContextPrice>> = Object.freeze(
  Object.fromEntries([
    // Gemini 2.5 Pro: $1.25 / $10 up to 200K prompt tokens, $2.50 / $15 above
    ...tier(['gemini-2.5-pro', 'gemini-2.5-pro-preview-03-25', 'gemini-2.5-pro-preview-05-06', 'gemini-2.5-pro-preview-06-05', 'gemini-2.5-pro-thinking-*'], 200_000, 2, 1.5),
    // Gemini 3 Pro: $2 / $12, above 200K $4 / $18
    ...tier(['gemini-3-pro-preview'], 200_000, 2, 1.5),
    // Claude Sonnet 4 and 4.5 with the 1M context window: $3 / $15, above 200K $6 / $22.50
    ...tier(['claude-sonnet-4-20250514', 'claude-sonnet-4-0', 'claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'], 200_000, 2, 1.5),
  ]),
);
