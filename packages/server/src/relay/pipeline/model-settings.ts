import type { OptionsService } from '../../options/options.service.js';
import { OptionsMemo } from '../../options/options-memo.js';
import type { ModelSettings } from '../providers/provider-adapter.js';
import { THINKING_SUFFIX } from '../../billing/model-name.js';

/** A model-keyed option map: the exact model wins, then "default". */
function byModel<T>(map: Record<string, T>, model: string): T | undefined {
  return map[model] ?? map.default;
}

/**
 * The model-specific settings (spec 2 §3) for one request. A `-thinking` model suffix turns on Claude's
 * extended thinking when the thinking adapter is enabled: the suffix is dropped from the upstream name
 * and the budget is the configured share of max_tokens.
 */
export function resolveModelSettings(options: OptionsService, model: string, maxTokens: number | undefined): { settings: ModelSettings; model: string } {
  if (model.endsWith(THINKING_SUFFIX)) return buildModelSettings(options, model, maxTokens);
  // Without the thinking suffix the settings depend on the model and the options only.
  return settingsByModel.get(options, model, () => buildModelSettings(options, model, maxTokens));
}

const settingsByModel = new OptionsMemo<{ settings: ModelSettings; model: string }>(2000);

function buildModelSettings(options: OptionsService, model: string, maxTokens: number | undefined): { settings: ModelSettings; model: string } {
  const defaultMaxTokens = byModel(options.get('claude.default_max_tokens'), model) ?? 8192;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(byModel(options.get('claude.model_headers_settings'), model) ?? {})) {
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  let upstreamModel = model;
  let thinkingBudget: number | null = null;
  if (options.get('claude.thinking_adapter_enabled') && model.endsWith(THINKING_SUFFIX)) {
    upstreamModel = model.slice(0, -THINKING_SUFFIX.length);
    const share = options.get('claude.thinking_adapter_budget_tokens_percentage');
    thinkingBudget = Math.max(1024, Math.floor((maxTokens ?? defaultMaxTokens) * share));
  }
  const safety = options.get('gemini.safety_settings');
  const threshold = safety.default ?? 'OFF';
  const categories = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_CIVIC_INTEGRITY'];
  return {
    model: upstreamModel,
    settings: {
      geminiSafetySettings: categories.map((category) => ({ category, threshold: safety[category] ?? threshold })),
      geminiVersion: byModel(options.get('gemini.version_settings'), model) ?? 'v1beta',
      claudeDefaultMaxTokens: defaultMaxTokens,
      claudeHeaders: headers,
      claudeThinkingBudget: thinkingBudget,
    },
  };
}

/**
 * The model's Claude headers with a Claude client's own: its `anthropic-beta` features join the configured
 * ones (Claude Code turns on interleaved thinking, 1M context and more this way), and its
 * `anthropic-version` applies unless claude.model_headers_settings sets one, as in new-api.
 */
export function withClientClaudeHeaders(settings: ModelSettings, client: Record<string, string>): ModelSettings {
  const headers = { ...settings.claudeHeaders };
  const nameOf = (wanted: string) => Object.keys(headers).find((name) => name.toLowerCase() === wanted);
  const version = client['anthropic-version'];
  if (version && nameOf('anthropic-version') === undefined) headers['anthropic-version'] = version;
  const beta = client['anthropic-beta'];
  if (beta) {
    const name = nameOf('anthropic-beta') ?? 'anthropic-beta';
    const features = [...(headers[name] ?? '').split(','), ...beta.split(',')].map((f) => f.trim()).filter(Boolean);
    headers[name] = [...new Set(features)].join(',');
  }
  return { ...settings, claudeHeaders: headers };
}
