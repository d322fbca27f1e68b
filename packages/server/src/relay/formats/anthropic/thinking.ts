import type { ReasoningEffort } from '../openai/types.js';

/** Claude refuses a thinking budget below this. */
export const MIN_THINKING_BUDGET = 1024;

/**
 * Suggested budgets for OpenAI's reasoning_effort when a channel turns that mapping on
 * (pass them as `effortBudgets`); 'none' never enables thinking.
 */
export const CLAUDE_EFFORT_BUDGETS: Readonly<Partial<Record<ReasoningEffort, number>>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
  xhigh: 32768,
};

/**
 * Makes a thinking budget valid for Claude: at least MIN_THINKING_BUDGET and strictly below
 * max_tokens. When max_tokens leaves no room, max_tokens grows so the answer keeps its size.
 */
export function fitThinkingBudget(maxTokens: number, budget: number): { maxTokens: number; budgetTokens: number } {
  const budgetTokens = Math.max(MIN_THINKING_BUDGET, Math.floor(budget));
  if (maxTokens > budgetTokens) return { maxTokens, budgetTokens };
  return { maxTokens: budgetTokens + maxTokens, budgetTokens };
}

/** Approximate inverse: a Claude thinking budget as an OpenAI reasoning_effort. */
export function effortForBudget(budget: number): ReasoningEffort {
  if (budget <= 2048) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}
