import { pricingNameCandidates } from './model-name.js';

/**
 * Completion ratio = output price / input price. Most models follow their vendor's fixed pattern, so a
 * rule table covers them (reference §4.2). A `locked` rule reflects the vendor's published price for a
 * whole family and wins over the CompletionRatio option; an unlocked rule is only a fallback that the
 * option's explicit entry overrides. Names containing "/" (aggregator names such as
 * `deepseek-ai/DeepSeek-R1`) take the explicit entry first, because families cannot be told from them.
 */
export interface CompletionRule {
  ratio: number;
  locked: boolean;
}

const locked = (ratio: number): CompletionRule => ({ ratio, locked: true });
const unlocked = (ratio: number): CompletionRule => ({ ratio, locked: false });

const DEFAULT_RULE = unlocked(1);

function openAiRule(name: string): CompletionRule | undefined {
  if (name.startsWith('gpt-4o')) {
    if (name === 'gpt-4o-2024-05-13') return locked(3);
    if (name.startsWith('gpt-4o-mini-tts')) return unlocked(20);
    return unlocked(4);
  }
  if (name.startsWith('gpt-5')) {
    if (!name.includes('.')) return locked(8);
    if (name.startsWith('gpt-5.4-nano')) return locked(6.25);
    if (name.startsWith('gpt-5.4')) return locked(6);
    return unlocked(6);
  }
  if (name.startsWith('gpt-4.5-preview')) return locked(2);
  if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106') || name.endsWith('gpt-4-1105')) return locked(3);
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return locked(3);
    if (name.endsWith('1106')) return locked(2);
    return locked(4 / 3);
  }
  if (name.startsWith('gpt-')) return unlocked(2);
  if (name.startsWith('o1') || name.startsWith('o3')) return locked(4);
  if (name === 'chatgpt-4o-latest') return locked(3);
  return undefined;
}

const CLAUDE_FAMILIES = ['claude-3', 'claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4'];

function geminiRule(name: string): CompletionRule | undefined {
  if (!name.startsWith('gemini-')) return undefined;
  if (name.startsWith('gemini-1.5') || name.startsWith('gemini-2.0')) return locked(4);
  if (name.startsWith('gemini-2.5-pro')) return unlocked(8);
  if (name.startsWith('gemini-2.5-flash-lite')) return unlocked(4);
  if (name.startsWith('gemini-2.5-flash-preview')) return unlocked(name.endsWith('-nothinking') ? 4 : 3.5 / 0.15);
  if (name.startsWith('gemini-2.5-flash')) return unlocked(2.5 / 0.3);
  if (name.startsWith('gemini-3-pro-image')) return unlocked(60);
  if (name.startsWith('gemini-3-pro')) return unlocked(6);
  return unlocked(4);
}

const COHERE_RULES: Record<string, CompletionRule> = {
  'command-r': locked(3),
  'command-r-plus': locked(5),
  'command-r-08-2024': locked(4),
  'command-r-plus-08-2024': locked(4),
};

const ERNIE_TWO_X_PREFIXES = ['ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'];

/** The built-in rule for a (normalised) model name. */
export function completionRule(name: string): CompletionRule {
  if (name.endsWith('-all') || name.endsWith('-gizmo-*')) return unlocked(2);
  const openAi = openAiRule(name);
  if (openAi) return openAi;
  if (CLAUDE_FAMILIES.some((family) => name.includes(family))) return locked(5);
  const gemini = geminiRule(name);
  if (gemini) return gemini;
  if (name.startsWith('mistral-')) return unlocked(3);
  if (name.startsWith('command')) return COHERE_RULES[name] ?? unlocked(4);
  if (ERNIE_TWO_X_PREFIXES.some((prefix) => name.startsWith(prefix))) return locked(2);
  return DEFAULT_RULE;
}

function explicitRatio(table: Readonly<Record<string, number>>, candidates: string[]): number | undefined {
  for (const name of candidates) {
    if (Object.hasOwn(table, name) && typeof table[name] === 'number') return table[name];
  }
  return undefined;
}

/** The completion ratio billed for `model`, given the CompletionRatio option table. */
export function completionRatioOf(model: string, table: Readonly<Record<string, number>>): number {
  const candidates = pricingNameCandidates(model);
  const name = candidates[0]!;
  const explicit = explicitRatio(table, candidates);
  if (name.includes('/') && explicit !== undefined) return explicit;
  const rule = completionRule(name);
  if (rule.locked) return rule.ratio;
  return explicit ?? rule.ratio;
}
