/** The model name sent to Gemini and the thinking its name asks for. */
import type { AdapterContext } from '../provider-adapter.js';

export interface GeminiThinking {
  /** 0 turns thinking off, -1 lets the model decide. */
  budgetTokens: number;
  includeThoughts: boolean;
}

export interface GeminiModelChoice {
  model: string;
  thinking?: GeminiThinking;
}

const BUDGET_SUFFIX = /^(.+)-thinking-(\d+)$/;

/**
 * new-api's model-name suffixes for Gemini thinking: `-thinking-<budget>` (that budget, thoughts
 * shown), `-nothinking` (off), `-thinking` (thoughts shown, budget left to the model). The pipeline
 * strips a bare `-thinking` itself when the thinking adapter is on and passes its budget, which then
 * applies here too.
 */
export function geminiModelChoice(ctx: AdapterContext): GeminiModelChoice {
  const name = ctx.upstreamModel;
  const withBudget = BUDGET_SUFFIX.exec(name);
  if (withBudget) return { model: withBudget[1], thinking: { budgetTokens: Number(withBudget[2]), includeThoughts: true } };
  if (name.endsWith('-nothinking')) return { model: name.slice(0, -'-nothinking'.length), thinking: { budgetTokens: 0, includeThoughts: false } };
  if (name.endsWith('-thinking')) return { model: name.slice(0, -'-thinking'.length), thinking: { budgetTokens: -1, includeThoughts: true } };
  const budget = ctx.settings.claudeThinkingBudget;
  return budget ? { model: name, thinking: { budgetTokens: budget, includeThoughts: true } } : { model: name };
}
