/**
 * Perplexity's usage: `citation_tokens` (the search results read, billed as input) lie outside
 * prompt_tokens, `reasoning_tokens` (Deep Research's research phase) outside completion_tokens, and
 * `num_search_queries` counts the web searches run. Its total_tokens is prompt plus completion only.
 */
import type { Usage } from '../../formats/usage.js';
import { usageFromAnswer } from '../openai-compatible/index.js';

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** The billing usage of a Perplexity usage object: every token counted once, searches as web search calls. */
export function perplexityUsage(u: Record<string, unknown>): Usage | undefined {
  const usage = usageFromAnswer(u);
  if (!usage) return undefined;
  const reasoning = count(u.reasoning_tokens);
  usage.promptTokens += count(u.citation_tokens);
  usage.completionTokens += reasoning;
  usage.reasoningTokens += reasoning;
  const searches = count(u.num_search_queries);
  if (searches) usage.webSearchCalls = searches;
  return usage;
}
